import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { db } from "~/modules/platform/db.server";
import { config } from "~/modules/platform/config.server";

/** Posting /anuncie the way its form does (multipart), and looking at what it left in the database and on disk. */

export const VALID_OFFER: Record<string, string> = {
  name: "Ana Proprietária",
  email: "ana.prop@exemplo.com.br",
  phone: "11987654321",
  purpose: "sale",
  property_kind: "Apartamento",
  city: "São Paulo",
  neighborhood: "Pinheiros",
  area: "85,5",
  bedrooms: "2",
  price: "R$ 850.000,00",
  message: "Apartamento reformado, uma vaga.",
};

export type UploadFile = { blob: Blob; filename: string };

let ip = 0;
export function offerPost(fields: Record<string, string>, files: UploadFile[] = [], init: { url?: string; ip?: string } = {}): Request {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append("photos", f.blob, f.filename);
  return new Request(`http://localhost${init.url ?? "/anuncie"}`, { method: "POST", body: fd, headers: { "x-client-ip": init.ip ?? `10.28.0.${(++ip % 250) + 1}` } });
}

export async function jpegFile(filename = "sala.jpg", colour = { r: 40, g: 120, b: 200 }): Promise<UploadFile> {
  const buf = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer();
  return { blob: new Blob([new Uint8Array(buf)], { type: "image/jpeg" }), filename };
}

/** The bytes of a text file, named .jpg. */
export function textAsJpeg(filename = "planta.jpg"): UploadFile {
  return { blob: new Blob(["isto é um arquivo de texto, não uma foto\n".repeat(20)], { type: "image/jpeg" }), filename };
}

export const count = async (table: "leads" | "owner_offers" | "owner_offer_photos" | "properties") =>
  Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

/** Every file under a folder of DATA_DIR (recursively), relative to it. */
export function filesUnder(...parts: string[]): string[] {
  const root = path.join(config().dataDir, ...parts);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile());
}

/** What a refused post must leave behind: no offer photo and no temp upload. */
export function leftovers(): string[] {
  return [...filesUnder("private", "captacao").map((f) => `private/captacao/${f}`), ...filesUnder("tmp").map((f) => `tmp/${f}`)];
}
