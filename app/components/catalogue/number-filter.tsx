import { Field, FieldError, Input } from "~/components/ui";
import type { InvalidFilter, NumberFilter } from "~/modules/catalogue/params";

/**
 * The one number box of a list's filters (price, area) for the public
 * catalogue, the broker catalogue and the admin list. A value the server
 * could not read (`readNumberFilter`) comes back as typed, marked invalid,
 * with its pt-BR message below it (server-rendered: JavaScript on or off);
 * only that filter is ignored. `hiddenLabel`: the label is read, not shown
 * (the public catalogue's grouped boxes).
 */
export function NumberFilterField({
  id,
  name,
  label,
  placeholder,
  value,
  bad,
  hiddenLabel = false,
}: {
  id: string;
  name: Exclude<NumberFilter, "bedrooms">;
  label: string;
  placeholder: string;
  /** the filter as the box shows it when it was read */
  value: string;
  bad?: InvalidFilter;
  hiddenLabel?: boolean;
}) {
  const input = (
    <Input
      id={id}
      name={name}
      aria-label={hiddenLabel ? label : undefined}
      inputMode="decimal"
      defaultValue={bad ? bad.value : value}
      placeholder={placeholder}
      maxLength={20}
      aria-invalid={bad ? true : undefined}
      aria-describedby={bad ? `${id}-error` : undefined}
    />
  );
  if (!hiddenLabel) {
    return (
      <Field label={label} htmlFor={id} error={bad?.message} className="min-w-0">
        {input}
      </Field>
    );
  }
  return (
    <div className="space-y-1">
      {input}
      <FieldError id={`${id}-error`} message={bad?.message} />
    </div>
  );
}
