import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { resolveKey } from "~/modules/files/storage.server";
import { MATERIAL_MESSAGES, materialName } from "~/modules/brokers/materials";
import { action as coursesAction, loader as coursesLoader } from "~/routes/broker/courses";
import { loader as uploadsLoader } from "~/routes/resources/uploads";
import { loader as materialLoader } from "~/routes/resources/material-file";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/** /broker/cursos (issue 10, spec 03 §2.6, §5): materials through the route module, files on disk, served only to the back office. */
let admin = "";
let broker = "";
let inactive = "";
beforeAll(async () => {
  admin = await sessionCookie((await makeAdmin()).id);
  broker = await sessionCookie((await makeBroker()).userId);
  inactive = await sessionCookie((await makeBroker({ isActive: false })).userId);
});

function upload(name: string, file: { data: Buffer; name: string } | null, cookie = admin) {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("name", name);
  if (file) form.set("file", new File([new Uint8Array(file.data)], file.name));
  return unwrap(() => coursesAction(routeArgs(new Request("http://localhost/broker/cursos", { method: "POST", body: form, headers: { Cookie: cookie } }))));
}
const pdf = (text = "conteúdo") => ({ data: Buffer.from(`%PDF-1.4\n${text}`), name: "apostila.pdf" });
const byName = (name: string) => db().selectFrom("course_materials").selectAll().where("name", "=", name).executeTakeFirst();

describe("material names (spec 03 §5)", () => {
  it("lower-cases, keeps a–z, 0–9, space, hyphen and underscore, turns spaces into hyphens", () => {
    expect(materialName("  Apostila de Vendas 2025 ")).toBe("apostila-de-vendas-2025");
    expect(materialName("Técnicas_de_Negociação!")).toBe("tecnicas_de_negociacao");
    expect(materialName("../../etc/passwd")).toBe("etcpasswd");
    expect(materialName("!!!")).toBeNull();
  });
});

