import fs from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, parseJsonList } from "~/modules/platform/db.server";
import { config } from "~/modules/platform/config.server";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { deleteProperty } from "~/modules/properties/delete.server";
import { bulkDelete, deleteLead } from "~/modules/leads/bulk.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { OFFER_DRAFT_MESSAGES, draftInput } from "~/modules/offers/offer-draft.server";
import { loadPropertyPage, PropertyPageNotFoundError } from "~/modules/catalogue/property-page.server";
import { cardsByIds } from "~/modules/catalogue/cards.server";
import { loadComparison } from "~/modules/favourites/compare.server";
import { updateProperty } from "~/modules/properties/records.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { action as offerAction } from "~/routes/public/offer";
import { action as leadAction, loader as leadLoader } from "~/routes/broker/leads/lead";
import { loader as photoLoader } from "~/routes/resources/offer-photo";
import { loader as uploadsLoader } from "~/routes/resources/uploads";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker, makeLead, makeProperty } from "../../helpers/factories";
import { VALID_OFFER, count, jpegFile, offerPost } from "./offer-helpers";

/** The CRM side of 'Anuncie seu imóvel': the private photo route and 'Criar rascunho de imóvel', on a real database. */
type Person = { cookie: string; brokerId?: string };
let owner: Person;
let other: Person;
let inactive: Person;
let admin: Person;
let adminUser: SessionUser;

async function brokerPerson(options: { isActive?: boolean } = {}): Promise<Person> {
  const b = await makeBroker(options);
  return { cookie: await sessionCookie(b.userId), brokerId: b.brokerId };
}

/** An offer sent with photos and the owner broker's ref; its lead id and photo ids. */
async function sendOffer(email: string, photos = 2): Promise<{ leadId: number; photoIds: number[] }> {
  const files = await Promise.all(Array.from({ length: photos }, (_, i) => jpegFile(`foto-${i + 1}.jpg`)));
  const r = await unwrap(() => offerAction(routeArgs(offerPost({ ...VALID_OFFER, email, ref: owner.brokerId! }, files))));
  expect(r.status).toBe(302);
  const lead = await db().selectFrom("leads").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  const rows = await db().selectFrom("owner_offer_photos").innerJoin("owner_offers", "owner_offers.id", "owner_offer_photos.offer_id").select("owner_offer_photos.id").where("owner_offers.lead_id", "=", lead.id).orderBy("position").execute();
  return { leadId: lead.id, photoIds: rows.map((r) => r.id) };
}

const photo = (id: number | string, person?: Person, query = "") => unwrap(() => photoLoader(routeArgs(getRequest(`/arquivos/captacao/${id}${query}`, { cookie: person?.cookie }), { photo: String(id) })));
const press = (leadId: number, person: Person) => unwrap(() => leadAction(routeArgs(formRequest(`/broker/lead/${leadId}`, { intent: "offer-draft" }, { cookie: person.cookie }), { id: String(leadId) })));

beforeAll(async () => {
  owner = await brokerPerson();
  other = await brokerPerson();
  inactive = await brokerPerson({ isActive: false });
  const a = await makeAdmin();
  admin = { cookie: await sessionCookie(a.id) };
  adminUser = { id: a.id, email: a.email, name: "Admin", role: "admin", broker: null };
});
beforeEach(() => resetRateLimits());

