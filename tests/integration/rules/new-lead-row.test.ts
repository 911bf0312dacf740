import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { createLead, insertLeadsInBulk } from "~/modules/leads/leads.server";
import { settleLeadHooks } from "~/modules/leads/lead-hooks.server";
import { ensureDefaultPipeline, listStages } from "~/modules/crm/pipeline.server";
import { makeBroker, makeProperty } from "../../helpers/factories";

/**
 * What a new lead stores, whatever its source (leads.server.ts): the
 * contact trimmed, the e-mail lower-cased, the phone also kept normalised,
 * the entry stage and status 'entrada' unless given, the source 'site'
 * unless given, the listing's title and address when its id exists (else
 * the title typed), the ref's broker only when active, created and updated
 * at the fixed clock's instant. Leads from a file go in 100-row statements.
 */
const T0 = new Date("2026-11-23T13:00:00.000Z");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(async () => {
  await settleLeadHooks();
  vi.useRealTimers();
});

const row = (id: number) => db().selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("a new lead's row", () => {
  it("trims the contact, lower-cases the e-mail, keeps the phone normalised, and takes the defaults", async () => {
    const { entryStageId } = await ensureDefaultPipeline();
    const created = await createLead({ name: "  Ana Linha  ", email: "  Ana.Linha@Exemplo.COM.br  ", phone: "  (11) 98765-4444  ", message: "  Quero visitar.  " });
    expect(created).toEqual({ id: created.id, brokerId: null, brokerPhone: null, propertyId: null });
    expect(await row(created.id)).toMatchObject({
      name: "Ana Linha",
      email: "ana.linha@exemplo.com.br",
      phone: "(11) 98765-4444",
      phone_normalized: "5511987654444",
      message: "Quero visitar.",
      broker_id: null,
      stage_id: entryStageId,
      status: "entrada",
      source: "site",
      tags: "[]",
      property_id: null,
      property_title: null,
      property_url: null,
      created_at: T0.toISOString(),
      updated_at: T0.toISOString(),
    });
  });

  it("keeps a given stage, status, source, tags and creation instant", async () => {
    const stages = await listStages();
    const created = await createLead({
      name: "Bia Dada",
      email: "bia.dada@exemplo.com.br",
      phone: "(11) 98765-5555",
      message: "Oi",
      stageId: stages[2].id,
      status: "negociacao",
      source: "board",
      tags: ["vip", "praia"],
      createdAt: "2026-11-01T10:00:00.000Z",
    });
    expect(await row(created.id)).toMatchObject({
      stage_id: stages[2].id,
      status: "negociacao",
      source: "board",
      tags: '["vip","praia"]',
      created_at: "2026-11-01T10:00:00.000Z",
      updated_at: "2026-11-01T10:00:00.000Z",
    });
  });

  it("takes the listing's own title and address when its id exists; otherwise the title typed, trimmed, or none", async () => {
    const p = await makeProperty({ title: "Apartamento da Linha" });
    const withListing = await createLead({ name: "C", email: "c.linha@exemplo.com.br", phone: "11987650001", message: "a", propertyId: p.id, propertyTitle: "Outro título" });
    expect(withListing.propertyId).toBe(p.id);
    expect(await row(withListing.id)).toMatchObject({ property_id: p.id, property_title: "Apartamento da Linha", property_url: `/imovel/${p.slug}` });
    const gone = await createLead({ name: "C", email: "c.linha@exemplo.com.br", phone: "11987650001", message: "b", propertyId: 999_999, propertyTitle: "  Casa do arquivo  " });
    expect(gone.propertyId).toBeNull();
    expect(await row(gone.id)).toMatchObject({ property_id: null, property_title: "Casa do arquivo", property_url: null });
    const blank = await createLead({ name: "C", email: "c.linha@exemplo.com.br", phone: "11987650001", message: "c", propertyTitle: "   " });
    expect(await row(blank.id)).toMatchObject({ property_id: null, property_title: null, property_url: null });
  });

  it("attaches the ref's broker only when the broker is active", async () => {
    const active = await makeBroker({ phone: "(11) 95555-0202" });
    const inactive = await makeBroker({ isActive: false });
    const a = await createLead({ name: "D", email: "d.linha@exemplo.com.br", phone: "11987650002", message: "ativo", brokerId: active.brokerId.toUpperCase(), source: "board" });
    expect(a).toMatchObject({ brokerId: active.brokerId, brokerPhone: "(11) 95555-0202" });
    expect((await row(a.id)).broker_id).toBe(active.brokerId);
    const i = await createLead({ name: "D", email: "d.linha@exemplo.com.br", phone: "11987650002", message: "inativo", brokerId: inactive.brokerId, source: "board" });
    expect(i).toMatchObject({ brokerId: null, brokerPhone: null });
    expect((await row(i.id)).broker_id).toBeNull();
  });
});