describe("/broker/cursos", () => {
  it("needs the name first, a valid name, a file of an accepted type; nothing saved otherwise", async () => {
    const refused = async (name: string, file: Parameters<typeof upload>[1], field: string, message: string) => {
      const r = await upload(name, file);
      expect(r.status, `${name} ${field}`).toBe(400);
      const answer = reply(r.data);
      expect(answer.fieldErrors).toEqual({ [field]: message });
      // the name typed comes back after every refusal (the file cannot)
      if (name) expect(answer.values).toMatchObject({ intent: "upload", name });
      expect(answer.values).not.toHaveProperty("file");
    };
    await refused("", pdf(), "name", MATERIAL_MESSAGES.nameFirst);
    await refused("%%%", pdf(), "name", MATERIAL_MESSAGES.badName);
    await refused("Sem arquivo", null, "file", MATERIAL_MESSAGES.noFile);
    await refused("Script", { data: Buffer.from("<script>"), name: "x.html" }, "file", MATERIAL_MESSAGES.badType);
    await refused("Nome longo demais ".repeat(10), pdf(), "name", "No máximo 100 caracteres");
    expect(await byName("sem-arquivo")).toBeUndefined();
    expect(await byName("script")).toBeUndefined();
  });

  it("judges a file by its bytes: a program renamed .pdf is refused with a pt-BR message", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00", "latin1"), Buffer.alloc(300)]);
    const r = await upload("Programa disfarçado", { data: exe, name: "apostila.pdf" });
    expect(r.status).toBe(400);
    // beside the file field, the name typed kept
    expect(reply(r.data).fieldErrors).toEqual({ file: MATERIAL_MESSAGES.badContent("pdf") });
    expect(reply(r.data).values.name).toBe("Programa disfarçado");
    expect(reply((await upload("Texto disfarçado", { data: Buffer.from("só texto"), name: "planilha.xlsx" })).data).fieldErrors).toEqual({ file: MATERIAL_MESSAGES.badContent("xlsx") });
    expect(await byName("programa-disfarcado")).toBeUndefined();
    expect(fs.readdirSync(path.join(process.env.DATA_DIR!, "tmp"))).toEqual([]);
  });

  it("decides who may post before reading the body: a broker's upload is refused without a byte read", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024 * 1024));
        if (pulled > 60) controller.close();
      },
    });
    const request = new Request("http://localhost/broker/cursos", { method: "POST", body, duplex: "half", headers: { Cookie: broker, "Content-Type": "multipart/form-data; boundary=----x" } } as RequestInit);
    const r = await unwrap(() => coursesAction(routeArgs(request)));
    expect(r.status).toBe(403);
    expect(await r.response!.text()).toBe(MATERIAL_MESSAGES.adminsOnly);
    expect(pulled).toBeLessThanOrEqual(1); // a stream may pre-fetch one chunk; never the 60 MB
  });

  it("answers 4xx, never 5xx, to an unreadable or oversized upload", async () => {
    const post = (body: BodyInit, type: string) => unwrap(() => coursesAction(routeArgs(new Request("http://localhost/broker/cursos", { method: "POST", body, headers: { Cookie: admin, "Content-Type": type } }))));
    expect((await post("lixo", "multipart/form-data")).status).toBe(400);
    expect((await post("lixo sem fronteira", "multipart/form-data; boundary=abc")).status).toBe(400);
    const big = new FormData();
    big.set("intent", "upload");
    big.set("name", "grande");
    big.set("file", new File([new Uint8Array(51 * 1024 * 1024)], "grande.pdf"));
    const r = await unwrap(() => coursesAction(routeArgs(new Request("http://localhost/broker/cursos", { method: "POST", body: big, headers: { Cookie: admin } }))));
    expect([400, 413]).toContain(r.status);
    expect(reply(r.data).fieldErrors).toEqual({ file: MATERIAL_MESSAGES.tooLarge });
    expect(reply(r.data).values.name).toBe("grande");
    expect(await byName("grande")).toBeUndefined();
  });

  it("an admin uploads; everyone in the broker area lists and downloads; anonymous visitors get nothing", async () => {
    const name = `apostila-${Date.now()}`;
    expect((await upload(name, pdf("v1"))).status).toBe(302);
    const row = (await byName(name))!;
    // 128 random bits in the file's name
    expect(row.file_path).toMatch(new RegExp(`^materiais/2025/${name}-[0-9a-f]{32}\\.pdf$`));
    const list = await unwrap(() => coursesLoader(routeArgs(getRequest(`/broker/cursos?q=${name}`, { cookie: broker }))));
    expect(list.data).toMatchObject({ total: 1, isAdmin: false, rows: [{ name, url: `/arquivos/materiais/${row.id}` }] });
    const download = (cookie?: string) => unwrap(() => materialLoader(routeArgs(getRequest(`/arquivos/materiais/${row.id}`, { cookie }), { id: String(row.id) })));
    const got = await download(broker);
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Disposition")).toBe(`attachment; filename="${name}.pdf"`);
    expect(got.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await got.response!.text()).toContain("v1");
    // anonymous visitors are sent to sign in; a deactivated broker is blocked
    expect((await download()).location).toMatch(/^\/broker\/login/);
    expect((await download(inactive)).location).toBe("/broker/bloqueado");
    // the public /uploads route never serves it, however the path is spelt
    const key = row.file_path;
    for (const path of [key, `.%2f${key}`, `.%5c${key}`, `%2e%2f${key}`, `.%2F${key}`, encodeURIComponent(key)]) {
      expect(((await uploadsLoader(routeArgs(getRequest(`/uploads/${path}`, { cookie: broker }), { "*": path }))) as Response).status, path).toBe(404);
    }

    // the same name replaces the file (spec: upload overwrites), the old file goes
    expect((await upload(name, pdf("v2"))).status).toBe(302);
    const replaced = (await byName(name))!;
    expect(replaced.id).toBe(row.id);
    expect(fs.readFileSync(resolveKey(replaced.file_path), "utf8")).toContain("v2");
    expect(fs.existsSync(resolveKey(row.file_path))).toBe(false);
  });

  it("finds a material however its name is typed (accents, capitals, spaces), and keeps the page size among 5, 10, 20, 50", async () => {
    const tag = Date.now().toString(36);
    await upload(`Técnicas de Negociação ${tag}`, pdf());
    for (const q of [`TÉCNICAS de negociação ${tag}`, `negociacao ${tag}`, `tecnicas-de`]) {
      const list = await unwrap(() => coursesLoader(routeArgs(getRequest(`/broker/cursos?q=${encodeURIComponent(q)}&size=50`, { cookie: broker }))));
      expect(list.data!.rows.map((r) => r.name), q).toContain(`tecnicas-de-negociacao-${tag}`);
    }
    const odd = await unwrap(() => coursesLoader(routeArgs(getRequest(`/broker/cursos?size=7&page=abc&q=${"%".repeat(500)}`, { cookie: broker }))));
    expect(odd.data).toMatchObject({ size: 10, page: 1 });
  });

  it("brokers cannot upload, rename or remove", async () => {
    const r = await upload(`do-corretor-${Date.now()}`, pdf(), broker);
    expect(r.status).toBe(403);
    const name = `protegido-${Date.now()}`;
    await upload(name, pdf());
    const row = (await byName(name))!;
    const del = await unwrap(() => coursesAction(routeArgs(formRequest("/broker/cursos", { intent: "delete", id: String(row.id) }, { cookie: broker }))));
    expect(del.status).toBe(403);
    expect(await byName(name)).toMatchObject({ id: row.id });
  });

  it("an admin renames (invalid name refused) and removes a material with its file", async () => {
    const name = `renomear-${Date.now()}`;
    await upload(name, pdf());
    const row = (await byName(name))!;
    const bad = await unwrap(() => coursesAction(routeArgs(formRequest("/broker/cursos", { intent: "rename", id: String(row.id), name: "???" }, { cookie: admin }))));
    expect(reply(bad.data).fieldErrors).toEqual({ name: MATERIAL_MESSAGES.badRename });
    expect(reply(bad.data).values).toMatchObject({ intent: "rename", name: "???" });
    const stale = await unwrap(() => coursesAction(routeArgs(formRequest("/broker/cursos", { intent: "rename", id: "abc'; --", name: "x" }, { cookie: admin }))));
    expect(reply(stale.data).fieldErrors).toEqual({ id: MATERIAL_MESSAGES.renameFailed });
    const unknown = await unwrap(() => coursesAction(routeArgs(formRequest("/broker/cursos", { intent: "apagar-tudo" }, { cookie: admin }))));
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.data)).not.toMatch(/Invalid|expected/);
    const ok = await unwrap(() => coursesAction(routeArgs(formRequest("/broker/cursos", { intent: "rename", id: String(row.id), name: `Novo Nome ${row.id}`, back: "?q=x" }, { cookie: admin }))));
    expect(ok.location).toBe("/broker/cursos?q=x");
    const renamed = (await db().selectFrom("course_materials").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow())!;
    expect(renamed.name).toBe(`novo-nome-${row.id}`);
    expect(fs.existsSync(resolveKey(renamed.file_path))).toBe(true);
    expect(fs.existsSync(resolveKey(row.file_path))).toBe(false);
    await unwrap(() => coursesAction(routeArgs(formRequest("/broker/cursos", { intent: "delete", id: String(row.id) }, { cookie: admin }))));
    expect(await db().selectFrom("course_materials").select("id").where("id", "=", row.id).executeTakeFirst()).toBeUndefined();
    expect(fs.existsSync(resolveKey(renamed.file_path))).toBe(false);
  });
});

