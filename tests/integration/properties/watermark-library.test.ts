import sharp from "sharp";
import type { EditorState } from "~/modules/properties/editor/state";
import { type EditorReply as Reply, stateFromReply } from "~/modules/properties/editor/form-data";
import { beforeAll, describe, expect, it } from "vitest";
import { fileExists, keyFromUrl } from "~/modules/files/storage.server";
import { listWatermarks } from "~/modules/properties/watermarks.server";
import { action as adminEditorAction } from "~/routes/admin/properties/editor";
import { action as brokerEditorAction } from "~/routes/broker/properties/editor";
import { routeArgs, sessionCookie } from "../../helpers/requests";
import { run } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/** Issue 7 items 6 and 10: the watermark library's names, rename and removal; its messages stay in its own card. */
let admin = "";
let broker = "";

beforeAll(async () => {
  admin = await sessionCookie((await makeAdmin()).id);
  broker = await sessionCookie((await makeBroker()).userId);
});

function post(url: string, cookie: string, fields: Record<string, string>, file?: { blob: Blob; name: string }): Request {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append("watermarkFile", file.blob, file.name);
  return new Request(`http://localhost${url}`, { method: "POST", body: fd, headers: { Cookie: cookie } });
}

type EditorReply = { status: number; state: EditorState; logoError: string | undefined };
/** The action's `submission.reply()`, as the editor reads it (its logo messages beside the library, under `watermarkFile`). */
async function reply(fn: () => Promise<unknown>): Promise<EditorReply> {
  const r = await run(fn);
  if (r.response) return { status: r.response.status, state: null as unknown as EditorState, logoError: undefined };
  const v = r.value as { init?: { status?: number }; data: Reply };
  return { status: v.init?.status ?? 200, state: stateFromReply(v.data), logoError: v.data.error?.watermarkFile?.[0] };
}

async function png(): Promise<Blob> {
  const buf = await sharp({ create: { width: 120, height: 40, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } }).png().toBuffer();
  return new Blob([new Uint8Array(buf)], { type: "image/png" });
}

describe("watermark library", () => {
  it("names an uploaded logo by its file name, not by the date; the project logo is fixed", async () => {
    const up = await reply(async () => adminEditorAction(routeArgs(post("/admin/imoveis/novo", admin, { intent: "upload-watermark", tab: "images" }, { blob: await png(), name: "Logo Parceiro Azul.png" }))));
    expect(up.status).toBe(200);
    expect(up.state.watermarkNotice).toEqual({ tone: "success", text: "Logo enviada para a biblioteca." });
    expect(up.state.uploadErrors).toEqual([]);
    const library = await listWatermarks();
    const mine = library.find((w) => w.url === up.state.watermark.logo)!;
    expect(mine.name).toBe("Logo Parceiro Azul");
    expect(mine.file).toMatch(/^watermark-.+\.png$/);
    expect(library.some((w) => w.name.startsWith("Marca d'água de"))).toBe(false);
    const project = library.find((w) => w.fixed)!;
    expect(project.name).toBe("Logo Lar Imóveis");
    const refused = await reply(() => adminEditorAction(routeArgs(post("/admin/imoveis/novo", admin, { intent: `remove-watermark:${project.file}` }))));
    expect(refused.status).toBe(400);
    expect(refused.state.watermarkNotice?.text).toBe("A logo da Lar Imóveis não pode ser alterada.");
    expect(await fileExists(keyFromUrl(project.url)!)).toBe(true);
  });

  it("renames and removes a logo; bad names get a pt-BR message", async () => {
    const up = await reply(async () => adminEditorAction(routeArgs(post("/admin/imoveis/novo", admin, { intent: "upload-watermark" }, { blob: await png(), name: "x.png" }))));
    const file = up.state.watermark.logo.split("/").pop()!;
    const renamed = await reply(() => adminEditorAction(routeArgs(post("/admin/imoveis/novo", admin, { intent: `rename-watermark:${file}`, [`wmLabel-${file}`]: "  Parceiro   <b>Verde</b> " }))));
    expect(renamed.status).toBe(200);
    expect((await listWatermarks()).find((w) => w.file === file)!.name).toBe("Parceiro <b>Verde</b>");
    const empty = await reply(() => adminEditorAction(routeArgs(post("/admin/imoveis/novo", admin, { intent: `rename-watermark:${file}`, [`wmLabel-${file}`]: "   " }))));
    expect(empty.status).toBe(400);
    expect(empty.state.watermarkNotice?.text).toBe("Informe um nome para a logo.");
    const huge = await reply(() => adminEditorAction(routeArgs(post("/admin/imoveis/novo", admin, { intent: `rename-watermark:${file}`, [`wmLabel-${file}`]: "a".repeat(5000) }))));
    expect(huge.state.watermarkNotice?.text).toBe("O nome da logo deve ter no máximo 80 caracteres.");
    const traversal = await reply(() => adminEditorAction(routeArgs(post("/admin/imoveis/novo", admin, { intent: "remove-watermark:../../app.db" }))));
    expect(traversal.state?.watermarkNotice ?? null).toBeNull(); // not even parsed as an intent
    const removed = await reply(() => adminEditorAction(routeArgs(post("/admin/imoveis/novo", admin, { intent: `remove-watermark:${file}`, watermarkLogo: up.state.watermark.logo }))));
    expect(removed.status).toBe(200);
    expect(removed.state.watermark.logo).toBe("");
    expect(await fileExists(`imoveis/watermarks/${file}`)).toBe(false);
    expect((await listWatermarks()).some((w) => w.file === file)).toBe(false);
  });

  it("a logo upload error shows in the watermark card, not the photos card", async () => {
    const bad = await reply(async () => adminEditorAction(routeArgs(post("/admin/imoveis/novo", admin, { intent: "upload-watermark" }, { blob: new Blob(["not an image"]), name: "logo.png" }))));
    expect(bad.status).toBe(400);
    expect(bad.state.watermarkNotice?.text).toMatch(/^Erro ao enviar marca d'água: /);
    expect(bad.logoError).toMatch(/^Erro ao enviar marca d'água: /);
    expect(bad.state.uploadErrors).toEqual([]);
  });

  it("brokers cannot touch the library", async () => {
    const library = await listWatermarks();
    const some = library.find((w) => !w.fixed) ?? library[0];
    const r = await reply(() => brokerEditorAction(routeArgs(post("/broker/properties/novo", broker, { intent: `remove-watermark:${some.file}` }))));
    expect(r.status).toBe(403);
    expect(await fileExists(keyFromUrl(some.url)!)).toBe(true);
  });
});
