import { test } from "./fixtures";
test("shot", async ({ page, jsEnabled }) => {
  for (const [w, h] of [[390, 844], [1280, 800]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(process.env.SHOT_PATH ?? "/imoveis/mapa");
    if (jsEnabled) await page.locator(".map-pin, .map-cluster").first().waitFor({ timeout: 20000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${process.env.SHOT_NAME ?? "map"}-${w}-${jsEnabled ? "js" : "nojs"}.png`, fullPage: false });
  }
});
