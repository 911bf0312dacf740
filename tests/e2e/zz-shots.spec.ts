import path from "node:path";
import Database from "better-sqlite3";
import { test } from "./fixtures";
test("shot", async ({ page, jsEnabled }) => {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data", "app.db"), { readonly: true });
  const ids = (db.prepare("select id from properties where status = 'available' and price > 0 order by id limit 3").all() as { id: number }[]).map((r) => r.id);
  db.close();
  for (const [name, url] of [["compare", `/comparar?ids=${ids.join(",")}`], ["imoveis", "/imoveis"], ["alugar", "/alugar"]]) {
    for (const [w, h] of [[390, 844], [1280, 800]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(url);
      await page.screenshot({ path: `/tmp/shots/${name}-${w}-${jsEnabled ? "js" : "nojs"}.png`, fullPage: name === "compare" });
    }
  }
});
