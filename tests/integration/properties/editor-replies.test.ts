import { beforeAll, describe, expect, it } from "vitest";
import { db, parseJsonList } from "~/modules/platform/db.server";
import { fileExists, keyFromUrl } from "~/modules/files/storage.server";
import { MSG } from "~/modules/properties/editor/state";
import { action as adminEditorAction } from "~/routes/admin/properties/editor";
import { action as listAction } from "~/routes/admin/properties/list";
import { formRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { makeAdmin } from "../../helpers/factories";
import { unwrap } from "../../helpers/responses";
import { VALID_FIELDS, answerOf, countProperties, jpeg, multipart } from "./editor-helpers";

/**
 * The editor's answers through the one form pipeline (issue 22 item 1):
 * `submission.reply()` with the messages beside the fields and everything
 * typed back, JavaScript on or off; refused photos keep the rest of the
 * form; new photos are added to the set, staged until Salvar (issue 24).
 */
let cookie = "";
beforeAll(async () => {
  cookie = await sessionCookie((await makeAdmin()).id);
});

const NEW = "/admin/imoveis/novo";
const post = (fields: Record<string, string | string[]>, files: { name: string; blob: Blob; filename: string }[] = [], path = NEW, params?: { id: string }) =>
  answerOf(() => adminEditorAction(routeArgs(multipart(path, fields, { cookie, files }), params)));

describe("the editor's replies", () => {
  it("Próximo without JavaScript: the tab's messages beside its fields, every tab's typed values back, 400", async () => {
    const r = await post({ ...VALID_FIELDS, title: "  ", construction_year: "1800", intent: "next" });
    expect(r.status).toBe(400);
    expect(r.form.fieldErrors).toEqual({ title: MSG.title, construction_year: `O ano de construção deve estar entre 1900 e ${new Date().getFullYear()}` });
    expect(r.form.values).toMatchObject({ title: "  ", construction_year: "1800", city: "Sorocaba", postal_code: "18047-000", price: "650.000,00", description: VALID_FIELDS.description });
    expect(r.state.tab).toBe("basics");
  });

  it("a list change without JavaScript is answered with the new state (the item added, the box emptied)", async () => {
    const r = await post({ ...VALID_FIELDS, amenities: ["Piscina"], new_amenities: "  Lareira  ", tab: "amenities", intent: "add-item:amenities" });
    expect(r.status).toBe(200);
    expect(r.form.values.amenities).toEqual(["Piscina", "Lareira"]);
    expect(r.form.values.new_amenities).toBeUndefined();
    expect(r.state.values.amenities).toEqual(["Piscina", "Lareira"]);
  });

  it("Cadastrar with errors on several tabs: the first tab in error, its message as the banner, every message beside its field", async () => {
    const r = await post({ ...VALID_FIELDS, city: "", area: "0", description: "", intent: "save" });
    expect(r.status).toBe(400);
    expect(r.form.fieldErrors).toMatchObject({ city: MSG.city, area: MSG.area, description: MSG.description, images: MSG.images });
    expect(r.form.formErrors).toEqual([MSG.city]);
    expect(r.state.tab).toBe("location");
    expect(r.state.banner).toEqual({ tone: "danger", title: "Localização", text: MSG.city });
  });

  it("an unreadable or foreign post is a pt-BR 4xx, not a 500", async () => {
    const json = await unwrap(() => adminEditorAction(routeArgs(new Request("http://localhost/admin/imoveis/novo", { method: "POST", body: "{}", headers: { "Content-Type": "application/json", Cookie: cookie } }))));
    expect(json.status).toBe(415);
    // an urlencoded post (no file input) still works
    const plain = await unwrap(() => adminEditorAction(routeArgs(formRequest(NEW, { ...VALID_FIELDS, intent: "next" }, { cookie }))));
    expect(plain.status).toBe(200);
  });
});

describe("photos in the editor", () => {
  it("a corrupt photo is refused with its name; the rest of the form comes back and nothing is saved", async () => {
    const before = await countProperties();
    const r = await post({ ...VALID_FIELDS, title: "Casa com foto quebrada", intent: "save" }, [{ name: "photos", blob: new Blob(["isto não é uma imagem"]), filename: "quebrada.jpg" }]);
    expect(r.status).toBe(400);
    expect(r.form.fieldErrors.photos).toMatch(/^Erro ao enviar imagem: quebrada\.jpg: /);
    expect(r.form.values).toMatchObject({ title: "Casa com foto quebrada", postal_code: "18047-000", description: VALID_FIELDS.description });
    expect(r.state.tab).toBe("images");
    expect(r.state.uploadErrors).toHaveLength(1);
    expect(await countProperties()).toBe(before);
  });

  it("a photo over 15 MB is refused with the limit; the good one beside it is kept, the form too, nothing saved", async () => {
    const before = await countProperties();
    const huge = new Blob([new Uint8Array(15 * 1024 * 1024 + 1)], { type: "image/jpeg" });
    const r = await post({ ...VALID_FIELDS, intent: "save" }, [
      { name: "photos", blob: huge, filename: "enorme.jpg" },
      { name: "photos", blob: await jpeg(), filename: "boa.jpg" },
    ]);
    expect(r.status).toBe(400);
    expect(r.form.fieldErrors.photos).toBe("Erro ao enviar imagem: enorme.jpg: arquivo maior que 15 MB");
    expect(r.state.values.images).toHaveLength(1);
    expect(r.form.values.title).toBe(VALID_FIELDS.title);
    expect(await countProperties()).toBe(before);
  });

  it("uploads add to the current set (never replace it), in order, staged in the draft folder", async () => {
    const first = await post({ ...VALID_FIELDS, intent: "upload-images" }, [{ name: "photos", blob: await jpeg(), filename: "a.jpg" }]);
    expect(first.status).toBe(200);
    const [a] = first.state.values.images;
    const second = await post({ ...VALID_FIELDS, images: [a], draftFolder: first.state.draftFolder, intent: "upload-images" }, [
      { name: "photos", blob: await jpeg({ r: 10, g: 200, b: 10 }), filename: "b.jpg" },
      { name: "photos", blob: await jpeg({ r: 10, g: 10, b: 200 }), filename: "c.jpg" },
    ]);
    expect(second.status).toBe(200);
    expect(second.state.values.images).toHaveLength(3);
    expect(second.state.values.images[0]).toBe(a);
    expect(second.state.draftFolder).toBe(first.state.draftFolder);
    for (const url of second.state.values.images) expect(await fileExists(keyFromUrl(url)!)).toBe(true);
  });

  it("without JavaScript, files chosen and Cadastrar pressed are added and saved with the property", async () => {
    const r = await post({ ...VALID_FIELDS, title: "Casa enviada num só clique", intent: "save" }, [{ name: "photos", blob: await jpeg(), filename: "fachada.jpg" }]);
    expect(r.status).toBe(302);
    const row = await db().selectFrom("properties").selectAll().where("title", "=", "Casa enviada num só clique").executeTakeFirstOrThrow();
    const images = parseJsonList(row.images);
    expect(images).toHaveLength(1);
    expect(images[0].startsWith(`/uploads/${row.storage_folder}/`)).toBe(true);
  });

  it("a listing holds at most 30 photos: beyond that the files are refused and the set stays as it was", async () => {
    const draftFolder = "imoveis/rascunho-00000000000000aa";
    const thirty = Array.from({ length: 30 }, (_, i) => `/uploads/${draftFolder}/foto-${i}.jpg`);
    const r = await post({ ...VALID_FIELDS, images: thirty, draftFolder, intent: "upload-images" }, [{ name: "photos", blob: await jpeg(), filename: "extra.jpg" }]);
    expect(r.status).toBe(400);
    expect(r.form.fieldErrors.photos).toBe("Erro ao enviar imagem: o imóvel já tem 30 de no máximo 30 fotos; 1 não foram adicionadas");
    expect(r.state.values.images).toEqual(thirty);
  });

  it("in edit mode a refused photo on Salvar changes nothing stored", async () => {
    const created = await post({ ...VALID_FIELDS, title: "Casa para editar fotos", intent: "save" }, [{ name: "photos", blob: await jpeg(), filename: "um.jpg" }]);
    expect(created.status).toBe(302);
    const row = await db().selectFrom("properties").selectAll().where("title", "=", "Casa para editar fotos").executeTakeFirstOrThrow();
    const path = `/admin/imoveis/${row.id}/editar`;
    const r = await post({ ...VALID_FIELDS, title: "Título que não deve ficar", images: parseJsonList(row.images), intent: "save" }, [{ name: "photos", blob: new Blob(["x"]), filename: "ruim.png" }], path, {
      id: String(row.id),
    });
    expect(r.status).toBe(400);
    expect(r.form.values.title).toBe("Título que não deve ficar");
    const after = await db().selectFrom("properties").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after.title).toBe("Casa para editar fotos");
    expect(after.images).toBe(row.images);
  });
});

describe("the admin list's delete", () => {
  it("a missing, forged or injected id is 'not found', and nothing is deleted", async () => {
    const before = await countProperties();
    for (const id of ["", "abc", "0", "-1", "1 OR 1=1", "9".repeat(40)]) {
      const r = await unwrap(() => listAction(routeArgs(formRequest("/admin?confirmDelete=1", { intent: "delete", id }, { cookie }))));
      expect(r.status, id).toBe(302);
      expect(r.location).toBe("/admin");
    }
    expect(await countProperties()).toBe(before);
  });
});
