import { z } from "zod";
import { recordId, requiredText } from "~/utils/form-fields";
import { readListQuery } from "~/utils/query-schema";
import { stripAccents } from "~/utils/slug";

/** Course materials (spec 03 §2.6, §5, §8, §9): rules and texts shared by the server and the screen. */
export const MATERIAL_MESSAGES = {
  nameFirst: "Informe o nome do material antes de selecionar o arquivo.",
  badName: "Envio cancelado: nome inválido.",
  badRename: "Nome inválido.",
  noFile: "Selecione o arquivo.",
  tooLarge: "Arquivo maior que 50 MB.",
  badType: "Tipo de arquivo não aceito (PDF, documentos do Office, imagens, vídeo MP4 ou ZIP).",
  badContent: (ext: string) => `O conteúdo do arquivo não é de um .${ext}: envie o arquivo original (PDF, documentos do Office, imagens, vídeo MP4 ou ZIP).`,
  badPost: "Envio incompleto ou inválido: selecione o arquivo e envie de novo.",
  adminsOnly: "Somente administradores gerenciam os materiais.",
  uploadFailed: "Falha ao enviar arquivo.",
  renameFailed: "Falha ao renomear arquivo.",
  removeFailed: "Falha ao remover arquivo.",
  nameTaken: "Já existe um material com este nome.",
  uploaded: "Material enviado",
  renamed: "Material renomeado",
  removed: "Material removido",
  confirmDelete: "Remover este material? Os corretores deixam de vê-lo.",
} as const;

export const MATERIAL_PAGE_SIZES = [5, 10, 20, 50] as const;
export const MATERIAL_MAX_BYTES = 50 * 1024 * 1024;
export const MATERIAL_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  mp4: "video/mp4",
  zip: "application/zip",
};

/**
 * The spec's name rule: lower-cased, only a–z, 0–9, space, hyphen and
 * underscore (accents dropped first), trimmed, spaces become hyphens.
 * Null when nothing is left.
 */
export function materialName(raw: string): string | null {
  const name = stripAccents(raw)
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 100);
  return name || null;
}

/** The list's query: search, page and page size (5, 10, 20 or 50; 10 by default). */
export function readMaterialsQuery(url: URL) {
  const size = MATERIAL_PAGE_SIZES.find((s) => String(s) === url.searchParams.get("size")) ?? 10;
  return { ...readListQuery(url), size };
}

const back = z
  .string()
  .max(400)
  .optional()
  .transform((v) => (v?.startsWith("?") ? v : ""));

/**
 * /broker/cursos's forms (spec 03 §5): upload (the name first, then the
 * file, at most 50 MB; type and content checked on the server), rename and
 * remove; one union on `intent`.
 */
export const materialActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("upload"),
    name: requiredText(100, MATERIAL_MESSAGES.nameFirst),
    // in the browser the chosen File; on the server the file is streamed to disk apart from the fields, and
    // its presence, size, type and content are checked by the service (beside this field either way)
    file: z
      .instanceof(File, { message: MATERIAL_MESSAGES.noFile })
      .optional()
      .refine((f) => !f || f.size <= MATERIAL_MAX_BYTES, MATERIAL_MESSAGES.tooLarge),
  }),
  z.object({ intent: z.literal("rename"), id: recordId(MATERIAL_MESSAGES.renameFailed), name: requiredText(100, MATERIAL_MESSAGES.badRename), back }),
  z.object({ intent: z.literal("delete"), id: recordId(MATERIAL_MESSAGES.removeFailed), back }),
]);

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;
}
