import { describe, expect, it } from "vitest";
import { loader as activitiesLoader } from "~/routes/broker/crm/activities";
import { db } from "~/modules/platform/db.server";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { makeActivity, makeAdmin, makeBroker, makeDeal, makeLead } from "../../helpers/factories";

/**
 * /broker/crm/activities (spec 02 §2.7): a broker sees the activities of
 * their own leads and of the opportunities they own, never another
 * broker's; an admin sees everyone's, or one broker's with ?broker=.
 */
async function dealOfLead(brokerId: string, title: string) {
  const lead = await makeLead({ brokerId });
  const deal = await makeDeal({ title });
  await db().updateTable("crm_deals").set({ external_source_id: lead.id }).where("id", "=", deal.id).execute();
  return deal;
}

async function subjectsSeen(cookie: string, query = "") {
  const r = await unwrap(() => activitiesLoader(routeArgs(getRequest(`/broker/crm/activities?status=all${query}`, { cookie })) as never));
  expect(r.status).toBe(200);
  return (r.data as { rows: { subject: string }[] }).rows.map((row) => row.subject).sort();
}

describe("the broker filter of /broker/crm/activities", () => {
  it("a broker sees only their own leads' and opportunities' activities; an admin sees all, or one broker's", async () => {
    const ana = await makeBroker({ name: "Ana Atividades" });
    const beto = await makeBroker({ name: "Beto Atividades" });
    await makeActivity({ dealId: (await dealOfLead(ana.brokerId, "Lead da Ana")).id, subject: "ana: lead" });
    await makeActivity({ dealId: (await makeDeal({ ownerId: ana.brokerId })).id, subject: "ana: negócio" });
    await makeActivity({ dealId: (await dealOfLead(beto.brokerId, "Lead do Beto")).id, subject: "beto: lead" });
    await makeActivity({ dealId: (await makeDeal({ ownerId: beto.brokerId })).id, subject: "beto: negócio" });

    expect(await subjectsSeen(await sessionCookie(ana.userId))).toEqual(["ana: lead", "ana: negócio"]);
    expect(await subjectsSeen(await sessionCookie(beto.userId))).toEqual(["beto: lead", "beto: negócio"]);
    // a broker cannot widen the scope through the query string
    expect(await subjectsSeen(await sessionCookie(ana.userId), `&broker=${beto.brokerId}`)).toEqual(["ana: lead", "ana: negócio"]);

    const admin = await makeAdmin();
    const adminCookie = await sessionCookie(admin.id);
    const all = await subjectsSeen(adminCookie);
    expect(all).toEqual(expect.arrayContaining(["ana: lead", "ana: negócio", "beto: lead", "beto: negócio"]));
    expect(await subjectsSeen(adminCookie, `&broker=${beto.brokerId}`)).toEqual(["beto: lead", "beto: negócio"]);
  });
});
