import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatchDueJobs } from "~/modules/messaging/campaign-dispatcher.server";
import { parseCampaignCsv, CSV_MESSAGES, CampaignCsvError } from "~/modules/messaging/campaign-csv.server";
import { CAMPAIGN_MESSAGES } from "~/modules/messaging/campaign-rules";
import { campaignMonitor } from "~/modules/messaging/campaign-monitor.server";
import { draftRecipients, launchCampaign, leadsForCampaign, saveCampaign, saveDraftDetails, setDraftLeads } from "~/modules/messaging/campaigns.server";
import { applyGatewayEvent } from "~/modules/messaging/gateway-events.server";
import { LeadWhatsappError, sendWhatsappToLead } from "~/modules/messaging/lead-whatsapp.server";
import { isOptedOut, optOutOf, recordOptOut } from "~/modules/messaging/opt-out.server";
import { DEFAULT_TIMING } from "~/modules/messaging/timing";
import { LEAD_WHATSAPP_MESSAGES } from "~/modules/messaging/whatsapp-labels";
import { optOutKey, uniqueRecipients } from "~/modules/messaging/whatsapp-numbers";
import { db } from "~/modules/platform/db.server";
import { OptOutBadge } from "~/components/messaging/opt-out-badge";
import { OPT_OUT_LABELS } from "~/modules/messaging/whatsapp-labels";
import { loader as leadLoader } from "~/routes/broker/leads/lead";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { startFakeGateway, type FakeGateway } from "../../mocks/whatsapp-gateway";
import { connectedBroker, insertLead } from "./campaign-helpers";

/**
 * Issue 25: an opt-out belongs to the number (the suppression list, LGPD),
 * whatever the campaign's source, in both the 12- and 13-digit forms of a
 * Brazilian mobile; one recipient per number. 2026-11-23 is a Monday, 10:00
 * in São Paulo is 13:00Z.
 */
let gw: FakeGateway;
beforeAll(async () => {
  gw = await startFakeGateway();
});
afterAll(async () => {
  await gw.close();
});

const monday10 = new Date("2026-11-23T13:00:00Z");
const csv = (text: string) => new TextEncoder().encode(text);
const sair = (instanceName: string, number: string, text = "SAIR") =>
  applyGatewayEvent(instanceName, { event: "messages.upsert", data: { key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: false, id: `IN-${number}-${text}` }, message: { conversation: text } } });
const jobsOf = (campaignId: number) => db().selectFrom("campaign_jobs").select(["to", "status", "error"]).where("campaign_id", "=", campaignId).orderBy("id").execute();

describe("the number's key", () => {
  it("folds the 12- and 13-digit forms of a mobile into one, and leaves other numbers alone", () => {
    expect(optOutKey("5511977770000")).toBe("551177770000");
    expect(optOutKey("551177770000")).toBe("551177770000");
    expect(optOutKey("(11) 97777-0000")).toBe("551177770000");
    expect(optOutKey("(11) 7777-0000")).toBe("551177770000");
    expect(optOutKey("+55 21 99876-5432")).toBe("552198765432");
    expect(optOutKey("(21) 99876-5432")).not.toBe(optOutKey("(11) 99876-5432")); // another DDD is another number
    expect(optOutKey("abc")).toBeNull();
    expect(optOutKey("")).toBeNull();
  });
  it("keeps one recipient per number, the first, and counts the others", () => {
    const { unique, duplicates } = uniqueRecipients([
      { name: "A", phone: "(11) 97777-0000" },
      { name: "B", phone: "5511977770000" },
      { name: "C", phone: "551177770000" },
      { name: "D", phone: "(11) 96666-0000" },
    ]);
    expect(unique.map((u) => u.name)).toEqual(["A", "D"]);
    expect(duplicates).toBe(2);
  });
});

