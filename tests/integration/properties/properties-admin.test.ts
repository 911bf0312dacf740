import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db, parseJsonList } from "~/modules/platform/db.server";
import { createLead } from "~/modules/leads/leads.server";
import fs from "node:fs";
import { fileExists, keyFromUrl, resolveKey } from "~/modules/files/storage.server";
import { PROJECT_LOGO_URL } from "~/modules/properties/watermarks.server";
import { action as listAction, loader as listLoader } from "~/routes/admin/properties/list";
import { action as adminEditorAction, loader as adminEditorLoader } from "~/routes/admin/properties/editor";
import { action as brokerEditorAction, loader as brokerEditorLoader } from "~/routes/broker/properties/editor";
import { MSG, type EditorState } from "~/modules/properties/editor/state";
import { type EditorReply, stateFromReply } from "~/modules/properties/editor/form-data";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, run, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker, makeProperty } from "../../helpers/factories";
import { VALID_FIELDS, jpeg } from "./editor-helpers";

/** The editor and the admin list through their real route modules, on the real temp database and disk. */
let adminCookie = "";
let adminId = "";

beforeAll(async () => {
  const admin = await makeAdmin();
  adminId = admin.id;
  adminCookie = await sessionCookie(admin.id);
});

function multipart(url: string, fields: Record<string, string | string[]>, init: { cookie?: string; files?: { name: string; blob: Blob; filename: string }[] } = {}): Request {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) fd.append(k, item);
  for (const f of init.files ?? []) fd.append(f.name, f.blob, f.filename);
  const headers = new Headers({ "x-client-ip": "127.0.0.1" });
  if (init.cookie ?? adminCookie) headers.set("Cookie", init.cookie ?? adminCookie);
  return new Request(`http://localhost${url}`, { method: "POST", body: fd, headers });
}

type Reply = { status: number; state: EditorState; form: ReturnType<typeof reply>; location: string | null; response: Response | null };
/**
 * An editor action's outcome: a redirect, or its `submission.reply()` read
 * two ways — as the pipeline's reply (`form`: messages and values sent
 * back) and as the state the editor shows from it (a test fails on reading
 * a missing state).
 */
async function call(fn: () => Promise<unknown>): Promise<Reply> {
  const r = await unwrap(fn);
  const data = r.data as EditorReply | undefined;
  const state = (data && "initialValue" in data ? stateFromReply(data) : undefined) as EditorState;
  return { status: r.status, state, form: reply(data), location: r.location, response: r.response };
}

