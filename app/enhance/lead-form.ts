import { LEAD_FIELDS, leadFieldError, type LeadField } from "~/modules/leads/lead-rules";

type Control = HTMLInputElement | HTMLTextAreaElement;

/**
 * The lead form's instant messages (components/public/lead-form.tsx renders
 * the form; the server checks again): a field is checked when the visitor
 * leaves it and re-checked as they type once it has a message; a send with
 * errors stays on the page and focuses the summary that links to each one.
 */
export function enhanceLeadForm(form: HTMLFormElement): void {
  const touched = new Set<LeadField>();
  const control = (name: LeadField) => form.elements.namedItem(name) as Control | null;

  const check = (name: LeadField): string | null => {
    const input = control(name);
    if (!input) return null;
    const message = leadFieldError(name, input.value);
    showFieldError(input, message);
    return message;
  };

  for (const name of LEAD_FIELDS) {
    const input = control(name);
    if (!input) continue;
    input.addEventListener("blur", () => {
      if (!input.value && !touched.has(name)) return; // tabbing through an empty form says nothing yet
      touched.add(name);
      check(name);
    });
    input.addEventListener("input", () => {
      if (touched.has(name) || input.getAttribute("aria-invalid") === "true") {
        check(name);
        if (form.querySelector("[data-error-summary]:not([hidden])")) renderSummary(form, currentErrors(form));
      }
    });
  }

  let sending = false;
  form.addEventListener("submit", (event) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    const errors: Control[] = [];
    for (const name of LEAD_FIELDS) {
      touched.add(name);
      if (check(name)) errors.push(control(name)!);
    }
    renderSummary(form, currentErrors(form));
    if (errors.length) {
      event.preventDefault();
      // as after a refused post without script: the summary first, its links lead to each field
      const summary = form.querySelector<HTMLElement>("[data-error-summary]");
      if (summary) {
        summary.tabIndex = -1;
        summary.focus();
      } else errors[0].focus();
      return;
    }
    sending = true;
    const button = form.querySelector<HTMLButtonElement>("button[data-pending-label]");
    if (button) {
      button.textContent = button.dataset.pendingLabel ?? button.textContent;
      button.setAttribute("aria-busy", "true");
      button.setAttribute("aria-disabled", "true");
    }
  });
}

function showFieldError(input: Control, message: string | null): void {
  const errorId = `${input.id}-error`;
  let element = document.getElementById(errorId);
  if (!message) {
    element?.remove();
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    return;
  }
  if (!element) {
    element = document.createElement("p");
    element.id = errorId;
    element.className = "text-sm text-danger-700";
    element.setAttribute("role", "alert");
    input.insertAdjacentElement("afterend", element);
  }
  element.textContent = message;
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", errorId);
}

function currentErrors(form: HTMLFormElement): { id: string; label: string; message: string }[] {
  return LEAD_FIELDS.flatMap((name) => {
    const input = form.elements.namedItem(name) as Control | null;
    const message = input && input.getAttribute("aria-invalid") === "true" ? document.getElementById(`${input.id}-error`)?.textContent : null;
    if (!input || !message) return [];
    const label = form.querySelector(`label[for="${input.id}"]`)?.textContent ?? name;
    return [{ id: input.id, label, message }];
  });
}

/** The summary at the top of the form: one link per field with a message, as the server renders it. */
function renderSummary(form: HTMLFormElement, errors: { id: string; label: string; message: string }[]): void {
  const summary = form.querySelector<HTMLElement>("[data-error-summary]");
  const list = summary?.querySelector("ul");
  if (!summary || !list) return;
  list.replaceChildren(
    ...errors.map((error) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `#${error.id}`;
      link.className = "underline";
      link.textContent = `${error.label}: ${error.message}`;
      item.append(link);
      return item;
    }),
  );
  summary.hidden = errors.length === 0;
}
