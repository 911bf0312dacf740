// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LeadForm, type LeadFormProps } from "./lead-form";

function renderForm(props: LeadFormProps) {
  const Stub = createRoutesStub([{ path: "/contato", Component: () => <LeadForm {...props} /> }]);
  return render(<Stub initialEntries={["/contato"]} />);
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("LeadForm", () => {
  it("shows a server error banner that returns to idle after 5 seconds", async () => {
    vi.useFakeTimers();
    renderForm({
      lastResult: { status: "error", initialValue: { name: "Ana" }, error: { "": ["Ocorreu um erro ao enviar sua mensagem. Por favor, tente novamente."] } },
    });
    expect(await vi.waitFor(() => screen.getByText("Ocorreu um erro ao enviar sua mensagem. Por favor, tente novamente."))).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.queryByText(/Ocorreu um erro/)).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText(/Ocorreu um erro/)).toBeNull();
    // the visitor's input is kept
    expect((screen.getByLabelText("Nome", { exact: true }) as HTMLInputElement).value).toBe("Ana");
  });

  it("shows field errors from the server beside the fields", () => {
    renderForm({ lastResult: { status: "error", initialValue: { phone: "119" }, error: { phone: ["Telefone incompleto"] } } });
    const phone = screen.getByLabelText("Telefone", { exact: true });
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Telefone incompleto").id).toBe(phone.getAttribute("aria-describedby"));
  });

  it("sends the broker ref and hides the honeypot from people", () => {
    const { container } = renderForm({ brokerId: "a2145918-fb00-4492-9fed-78d34b314abc", propertyTitle: "Casa em Moema" });
    expect(container.querySelector<HTMLInputElement>('input[type=hidden][name="ref"]')?.value).toBe("a2145918-fb00-4492-9fed-78d34b314abc");
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute("autocomplete")).toBe("off");
    expect(trap.closest("[aria-hidden=true]")).not.toBeNull();
    expect((screen.getByLabelText("Mensagem", { exact: true }) as HTMLTextAreaElement).value).toContain('"Casa em Moema"');
  });
});
