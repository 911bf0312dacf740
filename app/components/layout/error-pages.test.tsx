// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet, useLoaderData } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GeneralErrorBoundary } from "./error-pages";

/**
 * Issue 25: a back-office page whose data request fails once (the server
 * restarting under the campaign monitor) must not be left on an error page:
 * the area boundary says the server did not answer and, once /healthz
 * answers, loads the page again.
 */
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderArea(loader: () => unknown) {
  const Page = () => <p>{String(useLoaderData())}</p>;
  const Stub = createRoutesStub([
    { path: "/broker", Component: () => <Outlet />, ErrorBoundary: () => <GeneralErrorBoundary inLayout homeHref="/broker" />, children: [{ path: "monitor", loader, Component: Page }] },
  ]);
  return render(<Stub initialEntries={["/broker/monitor"]} />);
}

describe("GeneralErrorBoundary", () => {
  it("a request that never reached the server: says so, asks /healthz every 5 s and loads the page again when it answers", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const health = vi.fn(async () => new Response("ok", { status: 200 }));
    vi.stubGlobal("fetch", health);
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => undefined);
    renderArea(() => {
      throw new TypeError("Failed to fetch");
    });
    expect(await screen.findByText(/O servidor não respondeu \(pode estar reiniciando\)/)).toBeTruthy();
    expect(screen.getByText("Erro 503")).toBeTruthy();
    expect(health).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4999);
    expect(health).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(health).toHaveBeenCalledWith("/healthz", expect.objectContaining({ cache: "no-store" }));
    // the area's boundary replaced the whole area: it loads the document again
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("while /healthz does not answer, it keeps the notice and does not reload", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const health = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")));
    vi.stubGlobal("fetch", health);
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => undefined);
    renderArea(() => {
      throw new TypeError("Failed to fetch");
    });
    await screen.findByText(/O servidor não respondeu/);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(health).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText(/O servidor não respondeu/)).toBeTruthy();
  });

  it("an error of the app itself (a 500 the server answered, a 403) is shown as it is, with no retry", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const health = vi.fn(async () => new Response("ok"));
    vi.stubGlobal("fetch", health);
    renderArea(() => {
      throw new Error("bug");
    });
    expect(await screen.findByText("Erro 500")).toBeTruthy();
    expect(screen.queryByText(/O servidor não respondeu/)).toBeNull();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(health).not.toHaveBeenCalled();
    cleanup();
    renderArea(() => {
      throw new Response(JSON.stringify({ message: "Acesso restrito." }), { status: 403, headers: { "Content-Type": "application/json" } });
    });
    expect(await screen.findByText("Acesso negado")).toBeTruthy();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(health).not.toHaveBeenCalled();
  });
});
