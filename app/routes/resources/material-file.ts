import { requireBrokerArea } from "~/modules/auth/auth.server";
import { openMaterial } from "~/modules/brokers/materials.server";
import { fileResponse } from "~/modules/files/serve.server";
import type { Route } from "./+types/material-file";

const NOT_FOUND = () => new Response("Arquivo não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * /arquivos/materiais/{id}: a course material, looked up by its id (never by
 * a path from the URL), for admins and active brokers only: anyone else is
 * sent to sign in, a deactivated broker to /broker/bloqueado. Never cached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  if (!/^\d{1,9}$/.test(params.id)) return NOT_FOUND();
  const material = await openMaterial(user, Number(params.id));
  if (!material) return NOT_FOUND();
  return fileResponse(request, material.file, material.downloadName, { cache: "private, no-store", download: material.downloadName, type: material.mime ?? undefined });
}