describe("the suppression list", () => {
  it("a CSV-only number that answered SAIR is not messaged by a new CSV campaign, in either form", async () => {
    const { user, instanceName } = await connectedBroker(gw);
    await sair(instanceName, "5511981110000");
    expect(await isOptedOut("(11) 8111-0000")).toBe(true); // the 12-digit form is the same number
    expect(await optOutOf("11981110000")).toMatchObject({ source: "reply" });

    const { leads } = parseCampaignCsv(csv("nome,telefone\r\nSem WhatsApp,(11) 8111-0000\r\nOutra,(11) 98111-2222\r\n"));
    const id = await saveCampaign(user, { name: "CSV", message: "Oi", leads, timing: DEFAULT_TIMING });
    expect(await launchCampaign(user, id, monday10, () => 0.5)).toEqual({ scheduled: 1, failed: 0, skipped: 1 });
    expect(await jobsOf(id)).toEqual([
      { to: "551181110000", status: "cancelled", error: CAMPAIGN_MESSAGES.optedOut },
      { to: "5511981112222", status: "scheduled", error: null },
    ]);
    const before = gw.sent.length;
    await dispatchDueJobs(monday10);
    expect(gw.sent.slice(before).map((s) => s.number)).toEqual(["5511981112222"]);
  });

  it("an answer to a CSV campaign cancels that number's pending messages in every campaign, and no later campaign reaches it", async () => {
    const { user, instanceName } = await connectedBroker(gw);
    const { leads } = parseCampaignCsv(csv("nome;telefone\nCSV;(11) 98222-0000\n"));
    const first = await saveCampaign(user, { name: "Primeira", message: "Oi", leads, timing: DEFAULT_TIMING });
    const second = await saveCampaign(user, { name: "Segunda", message: "Oi", leads, timing: DEFAULT_TIMING });
    await launchCampaign(user, first, new Date(monday10.getTime() + 3_600_000));
    await launchCampaign(user, second, new Date(monday10.getTime() + 7_200_000));
    await sair(instanceName, "551182220000", "parar"); // the reply comes from the 12-digit form
    expect((await jobsOf(first))[0]).toMatchObject({ status: "cancelled", error: CAMPAIGN_MESSAGES.optedOut });
    expect((await jobsOf(second))[0]).toMatchObject({ status: "cancelled" });
    // 12 minutes later, a third campaign: skipped at launch
    const third = await saveCampaign(user, { name: "Terceira", message: "Oi", leads, timing: DEFAULT_TIMING });
    expect(await launchCampaign(user, third, new Date(monday10.getTime() + 12 * 60_000))).toEqual({ scheduled: 0, failed: 0, skipped: 1 });
    // the monitor's recipient list says why
    expect((await campaignMonitor(user, third, {}, monday10)).jobs[0]).toMatchObject({ status: "cancelled", error: CAMPAIGN_MESSAGES.optedOut });
  });

  it("is checked again right before each send (an opt-out recorded while the message waited)", async () => {
    const { user } = await connectedBroker(gw);
    const lead = await insertLead(user, "Espera", "(11) 98333-0000");
    const id = await saveCampaign(user, { name: "Espera", message: "Oi", leads: [{ leadId: lead, name: "Espera", phone: "(11) 98333-0000" }], timing: DEFAULT_TIMING });
    await launchCampaign(user, id, monday10);
    // recorded behind the campaign's back (another broker's number, a manual entry): no cancel ran
    await db().insertInto("whatsapp_opt_outs").values({ phone_key: "551183330000", phone: "551183330000", source: "manual", broker_id: null, created_at: monday10.toISOString() }).execute();
    const before = gw.sent.length;
    const r = await dispatchDueJobs(monday10);
    expect(r).toMatchObject({ sent: 0, cancelled: 1 });
    expect(gw.sent.length).toBe(before);
    expect((await jobsOf(id))[0]).toMatchObject({ status: "cancelled", error: CAMPAIGN_MESSAGES.optedOut });
  });

  it("holds for another broker's campaigns and for the lead page's sends", async () => {
    const a = await connectedBroker(gw);
    const b = await connectedBroker(gw);
    const leadOfB = await insertLead(b.user, "Lead de B", "11 98444-0000");
    await sair(a.instanceName, "5511984440000"); // answered broker A
    const id = await saveCampaign(b.user, { name: "B", message: "Oi", leads: [{ leadId: leadOfB, name: "Lead de B", phone: "11 98444-0000" }], timing: DEFAULT_TIMING });
    expect(await launchCampaign(b.user, id, monday10)).toMatchObject({ skipped: 1, scheduled: 0 });
    const before = gw.sent.length;
    await expect(sendWhatsappToLead(b.user, leadOfB, "Olá")).rejects.toThrow(new LeadWhatsappError(LEAD_WHATSAPP_MESSAGES.optedOut));
    expect(gw.sent.length).toBe(before);
    // a number not on the list still goes
    const other = await insertLead(b.user, "Outro", "11 98444-1111");
    expect(await sendWhatsappToLead(b.user, other, "Olá")).toEqual({ to: "5511984441111" });
  });

  it("is shown in the lead picker and the draft's recipient list", async () => {
    const { user } = await connectedBroker(gw);
    const out = await insertLead(user, "Saiu", "(11) 98555-0000");
    const kept = await insertLead(user, "Ficou", "(11) 98555-1111");
    await recordOptOut("551185550000", { source: "manual", brokerId: user.broker!.id }, monday10);
    const picker = await leadsForCampaign(user);
    expect(picker.find((l) => l.leadId === out)).toMatchObject({ optedOut: true });
    expect(picker.find((l) => l.leadId === kept)).toMatchObject({ optedOut: false });
    const listed = await draftRecipients([
      { leadId: out, name: "Saiu", phone: "(11) 98555-0000" },
      { leadId: null, name: "CSV", phone: "(11) 98555-1111" },
      { leadId: null, name: "Ruim", phone: "123" },
    ]);
    expect(listed.map((r) => [r.name, r.optedOut, r.invalid])).toEqual([
      ["Saiu", true, false],
      ["CSV", false, false],
      ["Ruim", false, true],
    ]);
  });

  it("is shown on the lead page, whose WhatsApp form is then left out", async () => {
    const { user } = await connectedBroker(gw);
    const cookie = await sessionCookie(user.id);
    const lead = await insertLead(user, "Página", "(11) 98777-0000");
    const page = async () => (await unwrap(() => leadLoader(routeArgs(getRequest(`/broker/lead/${lead}`, { cookie }), { id: String(lead) })))).data as { whatsappOptOut: unknown };
    expect((await page()).whatsappOptOut).toBeNull();
    await recordOptOut("551187770000", { source: "reply" }, monday10); // the 12-digit form answered
    expect((await page()).whatsappOptOut).toEqual({ at: monday10.toISOString(), source: "reply" });
    const html = renderToStaticMarkup(createElement(OptOutBadge));
    expect(html).toContain(OPT_OUT_LABELS.badge);
  });

  it("recording twice keeps one row; a text that is not a number records nothing", async () => {
    expect(await recordOptOut("(11) 98666-0000", {}, monday10)).toBe(true);
    expect(await recordOptOut("5511986660000", {}, monday10)).toBe(true);
    expect(await db().selectFrom("whatsapp_opt_outs").select("phone_key").where("phone_key", "=", "551186660000").execute()).toHaveLength(1);
    expect(await recordOptOut("'; DROP TABLE whatsapp_opt_outs; --", {}, monday10)).toBe(false);
  });
});

