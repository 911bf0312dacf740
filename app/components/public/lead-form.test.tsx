// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enhanceLeadForm } from "~/enhance/lead-form";
import { enhancePhoneMask } from "~/enhance/phone-mask";
import { enhanceAutohide } from "~/enhance/small";
import { LEAD_FORM_ID, LeadForm, type LeadFormProps } from "./lead-form";

/**
 * The form as the server renders it, then the public pages' enhancement
 * (app/enhance/*) run on that markup, as in the browser: no React handlers
 * are involved once the page is out.
 */
function renderForm(props: LeadFormProps) {
  const Stub = createRoutesStub([{ path: "/contato", Component: () => <LeadForm {...props} /> }]);
  const result = render(<Stub initialEntries={["/contato"]} />);
  return { ...result, form: () => result.container.querySelector<HTMLFormElement>("form[data-lead-form]")! };
}

/** The rendered HTML alone, as a page without React has it: no React handler is left on it. */
async function serverMarkup(props: LeadFormProps): Promise<HTMLFormElement> {
  const { container } = renderForm(props);
  await vi.waitFor(() => expect(container.querySelector("form")).not.toBeNull());
  const html = container.innerHTML;
  cleanup();
  document.body.innerHTML = html;
  return document.querySelector<HTMLFormElement>("form[data-lead-form]")!;
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  element.value = value;
  element.dispatchEvent(new Event("input", { bubbles: true }));
}

function submit(form: HTMLFormElement): boolean {
  const event = new Event("submit", { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return !event.defaultPrevented;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
  vi.useRealTimers();
});

describe("LeadForm (server markup)", () => {
  it("posts to its own page and lands back on itself (the fragment), with the spec's messages rather than the browser's", async () => {
    const { form } = renderForm({});
    await vi.waitFor(() => expect(form()).not.toBeNull());
    expect(form().getAttribute("action")).toBe(`/contato#${LEAD_FORM_ID}`);
    expect(form().noValidate).toBe(true);
    expect(form().querySelector("[data-error-summary]")!.hasAttribute("hidden")).toBe(true);
  });

  it("after a refused post, a summary links to each field with its message, beside the field's own", async () => {
    renderForm({ lastResult: { status: "error", initialValue: { phone: "119", name: "" }, error: { name: ["Por favor, informe seu nome"], phone: ["Telefone incompleto"] } } });
    const links = await vi.waitFor(() => screen.getAllByRole("link").filter((a) => a.getAttribute("href")?.startsWith("#")));
    expect(links.map((a) => [a.getAttribute("href"), a.textContent])).toEqual([
      [`#${input("Nome").id}`, "Nome: Por favor, informe seu nome"],
      [`#${input("Telefone").id}`, "Telefone: Telefone incompleto"],
    ]);
    expect(input("Telefone").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Telefone incompleto", { exact: true }).id).toBe(input("Telefone").getAttribute("aria-describedby"));
  });

  it("sends the broker ref, keeps the privacy link's ref and hides the honeypot from people", async () => {
    const { container } = renderForm({ brokerId: "a2145918-fb00-4492-9fed-78d34b314abc", propertyTitle: "Casa em Moema" });
    await vi.waitFor(() => expect(container.querySelector("form")).not.toBeNull());
    expect(container.querySelector<HTMLInputElement>('input[type=hidden][name="ref"]')?.value).toBe("a2145918-fb00-4492-9fed-78d34b314abc");
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute("autocomplete")).toBe("off");
    expect(trap.closest("[aria-hidden=true]")).not.toBeNull();
    expect((screen.getByLabelText("Mensagem", { exact: true }) as HTMLTextAreaElement).value).toContain('"Casa em Moema"');
  });
});

describe("LeadForm enhancement", () => {
  it("a server error banner returns to idle after 5 seconds; the visitor's input is kept", async () => {
    await serverMarkup({ lastResult: { status: "error", initialValue: { name: "Ana" }, error: { "": ["Ocorreu um erro ao enviar sua mensagem. Por favor, tente novamente."] } } });
    const banner = screen.getByText(/Ocorreu um erro/).closest<HTMLElement>("[data-autohide-ms]")!;
    vi.useFakeTimers();
    enhanceAutohide(banner);
    vi.advanceTimersByTime(4900);
    expect(banner.hidden).toBe(false);
    vi.advanceTimersByTime(200);
    expect(banner.hidden).toBe(true);
    expect(input("Nome").value).toBe("Ana");
  });

  it("a send with errors stays on the page: every message, and focus on the summary", async () => {
    const page = await serverMarkup({});
    const form = () => page;
    enhanceLeadForm(form());
    expect(submit(form())).toBe(false);
    for (const message of ["Por favor, informe seu nome", "Por favor, informe seu e-mail", "Por favor, informe seu telefone", "Por favor, escreva uma mensagem"]) {
      expect(screen.getByText(message, { exact: true })).toBeTruthy();
    }
    expect(form().querySelector("[data-error-summary]")!.hasAttribute("hidden")).toBe(false);
    expect(form().querySelectorAll("[data-error-summary] a")).toHaveLength(4);
    expect(document.activeElement).toBe(form().querySelector("[data-error-summary]"));

    // fixing a field clears its message (and its summary line) as the visitor types
    type(input("Nome"), "Maria");
    expect(screen.queryByText("Por favor, informe seu nome", { exact: true })).toBeNull();
    expect(input("Nome").hasAttribute("aria-invalid")).toBe(false);
    expect(form().querySelectorAll("[data-error-summary] a")).toHaveLength(3);
  });

  it("checks a field when the visitor leaves it, with the server's messages", async () => {
    const page = await serverMarkup({});
    const form = () => page;
    enhanceLeadForm(form());
    type(input("E-mail"), "maria@");
    input("E-mail").dispatchEvent(new Event("blur"));
    expect(screen.getByText("Informe um e-mail válido", { exact: true }).id).toBe(input("E-mail").getAttribute("aria-describedby"));
    type(input("E-mail"), "maria@exemplo.com.br");
    expect(screen.queryByText("Informe um e-mail válido", { exact: true })).toBeNull();
  });

  it("a valid send goes through once, saying 'Enviando...'", async () => {
    const page = await serverMarkup({});
    const form = () => page;
    enhanceLeadForm(form());
    type(input("Nome"), "Maria Silva");
    type(input("E-mail"), "maria@exemplo.com.br");
    type(input("Telefone"), "(11) 98765-4321");
    type(screen.getByLabelText("Mensagem", { exact: true }) as HTMLTextAreaElement, "Olá");
    expect(submit(form())).toBe(true);
    const button = screen.getByRole("button");
    expect(button.textContent).toBe("Enviando...");
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(submit(form())).toBe(false); // a second tap does not send twice
  });

  it("masks the phone as typed, including autofill's +55 and a trunk zero", async () => {
    await serverMarkup({});
    enhancePhoneMask(input("Telefone"));
    for (const [typed, shown] of [
      ["1134567890", "(11) 3456-7890"],
      ["11345678901", "(11) 34567-8901"],
      ["+55 11 98765-4321", "(11) 98765-4321"],
      ["011 98765-4321", "(11) 98765-4321"],
      ["(55) 99999-8888", "(55) 99999-8888"],
      ["a1b1c9", "(11) 9"],
    ]) {
      type(input("Telefone"), typed);
      expect(input("Telefone").value).toBe(shown);
    }
  });
});
