import { describe, expect, it } from "vitest";
import { permittedLeadIds, requireLead } from "~/modules/leads/lead-access.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { adminUser, brokerUser, makeLead, messageOf, statusOf } from "../crm/crm-helpers";

/**
 * The one gate to a lead (lead-access.server.ts): a single lead by id, and
 * the ids a bulk action may touch. Each rule on both sides: own and other's
 * lead, reading and deleting, a valid id and the smallest invalid ones, a
 * bulk list past one 500-id chunk.
 */
async function refusal(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "should have been refused").not.toBeNull();
  return { status: statusOf(error), message: messageOf(error) };
}

describe("one lead", () => {
  it("a broker reads and edits their own lead, but only an admin deletes it", async () => {
    const a = await brokerUser("Ana Acesso");
    const admin = await adminUser();
    const lead = await makeLead(a.brokerId);
    expect((await requireLead(a.user, lead)).id).toBe(lead);
    expect((await requireLead(a.user, lead, "update")).id).toBe(lead);
    expect(await refusal(requireLead(a.user, lead, "delete"))).toEqual({
      status: 403,
      message: "Apenas administradores: Somente administradores podem excluir leads.",
    });
    expect((await requireLead(admin.user, lead, "delete")).id).toBe(lead);
  });

  it("another broker's lead answers like a missing one, for reading and for changing", async () => {
    const a = await brokerUser("Ana Outra");
    const b = await brokerUser("Bruno Outro");
    const lead = await makeLead(b.brokerId);
    for (const action of ["read", "update", "delete"] as const) {
      expect(await refusal(requireLead(a.user, lead, action)), action).toEqual({ status: 404, message: "Lead não encontrado." });
    }
  });

  it("id 1 may exist; 0, negative, fractional and unsafe ids are 404 without a query", async () => {
    const admin = await adminUser();
    const first = await makeLead(null);
    expect(first).toBeGreaterThanOrEqual(1);
    expect((await requireLead(admin.user, first)).id).toBe(first);
    for (const id of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(await refusal(requireLead(admin.user, id)), String(id)).toEqual({ status: 404, message: "Lead não encontrado." });
    }
  });
});

describe("the ids of a bulk action", () => {
  it("a broker keeps only their own leads; bad, repeated and missing ids are dropped", async () => {
    const a = await brokerUser("Ana Lote");
    const b = await brokerUser("Bruno Lote");
    const own = await makeLead(a.brokerId);
    const own2 = await makeLead(a.brokerId);
    const other = await makeLead(b.brokerId);
    const unassigned = await makeLead(null);
    const got = await permittedLeadIds(a.user, [own, other, own, unassigned, 0, -own2, 1.5, 99_999_999, own2]);
    expect(got.sort((x, y) => x - y)).toEqual([own, own2].sort((x, y) => x - y));
    expect(await permittedLeadIds(a.user, [other, unassigned])).toEqual([]);
    expect(await permittedLeadIds(a.user, [])).toEqual([]);
  });

  it("an admin may act on every existing lead, a user without a broker profile on none", async () => {
    const admin = await adminUser();
    const a = await brokerUser("Ana Admin");
    const own = await makeLead(a.brokerId);
    const unassigned = await makeLead(null);
    expect((await permittedLeadIds(admin.user, [own, unassigned])).sort((x, y) => x - y)).toEqual([own, unassigned].sort((x, y) => x - y));
    const noProfile: SessionUser = { ...a.user, broker: null };
    expect(await permittedLeadIds(noProfile, [own, unassigned])).toEqual([]);
  });

  it("reads a list longer than one 500-id chunk whole", async () => {
    const a = await brokerUser("Ana Muitos");
    const first = await makeLead(a.brokerId);
    const last = await makeLead(a.brokerId);
    // 1,200 ids: the two real ones in the first and the third chunk
    const ids = Array.from({ length: 1200 }, (_, i) => 50_000_000 + i);
    ids[0] = first;
    ids[1100] = last;
    expect((await permittedLeadIds(a.user, ids)).sort((x, y) => x - y)).toEqual([first, last].sort((x, y) => x - y));
    // exactly two chunks, and one id short of one
    expect((await permittedLeadIds(a.user, ids.slice(0, 1000))).sort((x, y) => x - y)).toEqual([first]);
    expect(await permittedLeadIds(a.user, [...ids.slice(2, 500), first])).toEqual([first]);
  });
});
