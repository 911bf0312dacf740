import { config } from "~/modules/platform/config.server";

export function loader() {
  const body = ["User-agent: *", "Disallow: /admin", "Disallow: /broker", "Disallow: /login", "Disallow: /obrigado", `Sitemap: ${config().publicUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
