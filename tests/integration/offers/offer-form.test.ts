import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { config } from "~/modules/platform/config.server";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { settleLeadHooks } from "~/modules/leads/lead-hooks.server";
import { HONEYPOT_FIELD } from "~/modules/leads/honeypot";
import { LEAD_MESSAGES } from "~/modules/leads/lead-form";
import { OFFER_MESSAGES } from "~/modules/offers/owner-offer";
import { isPrivateKey, publicKeyFromPath } from "~/modules/files/storage.server";
import { registerPresence } from "~/modules/roulette/presence.server";
import { manualDraw } from "~/modules/roulette/draw.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { action } from "~/routes/public/offer";
import { loader as thanksLoader } from "~/routes/public/thanks";
import { getRequest, routeArgs } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { refuseInserts } from "../../helpers/database";
import { makeAdmin, makeBroker } from "../../helpers/factories";
import { VALID_OFFER, count, filesUnder, jpegFile, leftovers, offerPost, textAsJpeg } from "./offer-helpers";

/** 'Anuncie seu imóvel' (/anuncie, issue 28) on a real database and a real DATA_DIR. */
const post = (fields: Record<string, string>, files: Awaited<ReturnType<typeof jpegFile>>[] = [], url?: string) => unwrap(() => action(routeArgs(offerPost(fields, files, { url }))));

beforeEach(() => resetRateLimits());
afterEach(() => vi.useRealTimers());

/** Nothing stored: the counts and the files are as before the post. */
async function expectNothingStored(before: { leads: number; offers: number; photos: number; files: string[] }) {
  expect(await count("leads")).toBe(before.leads);
  expect(await count("owner_offers")).toBe(before.offers);
  expect(await count("owner_offer_photos")).toBe(before.photos);
  expect(leftovers()).toEqual(before.files);
}
const snapshot = async () => ({ leads: await count("leads"), offers: await count("owner_offers"), photos: await count("owner_offer_photos"), files: leftovers() });

describe("a valid offer", () => {
  it("becomes a 'captacao' lead with the offer and its photos stored privately, and lands on its own /obrigado", async () => {
    const broker = await makeBroker();
    const r = await post({ ...VALID_OFFER, ref: broker.brokerId }, [await jpegFile("sala.jpg"), await jpegFile("cozinha.jpg", { r: 200, g: 200, b: 60 })]);
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/obrigado\?form=anuncie&name=Ana/);
    expect(r.location).toContain(`broker_id=${broker.brokerId}`);

    const lead = await db().selectFrom("leads").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ source: "captacao", name: "Ana Proprietária", email: "ana.prop@exemplo.com.br", phone: "(11) 98765-4321", broker_id: broker.brokerId, property_title: "Apartamento em Pinheiros, São Paulo" });
    expect(lead.message).toContain("Apartamento para venda em Pinheiros, São Paulo");
    expect(lead.message).toContain("R$ 850.000");
    expect(lead.message).toContain("Apartamento reformado, uma vaga.");

    const offer = await db().selectFrom("owner_offers").selectAll().where("lead_id", "=", lead.id).executeTakeFirstOrThrow();
    expect(offer).toMatchObject({ purpose: "sale", property_kind: "Apartamento", city: "São Paulo", neighborhood: "Pinheiros", area: 85.5, bedrooms: 2, price: 850_000, property_id: null });
    const photos = await db().selectFrom("owner_offer_photos").selectAll().where("offer_id", "=", offer.id).orderBy("position").execute();
    expect(photos.map((p) => p.original_name)).toEqual(["sala.jpg", "cozinha.jpg"]);
    for (const p of photos) {
      // private: in DATA_DIR/private, never reachable as /uploads/…
      expect(isPrivateKey(p.file_key)).toBe(true);
      expect(publicKeyFromPath(p.file_key)).toBeNull();
      expect(fs.existsSync(path.join(config().dataDir, "private", p.file_key))).toBe(true);
      expect(fs.existsSync(path.join(config().dataDir, "private", `${p.file_key}.w400.webp`))).toBe(true);
      expect(fs.existsSync(path.join(config().uploadsDir, p.file_key))).toBe(false);
    }
    expect(filesUnder("tmp")).toEqual([]);

    // /obrigado says the offer's own message, and greets the browser that sent it
    const cookie = r.headers.get("Set-Cookie")!.split(";")[0];
    const thanks = await unwrap(() => thanksLoader(routeArgs(getRequest(r.location!, { cookie }))));
    expect(thanks.data).toMatchObject({ name: "Ana Proprietária", form: "anuncie", broker: { id: broker.brokerId } });
    const plain = await unwrap(() => thanksLoader(routeArgs(getRequest("/obrigado"))));
    expect(plain.data).toMatchObject({ form: "lead" });
  });

  it("without a ref is routed like every public lead: the day's roulette gives it a broker", async () => {
    await db().deleteFrom("roleta_registrations").execute();
    await db().deleteFrom("roleta_results").execute();
    const a = await makeAdmin();
    const admin: SessionUser = { id: a.id, email: a.email, name: "Admin", role: "admin", broker: null };
    const b = await makeBroker();
    const broker: SessionUser = { id: b.userId, email: b.email, name: "Corretor", role: "broker", broker: { id: b.brokerId, name: "Corretor", isActive: true, profileImage: null, phone: "" } };
    await registerPresence(broker, new Date("2026-11-23T11:10:00Z"));
    await manualDraw(admin, new Date("2026-11-23T12:35:00Z"));
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-23T13:00:00Z") }); // 10:00 in São Paulo

    const r = await post({ ...VALID_OFFER, email: "roleta@exemplo.com.br" }, []);
    expect(r.status).toBe(302);
    await settleLeadHooks();
    const lead = await db().selectFrom("leads").select(["id", "broker_id", "source"]).where("email", "=", "roleta@exemplo.com.br").executeTakeFirstOrThrow();
    expect(lead.source).toBe("captacao");
    expect(lead.broker_id).toBe(b.brokerId);
    expect(await db().selectFrom("lead_assignments").select("reason").where("lead_id", "=", lead.id).executeTakeFirstOrThrow()).toEqual({ reason: "roleta" });
  });

  it("reads the price and the area the Brazilian way, and a rental's price as the monthly rent", async () => {
    const r = await post({ ...VALID_OFFER, email: "aluguel@exemplo.com.br", purpose: "rent", property_kind: "Casa", price: "3.500", area: "120", bedrooms: "0" });
    expect(r.status).toBe(302);
    const lead = await db().selectFrom("leads").select(["id", "message"]).where("email", "=", "aluguel@exemplo.com.br").executeTakeFirstOrThrow();
    expect(lead.message).toContain("R$ 3.500/mês");
    expect(await db().selectFrom("owner_offers").select(["purpose", "price", "area", "bedrooms"]).where("lead_id", "=", lead.id).executeTakeFirstOrThrow()).toEqual({ purpose: "rent", price: 3500, area: 120, bedrooms: 0 });
  });
});