describe("memory", () => {
  it("an admin's 50 MB upload is streamed to disk, never held in memory", async () => {
    const boundary = "----limite-de-teste";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nvideo grande\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const chunks = Math.floor((49 * 1024 * 1024) / chunk.length);
    let sent = -1;
    // halfway through sending, the first half is already in a temp file on disk
    let onDiskHalfway = 0;
    const tmp = path.join(process.env.DATA_DIR!, "tmp");
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === -1) controller.enqueue(new Uint8Array(head));
        else if (sent < chunks) controller.enqueue(new Uint8Array(chunk));
        else {
          controller.enqueue(new Uint8Array(tail));
          controller.close();
        }
        if (sent === Math.floor(chunks / 2)) onDiskHalfway = Math.max(0, ...fs.readdirSync(tmp).map((n) => fs.statSync(path.join(tmp, n)).size));
        sent += 1;
      },
    });
    const request = new Request("http://localhost/broker/cursos", { method: "POST", body, duplex: "half", headers: { Cookie: admin, "Content-Type": `multipart/form-data; boundary=${boundary}` } } as RequestInit);
    const r = await unwrap(() => coursesAction(routeArgs(request)));
    expect(r.status).toBe(302);
    expect(onDiskHalfway).toBeGreaterThan(20 * 1024 * 1024);
    const row = (await byName("video-grande"))!;
    expect(row.size).toBeGreaterThan(49 * 1024 * 1024);
    expect(fs.statSync(resolveKey(row.file_path)).size).toBe(row.size);
    expect(fs.readdirSync(tmp)).toEqual([]);
  }, 60_000);
});