describe("a CSV of recipients", () => {
  it("keeps one recipient per number (12- and 13-digit forms alike)", async () => {
    const { leads, duplicates } = parseCampaignCsv(csv("nome,telefone\nMaria,(11) 98765-4321\nMaria de novo,5511987654321\nSem nove,(11) 8765-4321\nJoão,(21) 99876-5432\n"));
    expect(leads.map((l) => l.name)).toEqual(["Maria", "João"]);
    expect(duplicates).toBe(2);
    const { user } = await connectedBroker(gw);
    const id = await saveDraftDetails(user, { name: "Dup", message: "Oi" });
    expect(await setDraftLeads(user, id, [...leads, { leadId: null, name: "Repetida", phone: "+55 (11) 98765-4321" }])).toEqual({ count: 2, duplicates: 1 });
  });

  it("reads a stray quote inside a name, and names the line of a quote that never closes", () => {
    expect(parseCampaignCsv(csv('nome,telefone\nJoão "Zé" Souza,(11) 98765-4321\n')).leads).toEqual([{ leadId: null, name: 'João "Zé" Souza', phone: "(11) 98765-4321" }]);
    const broken = csv('nome,telefone\nMaria,(11) 98765-4321\n"Ana,(11) 98765-0000\nJoão,(21) 99876-5432\n');
    expect(() => parseCampaignCsv(broken)).toThrow(new CampaignCsvError(CSV_MESSAGES.quoteAt(3)));
    expect(() => parseCampaignCsv(new Uint8Array())).toThrow(CSV_MESSAGES.empty);
    expect(() => parseCampaignCsv(new Uint8Array(600 * 1024).fill(65))).toThrow(CSV_MESSAGES.tooBig);
  });
});