describe("bad input: pt-BR messages beside the fields, everything typed back, nothing stored", () => {
  it("missing fields", async () => {
    const before = await snapshot();
    const r = await post({});
    expect(r.status).toBe(400);
    const { fieldErrors } = reply(r.data);
    expect(fieldErrors).toEqual({
      name: LEAD_MESSAGES.nameRequired,
      email: LEAD_MESSAGES.emailRequired,
      phone: LEAD_MESSAGES.phoneRequired,
      purpose: OFFER_MESSAGES.purpose,
      property_kind: OFFER_MESSAGES.kind,
      city: OFFER_MESSAGES.cityRequired,
      neighborhood: OFFER_MESSAGES.neighborhoodRequired,
      area: OFFER_MESSAGES.areaRequired,
      bedrooms: OFFER_MESSAGES.bedroomsRequired,
      price: OFFER_MESSAGES.priceRequired,
    });
    await expectNothingStored(before);
  });

  it("wrong types and values out of the lists", async () => {
    const before = await snapshot();
    const typed = { ...VALID_OFFER, email: "ana@", phone: "1234", purpose: "venda", property_kind: "Castelo", area: "abc", bedrooms: "2,5", price: "-10" };
    const r = await post(typed);
    expect(r.status).toBe(400);
    const { fieldErrors, values } = reply(r.data);
    expect(fieldErrors).toEqual({
      email: LEAD_MESSAGES.emailInvalid,
      phone: LEAD_MESSAGES.phoneShort,
      purpose: OFFER_MESSAGES.purpose,
      property_kind: OFFER_MESSAGES.kind,
      area: OFFER_MESSAGES.areaInvalid,
      bedrooms: OFFER_MESSAGES.bedroomsInvalid,
      price: "Informe um valor maior ou igual a zero",
    });
    expect(values).toMatchObject({ name: "Ana Proprietária", area: "abc", bedrooms: "2,5", price: "-10", city: "São Paulo", message: "Apartamento reformado, uma vaga." });
    // zero and over the limits
    const limits = reply((await post({ ...VALID_OFFER, area: "0", bedrooms: "51", price: "0", city: "x".repeat(81) })).data).fieldErrors;
    expect(limits).toEqual({ area: OFFER_MESSAGES.areaPositive, bedrooms: OFFER_MESSAGES.bedroomsInvalid, price: OFFER_MESSAGES.pricePositive, city: OFFER_MESSAGES.cityLong });
    await expectNothingStored(before);
  });

  it("injection strings: refused where a number is expected, stored as plain text elsewhere", async () => {
    const before = await snapshot();
    const r = await post({ ...VALID_OFFER, price: "1; DROP TABLE leads;--", area: "1' OR '1'='1", bedrooms: "<script>" });
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors).toEqual({ price: OFFER_MESSAGES.priceInvalid, area: OFFER_MESSAGES.areaInvalid, bedrooms: OFFER_MESSAGES.bedroomsInvalid });
    await expectNothingStored(before);

    const text = { name: "Robert'); DROP TABLE leads;--", neighborhood: "<script>alert(1)</script>", city: "São Paulo' OR 1=1 --" };
    const ok = await post({ ...VALID_OFFER, ...text, email: "inj@exemplo.com.br" });
    expect(ok.status).toBe(302);
    const lead = await db().selectFrom("leads").select(["id", "name"]).where("email", "=", "inj@exemplo.com.br").executeTakeFirstOrThrow();
    expect(lead.name).toBe(text.name);
    expect(await db().selectFrom("owner_offers").select(["neighborhood", "city"]).where("lead_id", "=", lead.id).executeTakeFirstOrThrow()).toEqual({ neighborhood: text.neighborhood, city: text.city });
    expect(await count("leads")).toBe(before.leads + 1);
  });

  it("a photo over 10 MB: named and refused, the rest of the form kept, no lead and no file", async () => {
    const before = await snapshot();
    const huge = { blob: new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: "image/jpeg" }), filename: "enorme.jpg" };
    const r = await post(VALID_OFFER, [await jpegFile("boa.jpg"), huge]);
    expect(r.status).toBe(400);
    const { formErrors, fieldErrors, values } = reply(r.data);
    expect(formErrors).toEqual([OFFER_MESSAGES.photosFix]);
    expect(fieldErrors.photos).toBe("enorme.jpg: a foto passa de 10 MB.");
    expect(values).toMatchObject({ name: VALID_OFFER.name, price: VALID_OFFER.price, neighborhood: "Pinheiros" });
    await expectNothingStored(before);
  });

  it("a corrupt file (a text file named .jpg) among good photos, with another field wrong too", async () => {
    const before = await snapshot();
    const r = await post({ ...VALID_OFFER, city: "" }, [await jpegFile("boa.jpg"), textAsJpeg("planta.jpg")]);
    expect(r.status).toBe(400);
    const { fieldErrors, values } = reply(r.data);
    expect(fieldErrors).toEqual({ city: OFFER_MESSAGES.cityRequired, photos: "planta.jpg: arquivo não é uma imagem válida." });
    expect(values).toMatchObject({ name: VALID_OFFER.name, area: VALID_OFFER.area });
    await expectNothingStored(before);
  });

  it("too many photos (7 of at most 6)", async () => {
    const before = await snapshot();
    const photos = await Promise.all(Array.from({ length: 7 }, (_, i) => jpegFile(`foto-${i + 1}.jpg`)));
    const r = await post(VALID_OFFER, photos);
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors.photos).toBe(OFFER_MESSAGES.photoTooMany);
    await expectNothingStored(before);
  });

  it("a bot filling the honeypot sees the usual success; nothing is stored", async () => {
    const before = await snapshot();
    const r = await post({ ...VALID_OFFER, [HONEYPOT_FIELD]: "https://spam.example" }, [await jpegFile()]);
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/obrigado\?form=anuncie/);
    await expectNothingStored(before);
  });

  it("a database failure while saving stores neither the lead nor the photos", async () => {
    const before = await snapshot();
    const allow = await refuseInserts("owner_offers", "neighborhood", "Recusado");
    try {
      const r = await post({ ...VALID_OFFER, neighborhood: "Recusado" }, [await jpegFile()]);
      expect(r.status).toBe(500);
      expect(reply(r.data).formErrors).toEqual([OFFER_MESSAGES.failure]);
      expect(reply(r.data).values).toMatchObject({ neighborhood: "Recusado", name: VALID_OFFER.name });
    } finally {
      await allow();
    }
    await settleLeadHooks();
    await expectNothingStored(before);
  });
});
