import { describe, expect, it } from "vitest";
import { createCookie } from "react-router";
import { config } from "~/modules/platform/config.server";
import { readToast, redirectWithToast } from "~/modules/auth/toast.server";
import { getRequest } from "../../helpers/requests";

async function flashCookieOf(value: unknown): Promise<string> {
  const header = await createCookie("__flash", { secrets: [config().sessionSecret], path: "/" }).serialize(value);
  return header.split(";")[0];
}

describe("toast (toast.server.ts)", () => {
  it("round-trips a toast through the redirect's cookie", async () => {
    const response = await redirectWithToast("/admin", { type: "success", message: "Imóvel excluído com sucesso!" });
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0];
    const { toast, clear } = await readToast(getRequest("/admin", { cookie }));
    expect(toast).toEqual({ type: "success", message: "Imóvel excluído com sucesso!" });
    expect(clear).toMatch(/^__flash=;.*Max-Age=0/i);
  });

  it("drops (and clears) a signed cookie whose content is not a toast", async () => {
    for (const bad of [{ type: "evil", message: "x" }, { type: "info", message: 42 }, "texto", { type: "info", message: "" }]) {
      const { toast, clear } = await readToast(getRequest("/", { cookie: await flashCookieOf(bad) }));
      expect(toast).toBeNull();
      expect(clear).not.toBeNull();
    }
  });

  it("ignores an unsigned or missing cookie", async () => {
    expect((await readToast(getRequest("/"))).toast).toBeNull();
    const forged = `__flash=${Buffer.from(JSON.stringify({ type: "info", message: "forjado" })).toString("base64")}`;
    expect((await readToast(getRequest("/", { cookie: forged }))).toast).toBeNull();
  });

  it("refuses to write a malformed toast", async () => {
    await expect(redirectWithToast("/", { type: "info", message: "" })).rejects.toThrow();
  });
});
