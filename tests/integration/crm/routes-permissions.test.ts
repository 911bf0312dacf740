import { describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import * as leadRoute from "~/routes/broker/leads/lead";
import * as listRoute from "~/routes/broker/leads/list";
import * as dealRedirect from "~/routes/broker/leads/deal-redirect";
import * as bulkEmail from "~/routes/broker/leads/bulk-email";
import * as exportRoute from "~/routes/resources/csv/export";
import * as mapping from "~/routes/broker/leads/import-mapping";
import * as importRun from "~/routes/resources/csv/import";
import * as contacts from "~/routes/admin/contacts";
import { saveUpload } from "~/modules/leads/csv-import.server";
import { leadDealFor } from "~/modules/crm/deals.server";
import { addNote } from "~/modules/crm/notes.server";
import { createLeadActivity } from "~/modules/crm/activities.server";
import { formRequest, getRequest, routeArgs } from "../../helpers/requests";
import { run } from "../../helpers/responses";
import { adminUser, brokerUser, makeLead, stagesByName, statusOf } from "./crm-helpers";

/** A broker can neither read nor change another broker's lead through any loader or action, by id. */
describe("every CRM loader and action, tried by id as another broker", () => {
  it("lead page: loader 404, every intent 404/403, nothing changes", async () => {
    const owner = await brokerUser("Dona");
    const intruder = await brokerUser("Intruso");
    const admin = await adminUser();
    const stages = await stagesByName();
    const lead = await makeLead(owner.brokerId, { name: "Lead da Dona" });
    const noteId = await addNote(owner.user, lead, "nota original");
    const activityId = await createLeadActivity(owner.user, lead, { subject: "Ligar" });
    const snapshot = async () =>
      JSON.stringify([
        await db().selectFrom("leads").selectAll().where("id", "=", lead).executeTakeFirst(),
        await db().selectFrom("crm_notes").selectAll().execute(),
        await db().selectFrom("crm_activities").selectAll().where("id", "=", activityId).execute(),
        await db().selectFrom("crm_stage_changes").selectAll().where("lead_id", "=", lead).execute(),
      ]);
    const before = await snapshot();

    const loaded = await run(() => leadRoute.loader(routeArgs(getRequest(`/broker/lead/${lead}`, { cookie: intruder.cookie }), { id: String(lead) })));
    expect(statusOf(loaded.thrown)).toBe(404);

    const attempts: Record<string, string>[] = [
      { intent: "stage", stage: String(stages["Proposta"]) },
      { intent: "business", rating: "5", total_value: "1000", tags: "x" },
      { intent: "rating", rating: "1" },
      { intent: "note-add", body: "invasão" },
      { intent: "note-edit", note: String(noteId), body: "invasão" },
      { intent: "note-delete", note: String(noteId) },
      { intent: "activity-add", subject: "invasão" },
      { intent: "activity-complete", activity: String(activityId) },
      { intent: "activity-reopen", activity: String(activityId) },
      { intent: "email", subject: "oi", message: "oi" },
    ];
    for (const fields of attempts) {
      const res = await run(() => leadRoute.action(routeArgs(formRequest(`/broker/lead/${lead}`, fields, { cookie: intruder.cookie }), { id: String(lead) })));
      const status = res.response?.status ?? (res.value as { init?: { status?: number } })?.init?.status ?? statusOf(res.thrown);
      expect([403, 404], `${fields.intent} → ${status}`).toContain(status);
    }
    // activities of another lead cannot be reached through one's own lead either
    const ownLead = await makeLead(intruder.brokerId);
    const viaOwn = await run(() => leadRoute.action(routeArgs(formRequest(`/broker/lead/${ownLead}`, { intent: "activity-complete", activity: String(activityId) }, { cookie: intruder.cookie }), { id: String(ownLead) })));
    expect((viaOwn.value as { init?: { status?: number } })?.init?.status).toBe(404);

    // list actions with the other broker's id
    const listAttempts: Record<string, string>[] = [
      { intent: "move", ids: String(lead), stage: String(stages["Proposta"]) },
      { intent: "delete", ids: String(lead), confirm: "yes" },
      { intent: "delete-one", lead: String(lead), confirm: "yes" },
      { intent: "reassign", lead: String(lead), broker: intruder.brokerId },
      { intent: "email", ids: String(lead), subject: "a", message: "b" },
    ];
    for (const fields of listAttempts) {
      const res = await run(() => listRoute.action(routeArgs(formRequest("/broker/leads", fields, { cookie: intruder.cookie }))));
      const status = res.response?.status ?? (res.value as { init?: { status?: number } })?.init?.status;
      // refused, or a no-op redirect (e-mail with nobody to send to is 'Seleção vazia'/'Sem emails válidos')
      expect([302, 400, 403, 404], `${fields.intent} → ${status}`).toContain(status);
    }
    const listed = await run(() => listRoute.loader(routeArgs(getRequest("/broker/leads?q=Dona", { cookie: intruder.cookie }))));
    expect((listed.value as { page: { total: number } }).page.total).toBe(0);

    const be = await run(() => bulkEmail.action(routeArgs(formRequest("/broker/leads/bulk-email", { ids: String(lead), subject: "a", message: "b" }, { cookie: intruder.cookie }))));
    expect(be.response?.status).toBe(400);

    const exported = await run(() => exportRoute.loader(routeArgs(getRequest("/broker/leads/export.csv", { cookie: intruder.cookie }))));
    expect(await exported.response!.text()).not.toContain("Lead da Dona");

    const deal = await leadDealFor(owner.user, lead);
    const redirected = await run(() => dealRedirect.loader(routeArgs(getRequest(`/broker/crm/deal/${deal.id}`, { cookie: intruder.cookie }), { id: String(deal.id) })));
    expect(redirected.response?.headers.get("Location")).toBe(`/broker/lead/${lead}`); // and that page answers 404 (above)

    expect(await snapshot()).toBe(before);

    // the admin reaches it
    const adminLoad = await run(() => leadRoute.loader(routeArgs(getRequest(`/broker/lead/${lead}`, { cookie: admin.cookie }), { id: String(lead) })));
    expect((adminLoad.value as { lead: { name: string } }).lead.name).toBe("Lead da Dona");
  });

  it("a CSV upload is reachable only by who sent it", async () => {
    const owner = await brokerUser();
    const intruder = await brokerUser();
    const token = await saveUpload(owner.user, new TextEncoder().encode("nome;email\r\nAna;ana@x.com.br\r\n"), "a.csv");
    const seen = await run(() => mapping.loader(routeArgs(getRequest(`/broker/leads/import/${token}`, { cookie: intruder.cookie }), { token })));
    expect(statusOf(seen.thrown)).toBe(404);
    const ran = await run(() => importRun.action(routeArgs(formRequest(`/broker/leads/import/${token}/run`, { submitted: "1", map_name: "0" }, { cookie: intruder.cookie }), { token })));
    expect(statusOf(ran.thrown)).toBe(404);
    const ok = await run(() => mapping.loader(routeArgs(getRequest(`/broker/leads/import/${token}`, { cookie: owner.cookie }), { token })));
    expect((ok.value as { rowCount: number }).rowCount).toBe(1);
  });

  it("/admin/contacts is for admins; a broker is sent to the login", async () => {
    const b = await brokerUser();
    const res = await run(() => contacts.loader(routeArgs(getRequest("/admin/contacts", { cookie: b.cookie }))));
    expect(res.response?.status).toBe(302);
    const del = await run(() => contacts.action(routeArgs(formRequest("/admin/contacts", { lead: "1", confirm: "yes" }, { cookie: b.cookie }))));
    expect(del.response?.status).toBe(302);
    expect(del.response?.headers.get("Location")).toMatch(/^\/login/);
  });
});