const countProperties = async () => Number((await db().selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

/** Upload two photos in create mode, then save: returns the new property row. */
type EditorAction = (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
async function createThroughEditor(extra: Record<string, string | string[]> = {}, route: { action: EditorAction; path: string } = { action: adminEditorAction, path: "/admin/imoveis/novo" }, cookie?: string) {
  const photoA = await jpeg();
  const photoB = await jpeg({ r: 20, g: 160, b: 90 });
  const upload = await call(() =>
    route.action(
      routeArgs(
        multipart(route.path, { ...VALID_FIELDS, intent: "upload-images", tab: "images" }, {
          cookie,
          files: [
            { name: "photos", blob: photoA, filename: "sala.jpg" },
            { name: "photos", blob: photoB, filename: "quarto.jpg" },
          ],
        }),
      ),
    ),
  );
  expect(upload.status).toBe(200);
  const images: string[] = upload.state.values.images;
  expect(images).toHaveLength(2);
  const draftFolder: string = upload.state.draftFolder;
  expect(draftFolder).toMatch(/^imoveis\/rascunho-/);
  const saved = await call(() => route.action(routeArgs(multipart(route.path, { ...VALID_FIELDS, images, draftFolder, intent: "save", ...extra }, { cookie }))));
  expect(saved.status).toBe(302);
  const row = await db().selectFrom("properties").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
  return { row, saved, draftImages: images };
}

describe("creating a property through the editor", () => {
  it("uploads photos to a draft folder, then creates with slug, folder, moved photos and options", async () => {
    const option = JSON.stringify({ id: "tmp-1", area: 90, bedrooms: 2, bathrooms: 1, suites: null });
    const { row, saved, draftImages } = await createThroughEditor({ options: option, amenities: ["Piscina", "Jardim"], featured: "on" });
    expect(saved.location).toBe(`/admin/imoveis/novo?created=1&novo=${row.id}&options=1`);
    expect(row.slug).toBe(`casa-terrea-com-quintal-${row.id}`);
    expect(row.storage_folder).toBe(`imoveis/${row.slug}`);
    expect(row.user_id).toBe(adminId);
    expect(row.broker_id).toBeNull();
    expect(row.featured).toBe(1);
    expect(row.price).toBe(650000);
    expect(row.area).toBe(150.5);
    expect(row.description).toBe("Casa ampla.\nQuintal com churrasqueira.");
    expect(parseJsonList(row.amenities)).toEqual(["Piscina", "Jardim"]);
    const images = parseJsonList(row.images);
    expect(images).toHaveLength(2);
    for (const url of images) {
      expect(url.startsWith(`/uploads/imoveis/${row.slug}/`)).toBe(true);
      expect(await fileExists(keyFromUrl(url)!)).toBe(true);
    }
    for (const url of draftImages) expect(await fileExists(keyFromUrl(url)!)).toBe(false);
    const options = await db().selectFrom("property_options").selectAll().where("property_id", "=", row.id).execute();
    expect(options).toHaveLength(1);
    expect(options[0].area).toBe(90);

    // The redirect target shows the success banners on a reset form.
    const page = (await adminEditorLoader(routeArgs(getRequest(saved.location!, { cookie: adminCookie }))));
    expect(page.view.success).toEqual(["Imóvel cadastrado com sucesso!", "Opções salvas com sucesso!"]);
    expect(page.view.initial.values.title).toBe("");
    expect(page.view.initial.tab).toBe("basics");
    // issue 7 item 9: a link to the new property, and its draft folder is gone at once
    expect(page.createdLinks).toEqual({ viewHref: `/imovel/${row.slug}`, editHref: `/admin/imoveis/${row.id}/editar`, title: row.title });
    const draftFolder = keyFromUrl(draftImages[0])!.split("/").slice(0, 2).join("/");
    expect(fs.existsSync(resolveKey(draftFolder))).toBe(false);
  });

  it("refuses bad input with pt-BR messages and saves nothing", async () => {
    const before = await countProperties();
    const images = ["/uploads/imoveis/rascunho-0000000000000000/x.jpg"];
    const cases: [Record<string, string>, string, string][] = [
      [{ area: "-5" }, "area", MSG.area],
      [{ title: "x".repeat(1000) }, "title", "O título deve ter no máximo 200 caracteres"],
      [{ bedrooms: "três" }, "bedrooms", MSG.number],
      [{ price: "caro" }, "price", MSG.number],
      // issue 7 item 9: say what is valid
      [{ area: "1e2" }, "area", "Informe um número válido, só com algarismos, vírgula e ponto (ex.: 1.234,56)"],
      [{ area: "999999999999" }, "area", "Informe um valor de no máximo 100.000.000"],
      [{ price: "9".repeat(20) }, "price", "Informe um valor de no máximo 1.000.000.000.000"],
      [{ description: "   " }, "description", MSG.description],
    ];
    for (const [override, field, message] of cases) {
      const r = await call(() => adminEditorAction(routeArgs(multipart("/admin/imoveis/novo", { ...VALID_FIELDS, ...override, images, intent: "save" }))));
      expect(r.status).toBe(400);
      expect(r.state.errors[field]).toBe(message);
      expect(r.state.banner?.tone).toBe("danger");
    }
    // no photo at all
    const none = await call(() => adminEditorAction(routeArgs(multipart("/admin/imoveis/novo", { ...VALID_FIELDS, intent: "save" }))));
    expect(none.state.errors.images).toBe(MSG.images);
    expect(none.state.tab).toBe("images");
    expect(await countProperties()).toBe(before);
  });

  it("stores HTML in the description as text", async () => {
    const { row } = await createThroughEditor({ description: '<script>alert("x")</script>\nOi' });
    expect(row.description).toBe('<script>alert("x")</script>\nOi');
  });

  it("drops photo URLs that are not the property's own", async () => {
    const r = await call(() => adminEditorAction(routeArgs(multipart("/admin/imoveis/novo", { ...VALID_FIELDS, images: ["/uploads/imoveis/outro-imovel-9/a.jpg"], intent: "refresh" }))));
    expect(r.state.values.images).toEqual([]);
  });
});

describe("editing", () => {
  it("updates, keeps the tab, and writes options at once", async () => {
    const { row } = await createThroughEditor();
    const path = `/admin/imoveis/${row.id}/editar?status=available&page=2`;
    const images = parseJsonList(row.images);
    const saved = await call(() => adminEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, title: "Casa reformada", images, tab: "values", intent: "save" }), { id: String(row.id) })));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/admin/imoveis/${row.id}/editar?status=available&page=2&saved=1&tab=values`);
    const after = await db().selectFrom("properties").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after.title).toBe("Casa reformada");
    expect(after.slug).toBe(`casa-reformada-${row.id}`); // the slug follows the title (issue 7 item 3)
    expect(after.storage_folder).toBe(row.storage_folder); // the folder stays
    const page = (await adminEditorLoader(routeArgs(getRequest(saved.location!, { cookie: adminCookie }), { id: String(row.id) })));
    expect(page.view.success).toEqual(["Imóvel atualizado com sucesso!"]);
    expect(page.view.initial.tab).toBe("values");
    expect(page.listHref).toBe("/admin?status=available&page=2");

    const add = (area: string) =>
      call(() => adminEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, images, opt_area: area, opt_bedrooms: "2", opt_bathrooms: "1", intent: "add-option" }), { id: String(row.id) })));
    const first = await add("70");
    expect(first.state.optionsNotice?.text).toBe("Opção salva com sucesso!");
    await add("80");
    const third = await add("90");
    expect(third.state.optionsNotice?.text).toBe("Só é possível cadastrar até 2 opções para o imóvel.");
    const stored = await db().selectFrom("property_options").selectAll().where("property_id", "=", row.id).execute();
    expect(stored.map((o) => o.area).sort()).toEqual([70, 80]);
    const removed = await call(() =>
      adminEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, images, intent: `remove-option:${stored[0].id}` }), { id: String(row.id) })),
    );
    expect(removed.state.optionsNotice?.text).toBe("Opção removida com sucesso!");
    expect(await db().selectFrom("property_options").select("id").where("property_id", "=", row.id).execute()).toHaveLength(1);
  });

  it("stages photo changes until Salvar: upload and removal leave the listing and its files alone (issue 7 item 2)", async () => {
    const { row } = await createThroughEditor();
    const path = `/admin/imoveis/${row.id}/editar`;
    const old = parseJsonList(row.images);
    const storedImages = async () => parseJsonList((await db().selectFrom("properties").select("images").where("id", "=", row.id).executeTakeFirstOrThrow()).images);
    const up = await call(async () =>
      adminEditorAction(
        routeArgs(multipart(path, { ...VALID_FIELDS, images: old, intent: "upload-images" }, { files: [1, 2, 3].map((i) => ({ name: "photos", blob: new Blob([]), filename: `v${i}.jpg` })) }), { id: String(row.id) }),
      ),
    );
    // empty files are refused one by one; nothing replaced
    expect(up.state.uploadErrors.length).toBeGreaterThan(0);
    expect(up.state.values.images).toEqual(old);

    const fresh = await call(async () =>
      adminEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, images: old, intent: "upload-images" }, { files: [{ name: "photos", blob: await jpeg(), filename: "a.jpg" }, { name: "photos", blob: new Blob(["texto"]), filename: "b.jpg" }] }), { id: String(row.id) })),
    );
    // issue 24: new photos are added after the current ones (the bad file is refused with its message)
    expect(fresh.state.values.images).toHaveLength(3);
    expect(fresh.state.values.images.slice(0, 2)).toEqual(old);
    expect(fresh.state.uploadErrors[0]).toMatch(/^Erro ao enviar imagem: /);
    expect(fresh.form.fieldErrors.photos).toMatch(/^Erro ao enviar imagem: b\.jpg: /);
    const draftFolder: string = fresh.state.draftFolder;
    expect(draftFolder).toMatch(/^imoveis\/rascunho-/);
    // added after the two stored photos; a draft photo is private: shown through the back office's draft route, stored outside /uploads
    const added = fresh.state.values.images[2];
    expect(added.startsWith(`/arquivos/rascunhos/${draftFolder.slice("imoveis/rascunho-".length)}/`)).toBe(true);
    // Nothing saved yet: the listing and its files are as they were (Cancelar is just leaving).
    expect(await storedImages()).toEqual(old);
    for (const url of old) expect(await fileExists(keyFromUrl(url)!)).toBe(true);

    // Removing a stored photo is staged too.
    const gone = await call(() => adminEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, images: old, draftFolder, intent: "remove-image:0" }), { id: String(row.id) })));
    expect(gone.state.values.images).toEqual([old[1]]);
    expect(await storedImages()).toEqual(old);
    expect(await fileExists(keyFromUrl(old[0])!)).toBe(true);

    // A listing keeps at least one photo: saving with none is refused, nothing changes.
    const none = await call(() => adminEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, draftFolder, intent: "save" }), { id: String(row.id) })));
    expect(none.status).toBe(400);
    expect(none.state.errors.images).toBe(MSG.images);
    expect(await storedImages()).toEqual(old);

    // Salvar commits: the new photo moves into the property's folder, then the removed files go.
    const staged = [added, old[1]];
    const saved = await call(() => adminEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, images: staged, draftFolder, intent: "save" }), { id: String(row.id) })));
    expect(saved.status).toBe(302);
    const after = await storedImages();
    expect(after).toHaveLength(2);
    expect(after[0].startsWith(`/uploads/${row.storage_folder}/`)).toBe(true);
    expect(after[1]).toBe(old[1]);
    expect(await fileExists(keyFromUrl(after[0])!)).toBe(true);
    expect(await fileExists(keyFromUrl(old[0])!)).toBe(false);
    expect(await fileExists(keyFromUrl(old[1])!)).toBe(true);
    expect(await fileExists(keyFromUrl(staged[0])!)).toBe(false); // the draft folder is gone
  });

  it("refuses a forged photo URL from another folder, and never deletes it", async () => {
    const { row } = await createThroughEditor();
    const { row: other } = await createThroughEditor();
    const foreign = parseJsonList(other.images)[0];
    const path = `/admin/imoveis/${row.id}/editar`;
    const r = await call(() => adminEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, images: [foreign, ...parseJsonList(row.images)], intent: "remove-image:0" }), { id: String(row.id) })));
    expect(r.state.values.images).toEqual(parseJsonList(row.images).slice(1));
    expect(await fileExists(keyFromUrl(foreign)!)).toBe(true);
  });

  it("the slug follows the title on save; the old slug redirects 301 (issue 7 item 3)", async () => {
    const { row } = await createThroughEditor();
    const path = `/admin/imoveis/${row.id}/editar`;
    const images = parseJsonList(row.images);
    const oldSlug = row.slug!;
    const saved = await call(() => adminEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, title: "Sobrado reformado no centro", images, intent: "save" }), { id: String(row.id) })));
    expect(saved.status).toBe(302);
    const after = await db().selectFrom("properties").select(["slug", "storage_folder", "images"]).where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after.slug).toBe(`sobrado-reformado-no-centro-${row.id}`);
    // the photos stay where they are
    expect(after.storage_folder).toBe(row.storage_folder);
    expect(parseJsonList(after.images)).toEqual(images);
    const { loader: propertyLoader } = await import("~/routes/public/property");
    const old = await run(() => propertyLoader(routeArgs(getRequest(`/imovel/${oldSlug}`), { slugOrId: oldSlug })));
    expect(old.response?.status).toBe(301);
    expect(old.response?.headers.get("Location")).toBe(`/imovel/${after.slug}`);
    // the editor's 'Ver no site' uses the current slug
    const page = (await adminEditorLoader(routeArgs(getRequest(path, { cookie: adminCookie }), { id: String(row.id) })));
    expect(page.view.slug).toBe(after.slug);
    // renamed back: the first slug is current again, no redirect loop
    await call(() => adminEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, images, intent: "save" }), { id: String(row.id) })));
    const back = await run(() => propertyLoader(routeArgs(getRequest(`/imovel/${oldSlug}`), { slugOrId: oldSlug })));
    expect(back.response).toBeUndefined();
    const renamed = await run(() => propertyLoader(routeArgs(getRequest(`/imovel/${after.slug}`), { slugOrId: after.slug! })));
    expect(renamed.response?.status).toBe(301);
    expect(renamed.response?.headers.get("Location")).toBe(`/imovel/${oldSlug}`);
  });

  it("keeps the options in the order they were added, save after save (issue 7 item 9)", async () => {
    const options = [
      JSON.stringify({ id: "a", area: 120, bedrooms: 3, bathrooms: 2, suites: 1 }),
      JSON.stringify({ id: "b", area: 60, bedrooms: 1, bathrooms: 1, suites: null }),
    ];
    const { row } = await createThroughEditor({ options });
    const images = parseJsonList(row.images);
    for (let i = 0; i < 5; i++) {
      const page = (await adminEditorLoader(routeArgs(getRequest(`/admin/imoveis/${row.id}/editar`, { cookie: adminCookie }), { id: String(row.id) })));
      expect(page.view.initial.values.options.map((o: { area: number }) => o.area)).toEqual([120, 60]);
      const posted = page.view.initial.values.options.map((o: object) => JSON.stringify(o));
      await call(() => adminEditorAction(routeArgs(multipart(`/admin/imoveis/${row.id}/editar`, { ...VALID_FIELDS, images, options: posted, intent: "save" }), { id: String(row.id) })));
    }
  });

  it("?tab= stops at the first earlier tab that is not valid (issue 7 item 9)", async () => {
    const fresh = (await adminEditorLoader(routeArgs(getRequest("/admin/imoveis/novo?tab=images", { cookie: adminCookie }))));
    expect(fresh.view.initial.tab).toBe("basics");
    expect(fresh.view.initial.errors).toEqual({});
    const { row } = await createThroughEditor();
    const edit = (await adminEditorLoader(routeArgs(getRequest(`/admin/imoveis/${row.id}/editar?tab=images`, { cookie: adminCookie }), { id: String(row.id) })));
    expect(edit.view.initial.tab).toBe("images");
  });

  it("a missing property is a 404", async () => {
    const r = await call(() => adminEditorLoader(routeArgs(getRequest("/admin/imoveis/999999/editar", { cookie: adminCookie }), { id: "999999" })));
    expect(r.status).toBe(404);
  });
});

describe("deleting", () => {
  it("keeps leads with property_id null, removes options, row and folder, with the spec's toast", async () => {
    const option = JSON.stringify({ id: "t", area: 90, bedrooms: 2, bathrooms: 1, suites: null });
    const { row } = await createThroughEditor({ options: option });
    const lead = await createLead({ name: "Maria", email: "maria@exemplo.com.br", phone: "(11) 91234-5678", message: "Quero visitar", propertyId: row.id });
    const folderFile = keyFromUrl(parseJsonList(row.images)[0])!;
    const res = await call(() => listAction(routeArgs(multipart("/admin?status=available&confirmDelete=1", { intent: "delete", id: String(row.id) }))));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin?status=available");
    expect(res.response!.headers.get("Set-Cookie")).toContain("__flash");
    expect(await db().selectFrom("properties").select("id").where("id", "=", row.id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom("property_options").select("id").where("property_id", "=", row.id).execute()).toHaveLength(0);
    const kept = await db().selectFrom("leads").select(["property_id", "property_title"]).where("id", "=", lead.id).executeTakeFirstOrThrow();
    expect(kept.property_id).toBeNull();
    expect(await fileExists(folderFile)).toBe(false);

    const again = await call(() => listAction(routeArgs(multipart("/admin", { intent: "delete", id: String(row.id) }))));
    expect(again.status).toBe(302);
  });
});

describe("broker mode", () => {
  it("creates with the broker as owner, featured off and the forced watermark", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    const page = (await brokerEditorLoader(routeArgs(getRequest("/broker/properties/novo", { cookie }))));
    expect(page.mode).toBe("broker");
    expect(page.view.forcedWatermark).toMatchObject({ logoUrl: PROJECT_LOGO_URL, position: "center", opacity: 0.5, sizePercent: 25 });
    const { row } = await createThroughEditor({ featured: "on", watermarkLogo: "" }, { action: brokerEditorAction, path: "/broker/properties/novo" }, cookie);
    expect(row.user_id).toBe(broker.userId);
    expect(row.broker_id).toBe(broker.brokerId);
    expect(row.featured).toBe(0);
  });

  it("refuses to edit or delete another broker's property, and nothing changes", async () => {
    const owner = await makeBroker();
    const other = await makeBroker();
    const ownerCookie = await sessionCookie(owner.userId);
    const otherCookie = await sessionCookie(other.userId);
    const { row } = await createThroughEditor({}, { action: brokerEditorAction, path: "/broker/properties/novo" }, ownerCookie);
    const path = `/broker/properties/${row.id}/editar`;
    const load = await call(() => brokerEditorLoader(routeArgs(getRequest(path, { cookie: otherCookie }), { id: String(row.id) })));
    expect(load.status).toBe(404);
    const edit = await call(() => brokerEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, title: "Roubado", images: parseJsonList(row.images), intent: "save" }, { cookie: otherCookie }), { id: String(row.id) })));
    expect([403, 404]).toContain(edit.status);
    const del = await call(() => brokerEditorAction(routeArgs(multipart(path, { intent: "delete" }, { cookie: otherCookie }), { id: String(row.id) })));
    expect([403, 404]).toContain(del.status);
    const after = await db().selectFrom("properties").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after.title).toBe(row.title);
    expect(after.images).toBe(row.images);
    // the owner may
    const mine = await call(() => brokerEditorLoader(routeArgs(getRequest(path, { cookie: ownerCookie }), { id: String(row.id) })));
    expect(mine.status).toBe(200);
  });
});

describe("admin list", () => {
  it("filters (accent-insensitive text, status, featured, inclusive prices)", async () => {
    const { row } = await createThroughEditor({ title: "Sobrado na Praça São João", price: "777.777,00", featured: "on" });
    const load = async (qs: string) => (await listLoader(routeArgs(getRequest(`/admin${qs}`, { cookie: adminCookie }))));
    expect((await load("?q=praca+sao")).rows.map((r) => r.id)).toContain(row.id);
    expect((await load("?q=PRAÇA")).rows.map((r) => r.id)).toContain(row.id);
    expect((await load("?q=nada-disso-existe")).rows).toHaveLength(0);
    expect((await load("?minPrice=777777&maxPrice=777.777,00")).rows.map((r) => r.id)).toEqual([row.id]);
    expect((await load("?minPrice=777778")).rows.map((r) => r.id)).not.toContain(row.id);
    expect((await load("?featured=normal")).rows.map((r) => r.id)).not.toContain(row.id);
    expect((await load("?status=sold")).rows).toHaveLength(0);
    const all = await load("?status=bogus&page=abc");
    expect(all.rows.length).toBeLessThanOrEqual(10);
    expect(all.total).toBe(await countProperties());
    const confirm = await load(`?confirmDelete=${row.id}`);
    expect(confirm.confirm).toEqual({ id: row.id, title: row.title });
  });

  it("pages by 10 over more than one page (23 matching properties → 10, 10, 3)", async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 23; i++) ids.push((await makeProperty({ title: `Quitinete Paginada ${i}`, status: "available" })).id);
    const load = async (qs: string) => await listLoader(routeArgs(getRequest(`/admin${qs}`, { cookie: adminCookie })));
    const first = await load("?q=quitinete+paginada");
    expect(first.total).toBe(23);
    expect(first.pageCount).toBe(3);
    expect(first.page).toBe(1);
    expect(first.rows).toHaveLength(10);
    const second = await load("?q=quitinete+paginada&page=2");
    expect(second.page).toBe(2);
    expect(second.rows).toHaveLength(10);
    const third = await load("?q=quitinete+paginada&page=3");
    expect(third.rows).toHaveLength(3);
    const seen = [...first.rows, ...second.rows, ...third.rows].map((r) => r.id);
    expect(new Set(seen).size).toBe(23); // no row twice, none missing
    expect([...seen].sort((a, b) => a - b)).toEqual(ids);
  });
});

describe("watermark on photos uploaded through the editors", () => {
  /** A dark 1000×800 photo, uploaded with the editor's own form fields. */
  async function uploadDarkPhoto(action: EditorAction, path: string, watermark: Record<string, string>, cookie?: string): Promise<Buffer> {
    const buf = await sharp({ create: { width: 1000, height: 800, channels: 3, background: { r: 30, g: 30, b: 30 } } }).jpeg({ quality: 95 }).toBuffer();
    const upload = await call(() =>
      action(routeArgs(multipart(path, { ...VALID_FIELDS, ...watermark, intent: "upload-images", tab: "images" }, { cookie, files: [{ name: "photos", blob: new Blob([new Uint8Array(buf)], { type: "image/jpeg" }), filename: "escura.jpg" }] }))),
    );
    expect(upload.status).toBe(200);
    const [url] = upload.state.values.images;
    expect(url).toMatch(/^\/arquivos\/rascunhos\/[0-9a-f]{16}\//);
    return fs.promises.readFile(resolveKey(keyFromUrl(url)!));
  }

  /** Light pixels in the centre band (where a centred logo lands) and the colour of a corner, compared with the photo sent. */
  async function marks(stored: Buffer): Promise<{ lightInCentre: number; corner: number[] }> {
    const { data, info } = await sharp(stored).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    let lightInCentre = 0;
    for (let y = Math.floor(info.height * 0.4); y < info.height * 0.6; y += 4) {
      for (let x = Math.floor(info.width * 0.35); x < info.width * 0.65; x += 4) if (at(x, y)[0] > 100) lightInCentre++;
    }
    return { lightInCentre, corner: at(5, 5) };
  }

  const near = (rgb: number[], value: number) => rgb.every((c) => Math.abs(c - value) <= 6);

  it("admin: the chosen project logo is drawn on the stored photo; without a logo the photo is untouched", async () => {
    const marked = await marks(await uploadDarkPhoto(adminEditorAction, "/admin/imoveis/novo", { watermarkLogo: PROJECT_LOGO_URL, watermarkPosition: "center", watermarkOpacity: "0.5", watermarkSize: "25" }));
    expect(marked.lightInCentre).toBeGreaterThan(20);
    expect(near(marked.corner, 30)).toBe(true);
    const plain = await marks(await uploadDarkPhoto(adminEditorAction, "/admin/imoveis/novo", { watermarkLogo: "" }));
    expect(plain.lightInCentre).toBe(0);
    expect(near(plain.corner, 30)).toBe(true);
  });

  it("broker: the forced watermark is drawn even when the form asks for none", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    const marked = await marks(await uploadDarkPhoto(brokerEditorAction, "/broker/properties/novo", { watermarkLogo: "" }, cookie));
    expect(marked.lightInCentre).toBeGreaterThan(20);
    expect(near(marked.corner, 30)).toBe(true);
  });
});
