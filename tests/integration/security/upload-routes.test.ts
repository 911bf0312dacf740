import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { MSG_PHOTO_TOO_LARGE } from "~/modules/brokers/profile";
import { CSV_MESSAGES } from "~/modules/crm/csv-import";
import { action as settingsAction } from "~/routes/broker/settings";
import { action as blogAction } from "~/routes/admin/blog/editor";
import { action as importAction } from "~/routes/broker/leads/import";
import { routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/**
 * Every upload route (issue 23): streamed to disk within its limit, judged
 * by its bytes, answering 4xx with a pt-BR message beside the field, temp
 * files removed.
 */
let admin = "";
let broker = "";
beforeAll(async () => {
  admin = await sessionCookie((await makeAdmin()).id);
  broker = await sessionCookie((await makeBroker()).userId);
});

const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00", "latin1"), Buffer.alloc(512)]);
const tmpDir = () => path.join(process.env.DATA_DIR!, "tmp");
const tmpFiles = () => (fs.existsSync(tmpDir()) ? fs.readdirSync(tmpDir()) : []);

function multipart(url: string, cookie: string, fields: Record<string, string>, file?: { field: string; name: string; data: Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set(file.field, new File([new Uint8Array(file.data)], file.name));
  return new Request(`http://localhost${url}`, { method: "POST", body: form, headers: { Cookie: cookie } });
}

describe("profile photo (/broker/settings)", () => {
  // the photo is part of the profile form: 'Enviar imagem' posts the whole form with intent=photo
  const profile = { intent: "photo", name: "Corretor da Foto", phone: "(11) 98765-4321" };

  it("a 9 MB photo gets the message beside the photo field, everything else typed back, not a 500 or a dropped connection", async () => {
    const r = await unwrap(() => settingsAction(routeArgs(multipart("/broker/settings", broker, profile, { field: "photo", name: "grande.jpg", data: Buffer.alloc(9 * 1024 * 1024, 1) }))));
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors).toEqual({ photo: MSG_PHOTO_TOO_LARGE });
    expect(reply(r.data).values.name).toBe("Corretor da Foto");
    expect(tmpFiles()).toEqual([]);
  });

  it("a program renamed .jpg is refused by its bytes", async () => {
    const r = await unwrap(() => settingsAction(routeArgs(multipart("/broker/settings", broker, profile, { field: "photo", name: "foto.jpg", data: EXE }))));
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors).toEqual({ photo: "Não foi possível enviar a imagem..." });
    expect(tmpFiles()).toEqual([]);
  });

  it("a real photo goes through (staged until 'Salvar alterações')", async () => {
    const jpg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#884422" } }).jpeg().toBuffer();
    const r = await unwrap(() => settingsAction(routeArgs(multipart("/broker/settings", broker, profile, { field: "photo", name: "eu.jpg", data: jpg }))));
    expect(r.status).toBe(200);
    expect((r.data as { staged?: { key: string } }).staged?.key).toMatch(/^profile-images\//);
    expect(tmpFiles()).toEqual([]);
  });
});

describe("blog cover (/admin/blog/novo)", () => {
  const fields = (slug: string) => ({ title: "Artigo com capa", slug, excerpt: "Resumo", content: `<p>${"Texto do artigo. ".repeat(40)}</p>`, status: "draft", publishedAt: "" });

  it("a program renamed .png is refused beside the cover field; the rest of the form comes back", async () => {
    const slug = `capa-falsa-${Date.now()}`;
    const r = await unwrap(() => blogAction(routeArgs(multipart("/admin/blog/novo", admin, fields(slug), { field: "cover", name: "capa.png", data: EXE }))));
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors).toEqual({ cover: "Imagem de capa: formato não suportado (use JPG, PNG ou WebP)" });
    expect(reply(r.data).values).toMatchObject({ title: "Artigo com capa", slug });
    expect(await db().selectFrom("blog_posts").select("id").where("slug", "=", slug).executeTakeFirst()).toBeUndefined();
    expect(tmpFiles()).toEqual([]);
  });

  it("an unreadable multipart body is a 400 beside the cover, never a 500", async () => {
    const request = new Request("http://localhost/admin/blog/novo", { method: "POST", body: "lixo", headers: { Cookie: admin, "Content-Type": "multipart/form-data; boundary=abc" } });
    const r = await unwrap(() => blogAction(routeArgs(request)));
    expect(r.status).toBe(400);
  });
});

describe("lead CSV import (/broker/leads/import)", () => {
  it("a spreadsheet or program named .csv is refused by its bytes", async () => {
    const r = await unwrap(() => importAction(routeArgs(multipart("/broker/leads/import", broker, {}, { field: "file", name: "leads.csv", data: EXE }))));
    expect(r.status).toBe(400);
    expect((r.data as { error: string }).error).toMatch(new RegExp(`^${CSV_MESSAGES.read}: o arquivo não é um CSV`));
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("[Content_Types].xml nome;email")]);
    expect((await unwrap(() => importAction(routeArgs(multipart("/broker/leads/import", broker, {}, { field: "file", name: "leads.csv", data: zip }))))).status).toBe(400);
    expect(tmpFiles()).toEqual([]);
  });

  it("a real CSV goes on to the mapping screen", async () => {
    const csv = Buffer.from("nome;email;telefone\nJoão da Silva;joao@exemplo.com.br;(11) 98765-4321\n", "utf8");
    const r = await unwrap(() => importAction(routeArgs(multipart("/broker/leads/import", broker, {}, { field: "file", name: "leads.csv", data: csv }))));
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/broker\/leads\/import\/[0-9a-f]{32}$/);
  });

  it("an 11 MB file gets 413 with the pt-BR message", async () => {
    const r = await unwrap(() => importAction(routeArgs(multipart("/broker/leads/import", broker, {}, { field: "file", name: "grande.csv", data: Buffer.alloc(11 * 1024 * 1024, 0x61) }))));
    expect(r.status).toBe(413);
    expect((r.data as { error: string }).error).toBe(`${CSV_MESSAGES.read}: arquivo maior que 10 MB.`);
    expect(tmpFiles()).toEqual([]);
  });
});
