import { createUser, expect, ready, signIn, test } from "./fixtures";

/** Guards, CSRF, session cookie, logout and the sidebar cookie against the running server. */
test.describe("guards", () => {
  for (const [path, login] of [
    ["/admin", "/login"],
    ["/admin/imoveis/novo", "/login"],
    ["/broker/dashboard", "/broker/login"],
    ["/broker/properties", "/broker/login"],
    ["/broker", "/broker/login"],
  ] as const) {
    test(`anonymous ${path} goes to ${login}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${login.replace(/\//g, "\\/")}\\?redirectTo=${encodeURIComponent(path)}$`));
    });
  }

  test("a broker on /admin goes to /login; an admin may open the broker panel", async ({ browser, page, jsEnabled, login, baseURL }) => {
    await login({ role: "broker" });
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);

    const adminContext = await browser.newContext({ javaScriptEnabled: jsEnabled });
    const adminPage = await adminContext.newPage();
    await signIn(adminContext, await createUser({ role: "admin" }), baseURL!);
    await adminPage.goto("/broker/dashboard");
    await expect(adminPage).toHaveURL(/\/broker\/dashboard$/);
    await expect(adminPage.getByText("Modo administrador")).toBeVisible();
    await adminContext.close();
  });

  test("an inactive broker's session only ever reaches /broker/bloqueado, and can sign out there", { tag: "@no-js" }, async ({ page, jsEnabled, login }) => {
    await login({ role: "broker", isActive: false });
    await page.goto("/broker/dashboard");
    await expect(page).toHaveURL(/\/broker\/bloqueado$/);
    for (const path of ["/broker/dashboard", "/broker/properties"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/broker\/bloqueado$/);
    }
    await ready(page, jsEnabled);
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/broker\/login$/);
    await expect(page.getByTestId("toast")).toContainText("Logout realizado com sucesso");
    await page.goto("/broker/dashboard");
    await expect(page).toHaveURL(/\/broker\/login/);
  });
});

test.describe("session", () => {
  test("the broker signs out from the sidebar and the session cookie goes", { tag: "@no-js" }, async ({ page, context, jsEnabled, login }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login({ role: "broker" });
    await page.goto("/broker/dashboard");
    // (the cookie's attributes as the server sets them are checked in auth.spec.ts, which signs in through the form)
    expect((await context.cookies()).find((c) => c.name === "__session")).toBeDefined();
    await ready(page, jsEnabled);
    await page.getByRole("complementary", { name: "Menu do corretor" }).getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/broker\/login$/);
    await expect(page.getByTestId("toast")).toContainText("Logout realizado com sucesso");
    expect((await context.cookies()).find((c) => c.name === "__session")).toBeUndefined();
  });

  test("the sidebar toggle is kept in a cookie and rendered by the server (w-16 / w-64)", { tag: "@no-js" }, async ({ page, jsEnabled, login }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login({ role: "broker" });
    await page.goto("/broker/dashboard");
    const aside = page.getByRole("complementary", { name: "Menu do corretor" });
    await expect(aside).toHaveClass(/\bw-64\b/);
    await ready(page, jsEnabled);
    // With JavaScript the width changes at once (optimistic); wait for the POST that stores the cookie.
    const stored = page.waitForResponse((r) => r.url().includes("/broker/sidebar") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Recolher menu" }).click();
    await stored;
    await expect(aside).toHaveClass(/\bw-16\b/);
    await expect(page).toHaveURL(/\/broker\/dashboard$/);
    // The server renders it collapsed on the next page too.
    const html = await (await page.request.get("/broker/dashboard")).text();
    expect(html).toMatch(/<aside class="[^"]*\bw-16\b[^"]*" aria-label="Menu do corretor"/);
    await page.reload();
    await expect(aside).toHaveClass(/\bw-16\b/);
    await ready(page, jsEnabled);
    await page.getByRole("button", { name: "Expandir menu" }).click();
    await expect(aside).toHaveClass(/\bw-64\b/);
  });
});

test.describe("CSRF (Origin check)", () => {
  test("a POST from a foreign Origin gets 403; the same origin passes", async ({ request, baseURL }) => {
    const foreign = await request.post("/logout", { headers: { Origin: "https://evil.example" }, form: { redirectTo: "/" }, maxRedirects: 0 });
    expect(foreign.status()).toBe(403);
    expect(await foreign.text()).toContain("Origem não permitida.");
    const crossSite = await request.post("/broker/forgot-password", { headers: { "Sec-Fetch-Site": "cross-site" }, form: { email: "ana@larimoveis.com.br" }, maxRedirects: 0 });
    expect(crossSite.status()).toBe(403);
    const nullOrigin = await request.post("/login", { headers: { Origin: "null" }, form: { email: "a", password: "b" }, maxRedirects: 0 });
    expect(nullOrigin.status()).toBe(403);
    // the server answers every form post with 303 (See Other), so a reload never posts again
    const same = await request.post("/logout", { headers: { Origin: baseURL! }, form: { redirectTo: "/" }, maxRedirects: 0 });
    expect(same.status()).toBe(303);
  });

  test("GET /healthz answers 200 with the database up", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: true, disk: true });
  });
});
