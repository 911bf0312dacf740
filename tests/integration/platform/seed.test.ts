import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { listPublishedPosts } from "~/modules/blog/posts.server";
import { articleText } from "~/modules/blog/content.server";
import { PUBLISH_MIN_TEXT } from "~/modules/blog/post-schema";
import { statusForStageName } from "~/modules/crm/labels";
import { feedStatusPage } from "~/modules/feeds/feeds.server";
import { PORTALS } from "~/modules/feeds/rules";
import { createLead } from "~/modules/leads/leads.server";
import { settleLeadHooks } from "~/modules/leads/lead-hooks.server";
import { campaignMonitor, listCampaigns } from "~/modules/messaging/campaign-monitor.server";
import { db } from "~/modules/platform/db.server";
import { DEMO_ADMIN, DEMO_BROKERS, seedDemo } from "~/modules/platform/seed.server";
import { demoPdf } from "~/modules/platform/demo-extras.server";
import { resolveKey } from "~/modules/files/storage.server";
import { agencyDayStart } from "~/utils/clock";
import fs from "node:fs";
import { fetchFeed } from "../feeds/feed-helpers";

/** Issue 24: a fresh demo shows every part working (feeds, blog, CRM stages, materials, roulette, a finished campaign, portal leads). */
beforeAll(async () => {
  const result = await seedDemo();
  expect(result.seeded).toBe(true);
}, 120_000);

