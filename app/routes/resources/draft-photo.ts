import { requireBrokerArea } from "~/modules/auth/auth.server";
import { fileResponse } from "~/modules/files/serve.server";
import { openReadStream } from "~/modules/files/storage.server";
import type { Route } from "./+types/draft-photo";

const NOT_FOUND = () => new Response("Arquivo não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** A draft folder's id (photos.server.ts draftFolderName) and a stored photo's name (uniqueFileName, or a WebP variant of it). */
const DRAFT_ID = /^[0-9a-f]{16}$/;
const PHOTO_NAME = /^\d{1,15}-[0-9a-f]{12,32}\.(jpg|png|webp)(\.w\d{3,4}\.webp)?$/;

/**
 * /arquivos/rascunhos/{draft}/{file}: a photo of a property not saved yet,
 * shown in the editor. The two parts are ids checked by shape (nothing else
 * of the URL is used), the file is read from the private area, and only a
 * signed-in admin or active broker gets it. Never cached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  if (!DRAFT_ID.test(params.draft) || !PHOTO_NAME.test(params.file)) return NOT_FOUND();
  const file = openReadStream(`imoveis/rascunho-${params.draft}/${params.file}`);
  if (!file) return NOT_FOUND();
  return fileResponse(request, file, params.file, { cache: "private, no-store" });
}
