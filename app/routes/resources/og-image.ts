import { propertyOgImage } from "~/modules/catalogue/og-image.server";
import type { Route } from "./+types/og-image";

/** /og/imovel/{id}.jpg: a property's link-preview image (og:image). */
export async function loader({ params }: Route.LoaderArgs) {
  const id = /^(\d{1,12})\.jpg$/.exec(params.file ?? "")?.[1];
  const jpeg = id ? await propertyOgImage(Number(id)) : null;
  if (!jpeg) return new Response("Imagem não encontrada.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(jpeg), {
    headers: { "Content-Type": "image/jpeg", "Content-Length": String(jpeg.length), "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" },
  });
}
