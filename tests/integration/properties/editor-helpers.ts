import sharp from "sharp";
import type { EditorState } from "~/modules/properties/editor/state";
import { type EditorReply, stateFromReply } from "~/modules/properties/editor/form-data";
import { db } from "~/modules/platform/db.server";
import { reply, unwrap } from "../../helpers/responses";

/** Posts to the property editor the way its form does (multipart), and reads its answers. */

export const VALID_FIELDS: Record<string, string> = {
  title: "Casa térrea com quintal",
  type: "pronto",
  property_type: "Casa",
  construction_status: "ready",
  purpose: "sale",
  status: "available",
  construction_year: "2010",
  address: "Rua das Palmeiras",
  street_number: "45",
  complement: "",
  city: "Sorocaba",
  neighborhood: "Jardim Europa",
  state: "SP",
  postal_code: "18047-000",
  address_display: "neighborhood",
  area: "150,5",
  bedrooms: "3",
  bathrooms: "2",
  suites: "1",
  parking_spots: "2",
  price: "650.000,00",
  rent_price: "0",
  condo_fee: "0",
  iptu: "120",
  description: "Casa ampla.\nQuintal com churrasqueira.",
};

export type FileField = { name: string; blob: Blob; filename: string };

export function multipart(url: string, fields: Record<string, string | string[]>, init: { cookie: string; files?: FileField[] }): Request {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) fd.append(k, item);
  for (const f of init.files ?? []) fd.append(f.name, f.blob, f.filename);
  return new Request(`http://localhost${url}`, { method: "POST", body: fd, headers: { "x-client-ip": "127.0.0.1", Cookie: init.cookie } });
}

export async function jpeg(colour = { r: 200, g: 90, b: 40 }): Promise<Blob> {
  const buf = await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } }).jpeg().toBuffer();
  return new Blob([new Uint8Array(buf)], { type: "image/jpeg" });
}

export type EditorAnswer = {
  status: number;
  location: string | null;
  /** the pipeline's reply: whole-form messages, the first message of each field, the values sent back */
  form: ReturnType<typeof reply>;
  /** the state the editor shows from that reply */
  state: EditorState;
  notice: EditorReply["notice"];
};

/** An editor action's answer: a redirect, or its `submission.reply()` read as the pipeline and as the editor read it. */
export async function answerOf(fn: () => Promise<unknown>): Promise<EditorAnswer> {
  const r = await unwrap(fn);
  const data = r.data as EditorReply | undefined;
  return {
    status: r.status,
    location: r.location,
    form: reply(data),
    state: (data && "initialValue" in data ? stateFromReply(data) : undefined) as EditorState,
    notice: data?.notice,
  };
}

export async function countProperties(): Promise<number> {
  return Number((await db().selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
}