describe("the offer's photos: /arquivos/captacao/{id}", () => {
  it("401 signed out, 403 for a deactivated broker, 404 for another broker or an unknown id, 200 for the lead's broker and an admin", async () => {
    const { photoIds } = await sendOffer("fotos@exemplo.com.br");
    const [id] = photoIds;
    expect((await photo(id)).status).toBe(401);
    expect((await photo(id, inactive)).status).toBe(403);
    expect((await photo(id, other)).status).toBe(404);
    expect((await photo(999_999, owner)).status).toBe(404);
    expect((await photo("1%20OR%201=1", owner)).status).toBe(404);

    for (const person of [owner, admin]) {
      const r = await photo(id, person);
      expect(r.status).toBe(200);
      expect(r.headers.get("Content-Type")).toBe("image/jpeg");
      expect(r.headers.get("Cache-Control")).toBe("private, no-store");
    }
    // the thumbnail: a stored WebP variant
    const thumb = await photo(id, owner, "?w=400");
    expect(thumb.headers.get("Content-Type")).toBe("image/webp");
    // never under /uploads, whatever the spelling
    const key = (await db().selectFrom("owner_offer_photos").select("file_key").where("id", "=", id).executeTakeFirstOrThrow()).file_key;
    for (const p of [`/uploads/${key}`, `/uploads/${encodeURIComponent(key)}`, `/uploads/../private/${key}`]) {
      expect((await unwrap(() => uploadsLoader(routeArgs(getRequest(p), { "*": p.slice(9) })))).status, p).toBe(404);
    }
  });

  it("the lead page shows the offer with its photo URLs to the lead's broker; another broker gets 404", async () => {
    const { leadId, photoIds } = await sendOffer("pagina@exemplo.com.br");
    const page = await unwrap(() => leadLoader(routeArgs(getRequest(`/broker/lead/${leadId}`, { cookie: owner.cookie }), { id: String(leadId) })));
    expect(page.status).toBe(200);
    const offer = (page.data as { offer: { kind: string; price: number; photos: { url: string; thumbUrl: string }[]; draft: unknown; canCreateDraft: boolean } }).offer;
    expect(offer).toMatchObject({ kind: "Apartamento", price: 850_000, draft: null, canCreateDraft: true });
    expect(offer.photos.map((p) => p.url)).toEqual(photoIds.map((id) => `/arquivos/captacao/${id}`));
    expect(offer.photos[0].thumbUrl).toBe(`/arquivos/captacao/${photoIds[0]}?w=400`);
    const refused = await unwrap(() => leadLoader(routeArgs(getRequest(`/broker/lead/${leadId}`, { cookie: other.cookie }), { id: String(leadId) })));
    expect(refused.status).toBe(404);
    // a lead that is not an offer has no section
    const plain = await makeLead({ brokerId: owner.brokerId });
    const plainPage = await unwrap(() => leadLoader(routeArgs(getRequest(`/broker/lead/${plain.id}`, { cookie: owner.cookie }), { id: String(plain.id) })));
    expect((plainPage.data as { offer: unknown }).offer).toBeNull();
  });
});

