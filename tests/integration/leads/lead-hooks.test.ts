import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { createLead } from "~/modules/leads/leads.server";
import { addLeadHook, settleLeadHooks } from "~/modules/leads/lead-hooks.server";
import type { NewLeadEvent } from "~/modules/leads/lead-types";
import { leadFormAction } from "~/modules/leads/lead-form.server";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { formRequest } from "../../helpers/requests";

// Each lead here is a new one: a different message per call (the same lead twice within 2 minutes is one lead).
let n = 0;
const input = () => ({ name: "Maria Oliveira", email: "maria@exemplo.com.br", phone: "(11) 98765-4321", message: `Quero visitar (${++n})` });

const removers: (() => void)[] = [];
afterEach(async () => {
  await settleLeadHooks();
  for (const remove of removers.splice(0)) remove();
  process.env.LOG_LEVEL = "silent";
  vi.restoreAllMocks();
});

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe("lead hooks (lead-hooks.server.ts)", () => {
  it("run after the lead is committed and after createLead has returned", async () => {
    const seen: { id: number; committed: boolean }[] = [];
    const gate = deferred();
    const started = deferred();
    removers.push(
      addLeadHook({
        name: "probe",
        async run(lead: NewLeadEvent) {
          const row = await db().selectFrom("leads").select("id").where("id", "=", lead.id).executeTakeFirst();
          seen.push({ id: lead.id, committed: row !== undefined });
          started.release();
          await gate.promise;
        },
      }),
    );
    const created = await createLead(input());
    // createLead answered while the hook has not even started
    expect(seen).toEqual([]);
    let settled = false;
    const settling = settleLeadHooks().then(() => (settled = true));
    await started.promise; // the hook's own signal that it is running (no sleep)
    expect(seen).toEqual([{ id: created.id, committed: true }]);
    expect(settled).toBe(false);
    gate.release();
    await settling;
    expect(settled).toBe(true);
  });

  it("never delay the visitor's redirect: the form action answers while a hook still hangs", async () => {
    resetRateLimits();
    const gate = deferred();
    let finished = false;
    removers.push(addLeadHook({ name: "slow", run: () => gate.promise.then(() => void (finished = true)) }));
    const response = await leadFormAction(formRequest("/contato", input(), { ip: "10.9.9.9" }), { propertyId: null });
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toMatch(/^\/obrigado/);
    expect(finished).toBe(false);
    gate.release();
    await settleLeadHooks();
    expect(finished).toBe(true);
  });

  it("a failing hook is logged, keeps the lead and does not stop the next hook", async () => {
    process.env.LOG_LEVEL = "error";
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const after: number[] = [];
    removers.push(addLeadHook({ name: "broken", run: () => Promise.reject(new Error("gateway down")) }));
    removers.push(addLeadHook({ name: "next", run: (lead) => void after.push(lead.id) }));
    const created = await createLead(input());
    await settleLeadHooks();
    expect(after).toEqual([created.id]);
    const row = await db().selectFrom("leads").select("id").where("id", "=", created.id).executeTakeFirst();
    expect(row?.id).toBe(created.id);
    const entry = JSON.parse(lines.find((l) => l.includes("lead hook failed")) ?? "{}");
    expect(entry).toMatchObject({ level: "error", hook: "broken", leadId: created.id, error: "gateway down" });
  });
});