describe("what comes with the lead (attach)", () => {
  it("is written in the lead's own transaction: kept with the lead; when it fails, no lead is stored", async () => {
    const email = "f.anexo@exemplo.com.br";
    const input = { name: "F", email, phone: "11987650004", message: "com anexo", source: "captacao" as const };
    const seen: number[] = [];
    const kept = await createLead(input, {
      attach: async (tx, lead) => {
        seen.push(lead.id);
        await tx.updateTable("leads").set({ rating: 4 }).where("id", "=", lead.id).execute();
      },
    });
    expect(seen).toEqual([kept.id]);
    expect((await row(kept.id)).rating).toBe(4);
    await expect(
      createLead(
        { ...input, message: "anexo que falha" },
        {
          attach: async () => {
            throw new Error("falha ao gravar as fotos");
          },
        },
      ),
    ).rejects.toThrow("falha ao gravar as fotos");
    const rows = await db().selectFrom("leads").select("message").where("email", "=", email).execute();
    expect(rows).toEqual([{ message: "com anexo" }]);
  });
});

describe("leads from a file (insertLeadsInBulk)", () => {
  it("writes every row of a 200-row file (two full statements), with the same columns as one lead, for an active broker", async () => {
    const broker = await makeBroker();
    const { entryStageId } = await ensureDefaultPipeline();
    const inputs = Array.from({ length: 200 }, (_, i) => ({
      name: ` Arquivo ${i} `,
      email: ` Arquivo.${i}@Exemplo.com.br `,
      phone: " 11987650003 ",
      message: " do arquivo ",
      propertyTitle: i === 0 ? "  Sala comercial  " : "  ",
      source: "csv" as const,
      createdAt: i === 199 ? "2026-10-01T09:00:00.000Z" : undefined,
    }));
    const written = await db()
      .transaction()
      .execute((tx) => insertLeadsInBulk(tx, broker.brokerId, inputs));
    expect(written).toBe(200);
    const rows = await db().selectFrom("leads").selectAll().where("broker_id", "=", broker.brokerId).orderBy("id").execute();
    expect(rows).toHaveLength(200);
    expect(rows.map((r) => r.email)).toEqual(inputs.map((_, i) => `arquivo.${i}@exemplo.com.br`));
    expect(rows[0]).toMatchObject({ name: "Arquivo 0", phone: "11987650003", phone_normalized: "5511987650003", message: "do arquivo", property_id: null, property_title: "Sala comercial", property_url: null, stage_id: entryStageId, status: "entrada", source: "csv", tags: "[]", created_at: T0.toISOString(), updated_at: T0.toISOString() });
    expect(rows[1].property_title).toBeNull();
    expect(rows[199]).toMatchObject({ created_at: "2026-10-01T09:00:00.000Z", updated_at: "2026-10-01T09:00:00.000Z" });
  });

  it("writes nothing for an empty file, and no broker for an inactive one", async () => {
    const inactive = await makeBroker({ isActive: false });
    const before = await db().selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(await db().transaction().execute((tx) => insertLeadsInBulk(tx, inactive.brokerId, []))).toBe(0);
    const written = await db()
      .transaction()
      .execute((tx) => insertLeadsInBulk(tx, inactive.brokerId, [{ name: "E", email: "e.arquivo@exemplo.com.br", phone: "", message: "" }]));
    expect(written).toBe(1);
    const rows = await db().selectFrom("leads").select(["broker_id", "source"]).where("email", "=", "e.arquivo@exemplo.com.br").execute();
    expect(rows).toEqual([{ broker_id: null, source: "site" }]);
    const after = await db().selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });
});
