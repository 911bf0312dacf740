/**
 * The photo rules of 'Anuncie seu imóvel' without zod, so the public pages'
 * small enhancement module (app/enhance/offer-photos.ts) can check the chosen
 * files before sending; the server checks again (offer-photos.server.ts) and
 * owner-offer.ts builds its messages from these.
 */
export const OFFER_PHOTO_FIELD = "photos";

const MB = 1024 * 1024;
/** A few photos, each checked as in the property editor (size, magic bytes, decoded by sharp). */
export const OFFER_PHOTO_LIMITS = { maxFiles: 6, maxFileBytes: 10 * MB, maxRequestBytes: 6 * 10 * MB + 1 * MB } as const;

export const OFFER_PHOTO_MESSAGES = {
  photosFix: "Corrija as fotos indicadas e escolha-as de novo; os demais dados foram mantidos.",
  photoTooMany: `Envie no máximo ${OFFER_PHOTO_LIMITS.maxFiles} fotos.`,
  photoTooLarge: (name: string) => `${name}: a foto passa de ${OFFER_PHOTO_LIMITS.maxFileBytes / MB} MB.`,
  photoInvalid: (name: string, reason: string) => `${name}: ${reason}.`,
  photoFailed: (name: string) => `${name}: o arquivo não chegou inteiro; tente de novo.`,
  requestTooLarge: `O envio passa de ${Math.round(OFFER_PHOTO_LIMITS.maxRequestBytes / MB)} MB. Envie até ${OFFER_PHOTO_LIMITS.maxFiles} fotos de até ${OFFER_PHOTO_LIMITS.maxFileBytes / MB} MB cada.`,
} as const;

/** The messages for the files chosen in the photo input (empty when they can be sent). */
export function offerPhotoProblems(files: readonly { name: string; size: number }[]): string[] {
  const problems: string[] = [];
  if (files.length > OFFER_PHOTO_LIMITS.maxFiles) problems.push(OFFER_PHOTO_MESSAGES.photoTooMany);
  for (const f of files) if (f.size > OFFER_PHOTO_LIMITS.maxFileBytes) problems.push(OFFER_PHOTO_MESSAGES.photoTooLarge(f.name));
  return problems;
}
