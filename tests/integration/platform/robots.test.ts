import { describe, expect, it } from "vitest";
import { loader as robotsLoader } from "~/routes/resources/robots";
import { config } from "~/modules/platform/config.server";

describe("/robots.txt", () => {
  it("keeps crawlers out of the private areas and points to the sitemap", async () => {
    const response = robotsLoader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toContain("max-age=");
    const lines = (await response.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/admin", "/broker", "/login", "/obrigado"]) expect(lines).toContain(`Disallow: ${path}`);
    // the public catalogue stays crawlable
    expect(lines.filter((l) => l.startsWith("Disallow:")).map((l) => l.slice(10))).not.toEqual(expect.arrayContaining(["/", "/imoveis", "/imovel"]));
    expect(lines).toContain(`Sitemap: ${config().publicUrl}/sitemap.xml`);
    expect(config().publicUrl).toMatch(/^https?:\/\//);
  });
});
