import { optionalUser } from "~/modules/auth/auth.server";
import { refusalOf } from "~/modules/crm/refusal.server";
import { fileResponse } from "~/modules/files/serve.server";
import { openOfferPhoto } from "~/modules/offers/offers.server";
import type { Route } from "./+types/offer-photo";

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
const NOT_FOUND = () => text("Arquivo não encontrado.", 404);

/**
 * /arquivos/captacao/{id}[?w=400]: a photo an owner sent with 'Anuncie seu
 * imóvel', by its id (nothing else of the URL names a file), from the
 * private area. Signed out: 401; a deactivated broker: 403; a lead the user
 * may not read (someone else's) answers 404 like a missing photo
 * (offers.server.ts, through the one lead gate). Never cached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await optionalUser(request);
  if (!user) return text("Faça login para ver este arquivo.", 401);
  if (user.role === "broker" && !user.broker?.isActive) return text("Acesso negado.", 403);
  if (!/^\d{1,12}$/.test(params.photo)) return NOT_FOUND();
  const width = Number(new URL(request.url).searchParams.get("w")) || null;
  try {
    const photo = await openOfferPhoto(user, Number(params.photo), width);
    if (!photo) return NOT_FOUND();
    return fileResponse(request, photo.file, photo.name, { cache: "private, no-store" });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal.status === 404 ? NOT_FOUND() : text(refusal.message, refusal.status);
    throw error;
  }
}
