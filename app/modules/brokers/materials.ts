import { stripAccents } from "~/utils/slug";
/** Course materials (spec 03 §2.6, §5, §8, §9): rules and texts shared by the server and the screen. */
export const MATERIAL_MESSAGES = {
  nameFirst: "Informe o nome do material antes de selecionar o arquivo.",
  badName: "Envio cancelado: nome inválido.",
  badRename: "Nome inválido.",
  noFile: "Selecione o arquivo.",
  tooLarge: "Arquivo maior que 50 MB.",
  badType: "Tipo de arquivo não aceito (PDF, documentos do Office, imagens, vídeo MP4 ou ZIP).",
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

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;
}
