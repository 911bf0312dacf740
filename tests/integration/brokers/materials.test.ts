import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { resolveKey } from "~/modules/files/storage.server";
import { MATERIAL_MESSAGES, materialName } from "~/modules/brokers/materials";
import { action as coursesAction, loader as coursesLoader } from "~/routes/broker/courses";
import { loader as uploadsLoader } from "~/routes/resources/uploads";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/** /broker/cursos (issue 10, spec 03 §2.6, §5): materials through the route module, files on disk, served only to the back office. */
let admin = "";
let broker = "";
beforeAll(async () => {
  admin = await sessionCookie((await makeAdmin()).id);
  broker = await sessionCookie((await makeBroker()).userId);
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

  it("an admin uploads; everyone in the broker area lists and downloads; anonymous visitors get nothing", async () => {
    const name = `apostila-${Date.now()}`;
    expect((await upload(name, pdf("v1"))).status).toBe(302);
    const row = (await byName(name))!;
    expect(row.file_path).toMatch(new RegExp(`^materiais/2025/${name}-[0-9a-f]{6}\\.pdf$`));
    const list = await unwrap(() => coursesLoader(routeArgs(getRequest(`/broker/cursos?q=${name}`, { cookie: broker }))));
    expect(list.data).toMatchObject({ total: 1, isAdmin: false, rows: [{ name, url: `/uploads/${row.file_path}` }] });
    const key = row.file_path;
    expect(((await uploadsLoader(routeArgs(getRequest(`/uploads/${key}`, { cookie: broker }), { "*": key }))) as Response).status).toBe(200);
    expect(((await uploadsLoader(routeArgs(getRequest(`/uploads/${key}`), { "*": key }))) as Response).status).toBe(404);

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
    expect(await byName(name)).toBeDefined();
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
