import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { Link } from "react-router";

/**
 * The design system's components. Every screen builds from these, so a
 * colour, a radius or a size changes in one place.
 */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

// ── buttons ───────────────────────────────────────────────────────────────
const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 [overflow-wrap:normal]";
const buttonVariants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  accent: "bg-accent-600 text-white hover:bg-accent-700",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  /** A destructive action that should not shout: delete on a row. */
  "ghost-danger": "text-danger-700 hover:bg-danger-50",
  danger: "bg-danger-600 text-white hover:bg-danger-700",
} as const;
const buttonSizes = { sm: "h-8 px-3 text-sm", md: "h-10 px-4 text-sm", lg: "h-12 px-6 text-base" } as const;

export type ButtonVariant = keyof typeof buttonVariants;
export function buttonClass(variant: ButtonVariant = "primary", size: keyof typeof buttonSizes = "md", extra?: string): string {
  return cx(buttonBase, buttonVariants[variant], buttonSizes[size], extra);
}

type ButtonProps = ComponentPropsWithoutRef<"button"> & {
  variant?: ButtonVariant;
  size?: keyof typeof buttonSizes;
  pending?: boolean;
};
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", pending = false, className, children, disabled, type = "button", ...rest },
  ref,
) {
  return (
    <button ref={ref} type={type} className={buttonClass(variant, size, className)} disabled={disabled || pending} aria-busy={pending || undefined} {...rest}>
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
});

/**
 * A submit button for a destructive post (delete, bulk delete). Without JavaScript the form posts
 * `confirm=""` and the server answers with its own confirmation step (which posts `confirm=yes`);
 * with JavaScript the browser asks here and, when the person agrees, the post carries `confirm=yes`.
 * `question` may return null to post without asking (e.g. nothing selected: the server says why).
 * Renders the form's one `confirm` field: the form must not have another.
 */
export function ConfirmButton({ question, onClick, ...rest }: Omit<ButtonProps, "type"> & { question: string | (() => string | null) }) {
  return (
    <>
      <input type="hidden" name="confirm" value="" />
      <Button
        type="submit"
        {...rest}
        onClick={(event) => {
          onClick?.(event);
          const text = typeof question === "function" ? question() : question;
          if (text === null || event.defaultPrevented) return;
          if (!window.confirm(text)) event.preventDefault();
          else (event.currentTarget.form?.elements.namedItem("confirm") as HTMLInputElement | null)?.setAttribute("value", "yes");
        }}
      />
    </>
  );
}

export function Spinner({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx("inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent", className)} />;
}

// ── form fields ───────────────────────────────────────────────────────────
export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-danger-600 disabled:bg-slate-100";

