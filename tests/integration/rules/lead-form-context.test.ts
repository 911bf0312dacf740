import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { leadFormAction, thanksUrl } from "~/modules/leads/lead-form.server";
import { RATE_LIMIT_MESSAGE, resetRateLimits } from "~/modules/auth/rate-limit.server";
import { makeBroker } from "../../helpers/factories";
import { formRequest } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";

/**
 * The action behind every public lead form (lead-form.server.ts): what the
 * page adds to the lead (the visitor feature's source and message suffix),
 * which ref wins, the honeypot's pretend success, /obrigado's query, and the
 * flood limit on posts of any kind (three times RATE_LIMIT_MAX, 10 in tests,
 * per address and 10 minutes), each on both sides.
 */
const VALID = { name: "Helena Contexto", email: "helena@exemplo.com.br", phone: "(11) 98765-4321" };
let n = 0;
const unique = () => `Mensagem de contexto ${++n}.`;
const post = (fields: Record<string, string>, url = "/contato", ip = `198.51.100.${++n}`) => formRequest(url, fields, { ip });
const lastLead = () => db().selectFrom("leads").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

beforeEach(() => resetRateLimits());

describe("what the page adds", () => {
  it("the page's suffix goes after a blank line; the page's source is kept; without them the message is as typed and the source 'site'", async () => {
    const message = unique();
    const r = await unwrap(() => leadFormAction(post({ ...VALID, message }), { propertyId: null, source: "simulador", messageSuffix: "Simulação: R$ 500.000" }));
    expect(r.status).toBe(302);
    expect(await lastLead()).toMatchObject({ message: `${message}\n\nSimulação: R$ 500.000`, source: "simulador" });
    const plain = unique();
    await unwrap(() => leadFormAction(post({ ...VALID, message: plain }), { propertyId: null, messageSuffix: "" }));
    expect(await lastLead()).toMatchObject({ message: plain, source: "site" });
  });

  it("the form's ref wins over the page URL's", async () => {
    const fromForm = await makeBroker({ name: "Corretora do Formulário" });
    const fromUrl = await makeBroker({ name: "Corretora da URL" });
    await unwrap(() => leadFormAction(post({ ...VALID, message: unique(), ref: fromForm.brokerId }, `/contato?ref=${fromUrl.brokerId}`), { propertyId: null }));
    expect((await lastLead()).broker_id).toBe(fromForm.brokerId);
  });
});

describe("the honeypot's pretend success", () => {
  it("a bot with a valid form is thanked by name, with the lead-sent cookie; one with an invalid form without a name; nothing stored", async () => {
    const before = await db().selectFrom("leads").select("id").execute();
    const valid = await unwrap(() => leadFormAction(post({ ...VALID, message: unique(), website: "spam" }), { propertyId: null }));
    expect(valid.status).toBe(302);
    expect(valid.location).toBe("/obrigado?name=Helena+Contexto");
    expect(valid.headers.get("Set-Cookie")).toBeTruthy();
    const invalid = await unwrap(() => leadFormAction(post({ name: "", email: "x", phone: "", message: "", website: "spam" }), { propertyId: null }));
    expect(invalid.status).toBe(302);
    expect(invalid.location).toBe("/obrigado");
    expect(await db().selectFrom("leads").select("id").execute()).toHaveLength(before.length);
  });
});

describe("/obrigado's query", () => {
  it("carries what it has: the form, the name, the broker and their phone only with a broker, the ref", () => {
    expect(thanksUrl({ name: "", brokerId: null, brokerPhone: null, ref: null })).toBe("/obrigado");
    expect(thanksUrl({ name: "Ana", brokerId: null, brokerPhone: "(11) 91234-5678", ref: null })).toBe("/obrigado?name=Ana");
    expect(thanksUrl({ name: "", brokerId: null, brokerPhone: null, ref: null, form: "anuncie" })).toBe("/obrigado?form=anuncie");
    expect(thanksUrl({ name: "Ana", brokerId: "b1", brokerPhone: null, ref: "b1" })).toBe("/obrigado?name=Ana&broker_id=b1&ref=b1");
    expect(thanksUrl({ name: "Ana", brokerId: "b1", brokerPhone: "(11) 91234-5678", ref: "b1", form: "anuncie" })).toBe(
      "/obrigado?form=anuncie&name=Ana&broker_id=b1&broker_phone=%2811%29+91234-5678&ref=b1",
    );
  });
});

describe("the flood limit on posts of any kind", () => {
  it("30 posts from one address in 10 minutes are answered, invalid ones too; the 31st gets 429 for about 10 minutes; another address is not affected", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 30; i++) {
      const r = await unwrap(() => leadFormAction(post({ name: "", email: "", phone: "", message: "" }, "/contato", ip), { propertyId: null }));
      expect(r.status, `post ${i + 1}`).toBe(400);
    }
    const refused = await unwrap(() => leadFormAction(post({ ...VALID, message: unique() }, "/contato", ip), { propertyId: null }));
    expect(refused.status).toBe(429);
    expect((refused.data as { error: Record<string, string[]> }).error[""]).toEqual([RATE_LIMIT_MESSAGE]);
    const retry = Number(refused.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(540);
    expect(retry).toBeLessThanOrEqual(600);
    expect((await unwrap(() => leadFormAction(post({ ...VALID, message: unique() }, "/contato", "203.0.113.78"), { propertyId: null }))).status).toBe(302);
  });

  it("the 11th lead from one address gets 429 with a wait of about 10 minutes and the form typed back", async () => {
    const ip = "203.0.113.90";
    for (let i = 0; i < 10; i++) expect((await unwrap(() => leadFormAction(post({ ...VALID, message: unique() }, "/contato", ip), { propertyId: null }))).status).toBe(302);
    const message = unique();
    const refused = await unwrap(() => leadFormAction(post({ ...VALID, message }, "/contato", ip), { propertyId: null }));
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(540);
    expect(retry).toBeLessThanOrEqual(600);
    expect((refused.data as { initialValue: Record<string, string> }).initialValue.message).toBe(message);
  });
});
