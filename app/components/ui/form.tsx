import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import type { z } from "zod";
import "~/utils/zod-pt-br";
import { Field, Input, Options, Select, Textarea, cx } from "./index";

/**
 * The browser half of the one form pipeline (the server half is
 * `modules/platform/forms.server.ts`). A screen builds its form with
 * `useAppForm(schema, …)` on the same zod schema its action parses, renders
 * `<Form {...formProps(form)}>`, the fields below and `<FormSummary>`; after a
 * refused post the action's `submission.reply()` comes back as `lastResult`
 * and every field shows what was typed and its message, JavaScript on or
 * off (Conform renders the values and errors on the server too).
 */

type AnyResult = SubmissionResult<string[]>;

/**
 * The reply meant for one form of a screen that has several: the action's
 * result when it was posted with this `intent` (Conform returns what was
 * typed, the hidden intent included), else undefined.
 */
export function resultFor(actionData: unknown, intent?: string): AnyResult | undefined {
  if (!actionData || typeof actionData !== "object" || !("initialValue" in actionData || "error" in actionData)) return undefined;
  const result = actionData as AnyResult;
  if (intent === undefined) return result;
  return result.initialValue?.intent === intent ? result : undefined;
}

export function useAppForm<Schema extends z.ZodType>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: AnyResult | null;
    defaultValue?: Record<string, unknown>;
    /** When field messages appear while typing; the server always checks on submit. */
    shouldValidate?: "onSubmit" | "onBlur" | "onInput";
  },
) {
  return useForm({
    id: options.id,
    lastResult: options.lastResult ?? undefined,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: options.shouldValidate ?? "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** Props for the `<form>` (id, noValidate so the server's pt-BR messages show, aria-describedby to the summary). */
export function formProps(form: FormMetadata<Record<string, unknown>, string[]>) {
  return getFormProps(form);
}

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * What went wrong with the whole form (a failed send, a conflict) and a
 * pointer to the fields to fix (named when `labels` are given), linking the
 * first: read first by a screen reader, and the first thing seen after a
 * post without JavaScript. A field's message is shown once, beside it.
 */
export function FormSummary({ form, labels = {}, className }: { form: FormMetadata<Record<string, unknown>, string[]>; labels?: Record<string, string>; className?: string }) {
  const formErrors = form.errors ?? [];
  const fieldErrors = Object.entries(form.allErrors).filter(([name, messages]) => name !== "" && messages?.length);
  if (!formErrors.length && !fieldErrors.length) return null;
  const named = fieldErrors.map(([name]) => labels[name]).filter(Boolean);
  return (
    <div id={form.errorId} role="alert" className={cx("rounded-lg border border-danger-600/30 bg-danger-50 px-4 py-3 text-sm text-danger-700", className)}>
      {formErrors.map((message) => (
        <p key={message} className="font-semibold">
          {message}
        </p>
      ))}
      {fieldErrors.length ? (
        // each message is shown once, beside its field; the summary only points there (issue 24: never twice)
        <p className={cx("font-semibold", formErrors.length > 0 && "mt-2")}>
          <a className="underline" href={`#${form.id}-${fieldErrors[0][0]}`}>
            {fieldErrors.length === 1 ? "Corrija o campo marcado abaixo" : `Corrija os ${fieldErrors.length} campos marcados abaixo`}
            {named.length ? `: ${named.join(", ")}.` : "."}
          </a>
        </p>
      ) : null}
    </div>
  );
}

type FieldShell = { label: ReactNode; hint?: ReactNode; className?: string };

export function TextField({
  meta,
  type = "text",
  inputProps,
  ...shell
}: FieldShell & { meta: Meta; type?: "text" | "email" | "tel" | "url" | "number" | "password" | "date" | "datetime-local" | "time" | "search"; inputProps?: ComponentPropsWithoutRef<"input"> }) {
  return (
    <Field label={shell.label} hint={shell.hint} className={shell.className} htmlFor={meta.id} error={meta.errors}>
      <Input {...getInputProps(meta, { type, ariaAttributes: true })} {...inputProps} />
    </Field>
  );
}

export function TextAreaField({ meta, textareaProps, ...shell }: FieldShell & { meta: Meta; textareaProps?: ComponentPropsWithoutRef<"textarea"> }) {
  return (
    <Field label={shell.label} hint={shell.hint} className={shell.className} htmlFor={meta.id} error={meta.errors}>
      <Textarea {...getTextareaProps(meta, { ariaAttributes: true })} {...textareaProps} />
    </Field>
  );
}

export function SelectField({
  meta,
  options,
  placeholder,
  selectProps,
  ...shell
}: FieldShell & { meta: Meta; options: readonly { value: string; label: string }[]; placeholder?: string; selectProps?: ComponentPropsWithoutRef<"select"> }) {
  return (
    <Field label={shell.label} hint={shell.hint} className={shell.className} htmlFor={meta.id} error={meta.errors}>
      <Select {...getSelectProps(meta, { ariaAttributes: true })} {...selectProps}>
        <Options placeholder={placeholder} options={options} />
      </Select>
    </Field>
  );
}

/** A checkbox with its label beside it; sends "on" when ticked. */
export function CheckboxField({ meta, label, hint, className }: { meta: Meta; label: ReactNode; hint?: ReactNode; className?: string }) {
  const { type: _type, ...props } = getInputProps(meta, { type: "checkbox", ariaAttributes: true });
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={meta.id} className="flex items-center gap-2 text-sm text-slate-800">
        <input {...props} type="checkbox" className="size-4 rounded border-slate-300" />
        {label}
      </label>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <FieldError meta={meta} />
    </div>
  );
}

/**
 * A choice of a few options shown as radio cards in a grid (two per row),
 * the field's message under them; `defaultValue` is checked until the
 * visitor chose (or the reply brought back what they chose).
 */
export function RadioCardsField({
  meta,
  legend,
  options,
  defaultValue,
}: {
  meta: Meta;
  legend: ReactNode;
  options: readonly { value: string; label: string }[];
  defaultValue: string;
}) {
  const chosen = (meta.value as string | undefined) ?? defaultValue;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2">
        {options.map((option) => {
          const id = `${meta.id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                {...getInputProps(meta, { type: "radio", value: false, ariaAttributes: true })}
                id={id}
                value={option.value}
                defaultChecked={chosen === option.value}
                className="size-4 accent-brand-700"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      <FieldError meta={meta} className="mt-1" />
    </fieldset>
  );
}

/** A field's first message, where aria-describedby points (fields drawn by hand use it too). */
export function FieldError({ meta, className }: { meta: Meta; className?: string }) {
  return meta.errors?.[0] ? (
    <p id={meta.errorId} className={cx("text-sm text-danger-700", className)} role="alert">
      {meta.errors[0]}
    </p>
  ) : null;
}

/** A hidden value that the schema reads (ids, the intent); kept in the reply like any field. */
export function HiddenField({ name, value }: { name: string; value: string | number }) {
  return <input type="hidden" name={name} value={value} />;
}

/** The whole-form message of a reply (a refused action that has no field), for screens whose buttons are tiny forms. */
export function formErrorOf(actionData: unknown): string | undefined {
  return resultFor(actionData)?.error?.[""]?.[0];
}