const brokerId = async (email: string) => (await db().selectFrom("brokers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

describe("the demo seed", () => {
  it("fills every portal feed with listings that pass that portal's rules, and leaves some out with their reasons", async () => {
    const counts: Record<string, number> = {};
    for (const [portal, tag] of [
      ["olx", "<Listing>"],
      ["chavesnamao", "<imovel>"],
      ["default", "<property>"],
    ] as const) {
      const { response, text } = await fetchFeed(portal);
      expect(response.status).toBe(200);
      counts[portal] = text.split(tag).length - 1;
    }
    // 58 of the 64 listings are available; every fourth keeps 3 photos (fewer than VRSync's 5)
    expect(counts.olx).toBeGreaterThanOrEqual(40);
    expect(counts.olx).toBeLessThan(counts.default);
    expect(counts.chavesnamao).toBeGreaterThanOrEqual(50);
    expect(counts.default).toBeGreaterThanOrEqual(counts.olx);
    // what /integracao-xml shows: the listings VRSync leaves out are there for the photo rule, none for a missing CEP
    const { rows } = await feedStatusPage(1, 500);
    const olxErrors = rows.flatMap((r) => r.checks.olx.errors);
    expect(olxErrors.some((e) => e.startsWith("São necessárias pelo menos 5 fotos"))).toBe(true);
    expect(olxErrors).not.toContain("CEP não informado.");
    for (const portal of PORTALS) expect(rows.filter((r) => r.checks[portal].errors.length === 0).length, portal).toBeGreaterThanOrEqual(40);
  });

  it("gives every listing the address the portals read: street, number, CEP and state; units their complement", async () => {
    const rows = await db().selectFrom("properties").select(["address", "street_number", "complement", "postal_code", "state", "property_type"]).execute();
    expect(rows.length).toBe(64);
    for (const r of rows) {
      expect(r.address).not.toMatch(/\d/);
      expect(r.street_number).toMatch(/^\d{3,4}$/);
      expect(r.postal_code).toMatch(/^\d{5}-\d{3}$/);
      expect(r.state).toBe("SP");
      if (r.property_type === "Apartamento") expect(r.complement).toMatch(/^Apto \d+$/);
    }
  });

  it("publishes a few blog articles, each over the publishing minimum, dated in the past", async () => {
    const { posts, total } = await listPublishedPosts(1);
    expect(total).toBeGreaterThanOrEqual(3);
    for (const p of posts) {
      expect(new Date(p.published_at!).getTime()).toBeLessThan(Date.now());
      expect(p.cover_image).toMatch(/^\/uploads\//);
    }
    const full = await db().selectFrom("blog_posts").select(["content"]).where("status", "=", "published").execute();
    for (const p of full) expect(articleText(p.content).length).toBeGreaterThanOrEqual(PUBLISH_MIN_TEXT);
    expect(full.length).toBe(total);
  });

  it("spreads the leads over every stage, each with the status its stage implies", async () => {
    const rows = await db().selectFrom("leads").innerJoin("crm_stages", "crm_stages.id", "leads.stage_id").select(["leads.status", "crm_stages.name as stage"]).execute();
    expect(rows.length).toBeGreaterThanOrEqual(45);
    const stages = new Set(rows.map((r) => r.stage));
    const all = await db().selectFrom("crm_stages").select("name").execute();
    expect(stages.size).toBe(all.length);
    for (const r of rows) expect(r.status, r.stage).toBe(statusForStageName(r.stage) ?? "entrada");
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["entrada", "qualificacao", "negociacao", "fechamento"]));
  });

  it("has leads from each portal, stored as the push endpoint stores them", async () => {
    const rows = await db().selectFrom("leads").innerJoin("portal_leads", "portal_leads.lead_id", "leads.id").select(["leads.source", "leads.phone_normalized", "leads.broker_id"]).execute();
    expect(rows.map((r) => r.source).sort()).toEqual(["olx", "vivareal", "zap"]);
    for (const r of rows) {
      expect(r.phone_normalized).toMatch(/^55\d{10,11}$/);
      expect(r.broker_id).not.toBeNull();
    }
  });

  it("has course materials whose files exist, a real PDF among them", async () => {
    const rows = await db().selectFrom("course_materials").select(["name", "file_path", "mime_type", "size"]).execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(fs.statSync(resolveKey(r.file_path)).size).toBe(r.size);
    const pdf = rows.find((r) => r.mime_type === "application/pdf")!;
    const bytes = fs.readFileSync(resolveKey(pdf.file_path));
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.toString("latin1")).toMatch(/startxref\n\d+\n%%EOF\n$/);
  });

  it("has past roulette draws of the active brokers, none today, so a new lead is not routed by the demo", async () => {
    const draws = await db().selectFrom("roleta_results").selectAll().execute();
    expect(new Set(draws.map((d) => d.draw_date)).size).toBe(3);
    const active = await Promise.all(DEMO_BROKERS.filter((b) => b.isActive).map((b) => brokerId(b.email)));
    for (const d of draws) expect(active).toContain(d.broker_id);
    for (const d of draws) expect(new Date(d.draw_date).getTime()).toBeLessThan(agencyDayStart().getTime());
    const lead = await createLead({ name: "Visitante Sem Ref", email: "sem.ref@email.com.br", phone: "(11) 91111-2222", message: "Oi", propertyId: null });
    await settleLeadHooks();
    expect((await db().selectFrom("leads").select("broker_id").where("id", "=", lead.id).executeTakeFirstOrThrow()).broker_id).toBeNull();
  });

  it("has a finished campaign the broker sees in the monitor: sent, delivered and read, one failure", async () => {
    const anaId = await brokerId(DEMO_BROKERS[0].email);
    const user = await db().selectFrom("brokers").select(["user_id"]).where("id", "=", anaId).executeTakeFirstOrThrow();
    const ana: SessionUser = { id: user.user_id, email: DEMO_BROKERS[0].email, name: DEMO_BROKERS[0].name, role: "broker", broker: { id: anaId, name: DEMO_BROKERS[0].name, isActive: true, profileImage: null, phone: DEMO_BROKERS[0].phone } };
    const [campaign] = await listCampaigns(ana);
    expect(campaign.status).toBe("completed");
    const monitor = await campaignMonitor(ana, campaign.id);
    expect(monitor.progress).toBe(100);
    expect(monitor.counts.failed).toBe(1);
    expect(monitor.counts.sent).toBeGreaterThanOrEqual(5);
    expect(new Set(monitor.jobs.map((j) => j.delivery))).toEqual(new Set(["read", "delivered", "sent", null]));
    expect(monitor.jobs.every((j) => !j.leadName || monitor.campaign.message.includes("{nome}"))).toBe(true);
    const messages = await db().selectFrom("whatsapp_messages").select("lead_id").where("broker_id", "=", anaId).execute();
    expect(messages.length).toBe(monitor.counts.sent);
  });

  it("seeds only an empty database, and a forced second seed adds no duplicate articles", async () => {
    expect((await seedDemo()).seeded).toBe(false);
    const admins = await db().selectFrom("users").select("id").where("email", "=", DEMO_ADMIN.email).execute();
    expect(admins).toHaveLength(1);
    const articles = (await db().selectFrom("blog_posts").select("slug").execute()).length;
    expect((await seedDemo({ force: true, propertyCount: 1 })).seeded).toBe(true);
    expect(await db().selectFrom("blog_posts").select("slug").execute()).toHaveLength(articles);
    expect(await db().selectFrom("users").select("id").where("email", "=", DEMO_ADMIN.email).execute()).toHaveLength(1);
    expect(await db().selectFrom("portal_leads").select("origin_lead_id").execute()).toHaveLength(3);
  }, 120_000);
});

describe("demoPdf", () => {
  it("writes a PDF whose cross-reference table points at each object", () => {
    const pdf = demoPdf(["Título com acentuação: ação, São Paulo", "Linha (com parênteses) e \\ barra"]).toString("latin1");
    const xref = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe("xref");
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    expect(pdf).toContain("(T\\355tulo com acentua\\347\\343o: a\\347\\343o, S\\343o Paulo)");
    expect(pdf).toContain("(Linha \\(com par\\352nteses\\) e \\\\ barra)");
  });
});
