import { expect, ready, test } from "./fixtures";

const shots = process.env.E2E_SCREENSHOTS; // a folder: screenshots of each screen at 390 and 1280 px

async function shoot(page: import("@playwright/test").Page, name: string, jsEnabled: boolean) {
  if (!shots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}-${jsEnabled ? "js" : "nojs"}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Polls `path` with its own validator until the server answers 304 (at most 5 tries). */
async function revalidates(request: import("@playwright/test").APIRequestContext, path: string, header: string, validator: string, known?: string): Promise<boolean> {
  let value = known ?? (await request.get(path)).headers()[validator];
  for (let attempt = 0; attempt < 5; attempt++) {
    const again = await request.get(path, { headers: { [header]: value } });
    if (again.status() === 304) return true;
    expect(again.status()).toBe(200);
    expect(again.headers()[validator], "a full answer to a conditional poll must carry a new validator").not.toBe(value);
    value = again.headers()[validator];
  }
  return false;
}

test("a portal pulls /xml/olx through the real server: XML, validators kept by the middleware, then 304", async ({ request }) => {
  const first = await request.get("/xml/olx");
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^W\/".+"$/);
  expect(first.headers()["last-modified"]).toBeTruthy();
  expect(first.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  expect(await first.text()).toContain("<ListingDataFeed");
  // Another worker's test may save a property between two polls (the validators then rightly change):
  // a 200 is accepted only with a new validator, and a 304 must come within a few tries.
  expect(await revalidates(request, "/xml/olx", "If-None-Match", "etag", etag)).toBe(true);
  expect(await revalidates(request, "/xml/chavesnamao", "If-Modified-Since", "last-modified")).toBe(true);
  expect((await request.get("/xml/default?id=abc")).status()).toBe(404);
  expect((await request.get("/xml/nada")).status()).toBe(404);
});

test("/integracao-xml: admins see each property's feed URLs and what a portal would reject, with a link to the field that fixes it", async ({ page, jsEnabled, login }) => {
  await page.goto("/integracao-xml");
  await expect(page).toHaveURL(/\/login/);
  await login({ role: "admin" });
  await page.goto("/integracao-xml");
  await ready(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Integração XML" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "URL XML" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Baixar lista de URLs (CSV)" })).toHaveAttribute("href", "/integracao-xml/urls.csv");
  if (jsEnabled) await expect(page.getByRole("button", { name: "Copiar URL" }).filter({ visible: true }).first()).toBeVisible();
  // the reasons are folded per property: a phone scrolls a short page (it was about 11,000 px)
  await page.setViewportSize({ width: 390, height: 844 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(7_000);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, "integracao-xml", jsEnabled);
  // opened, a reason links to the editor field that fixes it. The list is newest first and other workers'
  // tests create and delete properties: the last row of the page is a demo property nobody deletes.
  const details = page.getByTestId("feed-details").filter({ hasText: /Motivos \(\d+\)/ }).last();
  await details.locator("summary").click();
  await expect(details.getByRole("link", { name: /^Corrigir em / }).first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/integracao-xml-open-390-${jsEnabled ? "js" : "nojs"}.png` });
  const fix = details.getByRole("link", { name: /^Corrigir em / }).first();
  const href = await fix.getAttribute("href");
  expect(href).toMatch(/^\/admin\/imoveis\/\d+\/editar\?tab=\w+#pe-[\w-]+$/);
  await fix.click();
  await ready(page, jsEnabled);
  const anchor = href!.split("#")[1];
  await expect(page.locator(`#${anchor}`)).toBeVisible();
  if (jsEnabled && anchor !== "pe-photos") await expect(page.locator(`#${anchor}`)).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 900 });
  const csv = await page.request.get("/integracao-xml/urls.csv");
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split("\r\n")[0]).toContain("ID;Título;URL XML");
});

test("/xml shows a portal's raw feed with download and copy (public)", async ({ page, jsEnabled }) => {
  await page.goto("/xml?portal=chavesnamao");
  await ready(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "XML dos portais" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Chaves na Mão" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("pre")).toContainText("<Document>");
  await expect(page.getByRole("link", { name: "Baixar XML" })).toHaveAttribute("href", "/xml/chavesnamao");
  if (jsEnabled) await expect(page.getByRole("button", { name: /Copiar/ })).toBeVisible();
  await shoot(page, "xml-viewer", jsEnabled);
});
