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

test("/integracao-xml: admins see each property's feed URLs and what a portal would reject", async ({ page, jsEnabled, login }) => {
  await page.goto("/integracao-xml");
  await expect(page).toHaveURL(/\/login/);
  await login({ role: "admin" });
  await page.goto("/integracao-xml");
  await ready(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Integração XML" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "URL XML" })).toBeVisible();
  // the demo photos are fewer than VRSync's 5: the table says so
  await expect(page.getByText(/São necessárias pelo menos 5 fotos em JPG/).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Baixar lista de URLs (CSV)" })).toHaveAttribute("href", "/integracao-xml/urls.csv");
  if (jsEnabled) await expect(page.getByRole("button", { name: "Copiar URL" }).filter({ visible: true }).first()).toBeVisible();
  await shoot(page, "integracao-xml", jsEnabled);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.locator("tbody tr").first().scrollIntoViewIfNeeded();
  if (shots) await page.screenshot({ path: `${shots}/integracao-xml-table-390-${jsEnabled ? "js" : "nojs"}.png` });
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