export const Input = forwardRef<HTMLInputElement, ComponentPropsWithoutRef<"input">>(function Input({ className, ...rest }, ref) {
  return <input ref={ref} className={cx(inputClass, "h-10", className)} {...rest} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, ComponentPropsWithoutRef<"textarea">>(function Textarea({ className, ...rest }, ref) {
  return <textarea ref={ref} className={cx(inputClass, className)} {...rest} />;
});

export const Select = forwardRef<HTMLSelectElement, ComponentPropsWithoutRef<"select">>(function Select({ className, ...rest }, ref) {
  return <select ref={ref} className={cx(inputClass, "h-10 pr-8", className)} {...rest} />;
});

/** A select's choices: an optional first one with an empty value ('Todos', a placeholder), then value/label pairs. */
export function Options({ placeholder, options }: { placeholder?: string; options: readonly { value: string | number; label: string | number }[] }) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/** A vocabulary's codes as select choices, labelled by its record of labels (in the codes' order). */
export const optionsOf = <K extends string>(codes: readonly K[], labels: Record<K, string>) => codes.map((code) => ({ value: code, label: labels[code] }));

/** Plain texts as select choices (a city is its own value and label). */
export const textOptions = (texts: readonly string[]) => texts.map((t) => ({ value: t, label: t }));

/** A labelled plain select with its choices, for the GET filter forms (Conform forms use SelectField). */
export function SelectBox({
  label,
  hint,
  className,
  placeholder,
  options,
  ...select
}: { id: string; label: ReactNode; hint?: ReactNode; className?: string; placeholder?: string; options: readonly { value: string | number; label: string }[] } & Omit<ComponentPropsWithoutRef<"select">, "className">) {
  return (
    <Field label={label} htmlFor={select.id} hint={hint} className={className}>
      <Select {...select}>
        <Options placeholder={placeholder} options={options} />
      </Select>
    </Field>
  );
}

/** Label, control and its error, wired for screen readers. */
export function Field({
  label,
  htmlFor,
  error,
  hint,
  children,
  className,
}: {
  label: ReactNode;
  htmlFor: string;
  error?: string | string[] | null;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const message = Array.isArray(error) ? error[0] : error;
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !message ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <FieldError id={`${htmlFor}-error`} message={message} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-danger-700" role="alert">
      {message}
    </p>
  );
}

// ── badges ────────────────────────────────────────────────────────────────
const badgeTones = {
  success: "bg-success-50 text-success-700 ring-success-600/20",
  warning: "bg-warning-50 text-warning-700 ring-warning-600/20",
  danger: "bg-danger-50 text-danger-700 ring-danger-600/20",
  info: "bg-brand-50 text-brand-700 ring-brand-600/20",
  neutral: "bg-slate-100 text-slate-700 ring-slate-500/20",
  accent: "bg-accent-50 text-accent-700 ring-accent-600/20",
} as const;
export type BadgeTone = keyof typeof badgeTones;
export function Badge({ tone = "neutral", children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={cx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", badgeTones[tone], className)}>{children}</span>;
}

// ── surfaces ──────────────────────────────────────────────────────────────
/** A grid form's 'Salvar' on a row of its own (`span` makes it cross the form's columns). */
export function SaveRow({ pending, span }: { pending: boolean; span: "sm:col-span-2" | "sm:col-span-3" }) {
  return (
    <div className={span}>
      <Button type="submit" pending={pending}>
        Salvar
      </Button>
    </div>
  );
}

/** A step's or reason's number in a round badge (the home's reasons, /anuncie's steps): decorative, the list gives the order. */
export function StepNumber({ n, tone, className }: { n: number; tone: "accent" | "brand"; className?: string }) {
  const tones = { accent: "size-9 bg-accent-700 text-white", brand: "size-8 bg-brand-50 text-brand-800" };
  return (
    <span aria-hidden="true" className={cx("flex shrink-0 items-center justify-center rounded-full text-sm font-bold", tones[tone], className)}>
      {n}
    </span>
  );
}

export function Card({ children, className, as: Tag = "div" }: { children: ReactNode; className?: string; as?: "div" | "section" | "article" }) {
  return <Tag className={cx("rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)]", className)}>{children}</Tag>;
}

/** A card's heading: one size and weight for every card of the site and the back office. */
export function CardTitle({ children, id, className }: { children: ReactNode; id?: string; className?: string }) {
  return (
    <h2 id={id} className={cx("text-lg font-semibold text-slate-900", className)}>
      {children}
    </h2>
  );
}

export function Alert({ tone = "info", title, children, className }: { tone?: "info" | "success" | "danger" | "warning"; title?: ReactNode; children?: ReactNode; className?: string }) {
  const tones = {
    info: "border-brand-200 bg-brand-50 text-brand-800",
    success: "border-success-600/30 bg-success-50 text-success-700",
    danger: "border-danger-600/30 bg-danger-50 text-danger-700",
    warning: "border-warning-600/30 bg-warning-50 text-warning-700",
  };
  return (
    <div role={tone === "danger" ? "alert" : "status"} className={cx("rounded-lg border px-4 py-3 text-sm", tones[tone], className)}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children}
    </div>
  );
}

/** The page's one problem, above its content (a refused action, a stale link): nothing when there is none. */
export function PageProblem({ message }: { message?: ReactNode }) {
  return message ? (
    <Alert tone="danger" className="mb-4">
      {message}
    </Alert>
  ) : null;
}

// ── tables ────────────────────────────────────────────────────────────────
export function Table({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cx("overflow-x-auto rounded-[var(--radius-card)] border border-slate-200 bg-white", className)}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">{children}</table>
    </div>
  );
}
export const thClass = "px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
export const tdClass = "px-4 py-3 align-middle text-slate-800";

// ── modal ─────────────────────────────────────────────────────────────────
/**
 * A modal that works without JavaScript: it is rendered by a route (open
 * when its URL is), and closes with a link back.
 */
export function Modal({ title, children, footer, labelledBy = "modal-title", wide = false }: { title: ReactNode; children: ReactNode; footer?: ReactNode; labelledBy?: string; wide?: boolean }) {
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-4" role="dialog" aria-modal="true" aria-labelledby={labelledBy}>
      <div className={cx("max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white shadow-[var(--shadow-overlay)] sm:rounded-2xl", wide ? "sm:max-w-3xl" : "sm:max-w-lg")}>
        <div className="border-b border-slate-200 px-5 py-4">
          <h2 id={labelledBy} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
        </div>
        <div className="px-5 py-4">{children}</div>
        {footer ? <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
      </div>
    </div>
  );
}

/** 'Cancelar': the link back out of a form or a modal (to the list, the board, the page it opened from). */
export function CancelLink({ to, size, preventScrollReset }: { to: string; size?: "sm"; preventScrollReset?: boolean }) {
  return (
    <Link to={to} className={buttonClass("secondary", size)} preventScrollReset={preventScrollReset}>
      Cancelar
    </Link>
  );
}

/**
 * A back-office page's title line and its actions: `createLink` is a list's
 * '+ Novo …' button (first), `backTo` an editor's 'Voltar' link to its list (last).
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  createLink,
  backTo,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  createLink?: { to: string; label: string };
  backTo?: string;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      </div>
      {actions || createLink || backTo ? (
        <div className="flex flex-wrap gap-2">
          {createLink ? (
            <Link to={createLink.to} className={buttonClass("primary")}>
              {createLink.label}
            </Link>
          ) : null}
          {actions}
          {backTo ? (
            <Link to={backTo} className={buttonClass("secondary")}>
              Voltar
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-base font-semibold text-slate-800">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