describe("'Criar rascunho de imóvel'", () => {
  it("makes one unpublished property with the offer's data and copies of its photos, then opens its editor; a second press opens the same one", async () => {
    const { leadId } = await sendOffer("rascunho@exemplo.com.br");
    const before = await count("properties");
    const r = await press(leadId, owner);
    expect(r.status).toBe(302);
    const match = /^\/broker\/properties\/(\d+)\/editar$/.exec(r.location ?? "");
    expect(match, r.location ?? "").not.toBeNull();
    const id = Number(match![1]);
    expect(await count("properties")).toBe(before + 1);

    const property = await db().selectFrom("properties").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(property).toMatchObject({ title: "Apartamento em Pinheiros, São Paulo", status: "reserved", type: "pronto", property_type: "Apartamento", purpose: "sale", price: 850_000, rent_price: 0, area: 85.5, bedrooms: 2, neighborhood: "Pinheiros", city: "São Paulo", state: "SP", broker_id: owner.brokerId, featured: 0 });
    const images = parseJsonList(property.images);
    expect(images).toHaveLength(2);
    for (const url of images) {
      expect(url).toMatch(new RegExp(`^/uploads/imoveis/${property.slug}/`));
      const file = path.join(config().uploadsDir, url.slice("/uploads/".length));
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.existsSync(`${file}.w400.webp`)).toBe(true);
    }
    // the owner's photos stay private and where they were
    expect(await count("owner_offer_photos")).toBeGreaterThanOrEqual(2);
    expect((await db().selectFrom("owner_offers").select("property_id").where("lead_id", "=", leadId).executeTakeFirstOrThrow()).property_id).toBe(id);

    const again = await press(leadId, owner);
    expect(again.location).toBe(`/broker/properties/${id}/editar`);
    expect(await count("properties")).toBe(before + 1);
    // the admin goes to the admin editor of the same draft
    expect((await press(leadId, admin)).location).toBe(`/admin/imoveis/${id}/editar`);
    expect(await count("properties")).toBe(before + 1);

    // a draft deleted in the editor: the next press makes a new one
    await deleteProperty(id);
    const fresh = await press(leadId, owner);
    expect(fresh.location).not.toBe(`/broker/properties/${id}/editar`);
    expect(await count("properties")).toBe(before + 1);
  });

  it("keeps the draft from visitors until it is first saved in the editor: no page, card or comparison by id or slug", async () => {
    const { leadId } = await sendOffer("rascunho-oculto@exemplo.com.br", 1);
    const id = Number(/(\d+)\/editar$/.exec((await press(leadId, owner)).location ?? "")![1]);
    const draft = await db().selectFrom("properties").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(draft.is_draft).toBe(1);
    const published = await makeProperty();
    const twoIds = new URLSearchParams({ ids: `${published.id},${id}` });

    for (const slugOrId of [String(id), draft.slug!]) {
      await expect(loadPropertyPage({ slugOrId, ref: null }), slugOrId).rejects.toBeInstanceOf(PropertyPageNotFoundError);
    }
    expect(await cardsByIds([id])).toEqual([]);
    expect(await loadComparison(twoIds)).toMatchObject({ ok: false });

    // saved once in the editor (which asks for address, description and photos): a listing like any other
    const offer = await db().selectFrom("owner_offers").selectAll().where("lead_id", "=", leadId).executeTakeFirstOrThrow();
    await updateProperty(id, { ...draftInput(offer, parseJsonList(draft.images)), address: "Rua dos Pinheiros", description: "Apartamento reformado." }, { options: [], featured: false });
    expect((await db().selectFrom("properties").select("is_draft").where("id", "=", id).executeTakeFirstOrThrow()).is_draft).toBe(0);
    await expect(loadPropertyPage({ slugOrId: String(id), ref: null })).resolves.toMatchObject({ property: expect.objectContaining({ title: draft.title }) });
    expect((await cardsByIds([id])).map((c) => c.id)).toEqual([id]);
    expect(await loadComparison(twoIds)).toMatchObject({ ok: true });
  });

  it("only the lead's broker or an admin: another broker gets 'Lead não encontrado.' and nothing is made", async () => {
    const { leadId } = await sendOffer("permissao@exemplo.com.br", 1);
    const before = await count("properties");
    const refused = await press(leadId, other);
    expect(refused.status).toBe(404);
    expect(reply(refused.data).formErrors).toEqual([CRM_MESSAGES.leadNotFound]);
    const blocked = await press(leadId, inactive);
    expect(blocked.status).toBe(302);
    expect(blocked.location).toBe("/broker/bloqueado");
    expect(await count("properties")).toBe(before);

    // the admin's draft belongs to the lead's broker, so the broker can finish it
    const r = await press(leadId, admin);
    const id = Number(/^\/admin\/imoveis\/(\d+)\/editar$/.exec(r.location ?? "")![1]);
    expect((await db().selectFrom("properties").select("broker_id").where("id", "=", id).executeTakeFirstOrThrow()).broker_id).toBe(owner.brokerId);
  });

  it("a lead that is not an offer answers a pt-BR message and makes nothing", async () => {
    const lead = await makeLead({ brokerId: owner.brokerId });
    const before = await count("properties");
    const r = await press(lead.id, owner);
    expect(r.status).toBe(404);
    expect(reply(r.data).formErrors).toEqual([OFFER_DRAFT_MESSAGES.noOffer]);
    expect(await count("properties")).toBe(before);
  });
});

describe("deleting the lead", () => {
  it("removes the offer and its private photos with it (one lead, and in bulk)", async () => {
    const folderOf = async (leadId: number) => (await db().selectFrom("owner_offers").select("folder").where("lead_id", "=", leadId).executeTakeFirstOrThrow()).folder;
    const one = await sendOffer("apagar-1@exemplo.com.br", 1);
    const two = await sendOffer("apagar-2@exemplo.com.br", 1);
    const folders = [await folderOf(one.leadId), await folderOf(two.leadId)].map((f) => path.join(config().dataDir, "private", f));
    for (const f of folders) expect(fs.existsSync(f)).toBe(true);

    await deleteLead(adminUser, one.leadId);
    expect(fs.existsSync(folders[0])).toBe(false);
    expect(fs.existsSync(folders[1])).toBe(true);
    expect(await db().selectFrom("owner_offers").select("id").where("lead_id", "=", one.leadId).execute()).toEqual([]);

    expect(await bulkDelete(adminUser, [two.leadId])).toBe(1);
    expect(fs.existsSync(folders[1])).toBe(false);
    expect(await db().selectFrom("owner_offer_photos").select("id").where("id", "in", two.photoIds).execute()).toEqual([]);
  });
});
