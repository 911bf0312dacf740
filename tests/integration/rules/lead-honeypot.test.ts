import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { leadFormAction } from "~/modules/leads/lead-form.server";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { HONEYPOT_FIELD } from "~/modules/leads/honeypot";
import { formRequest } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";

/**
 * The honeypot (leads/honeypot.ts): a filled hidden field is a bot, answered
 * with the usual success and nothing stored; an empty one, or only spaces
 * (what some autofill leaves), is a person. Each send has its own message,
 * so the double-submit rule cannot be what keeps a lead from being stored.
 */
let n = 0;
beforeEach(() => resetRateLimits());

async function send(honeypot: string | null) {
  n += 1;
  const email = `honeypot-${n}@exemplo.com.br`;
  const fields: Record<string, string> = { name: "Pessoa Real", email, phone: "(11) 98765-3333", message: `Mensagem número ${n}.` };
  if (honeypot !== null) fields[HONEYPOT_FIELD] = honeypot;
  const r = await unwrap(() => leadFormAction(formRequest("/contato", fields, { ip: `10.6.0.${n}` }), { propertyId: null }));
  const stored = await db().selectFrom("leads").select("id").where("email", "=", email).execute();
  return { status: r.status, location: r.location, stored: stored.length };
}

describe("the lead form's honeypot", () => {
  it("a filled honeypot gets the usual success and stores nothing", async () => {
    expect(HONEYPOT_FIELD).toBe("website");
    const bot = await send("http://spam.example");
    expect(bot).toMatchObject({ status: 302, stored: 0 });
    expect(bot.location).toMatch(/^\/obrigado/);
  });

  it("an absent, empty or blank honeypot is a person: the lead is stored", async () => {
    for (const value of [null, "", "   "]) {
      const person = await send(value);
      expect(person, JSON.stringify(value)).toMatchObject({ status: 302, stored: 1 });
    }
  });
});
