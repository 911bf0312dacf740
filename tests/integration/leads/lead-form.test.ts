import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { leadFormAction } from "~/modules/leads/lead-form.server";
import { RATE_LIMIT_MESSAGE, resetRateLimits } from "~/modules/auth/rate-limit.server";
import { buildProperty } from "~/modules/platform/seed.server";
import { action as contactAction } from "~/routes/public/contact";
import { loader as thanksLoader } from "~/routes/public/thanks";
import { loader as brokerLinkLoader } from "~/routes/public/broker-link";
import { LEAD_MESSAGES } from "~/modules/leads/lead-form";
import { formRequest, getRequest, routeArgs } from "../../helpers/requests";
import { run, unwrap } from "../../helpers/responses";
import { makeBroker } from "../../helpers/factories";

const VALID = { name: "Maria Oliveira", email: "maria@exemplo.com.br", phone: "(11) 98765-4321", message: "Gostaria de agendar uma visita." };

let ipCounter = 0;
/** A fresh client address per request, so the rate limit only bites where a test wants it. */
function post(fields: Record<string, string>, url = "/contato", ip?: string): Request {
  ipCounter += 1;
  return formRequest(url, fields, { ip: ip ?? `10.0.0.${ipCounter}` });
}

type Reply = { status: number; error: Record<string, string[] | null> | undefined; initialValue: Record<string, unknown> | undefined; location: string | null };

async function send(request: Request, propertyId: number | null = null): Promise<Reply> {
  const r = await unwrap(() => leadFormAction(request, { propertyId }));
  return { status: r.status, error: r.data?.error ?? undefined, initialValue: r.data?.initialValue ?? undefined, location: r.location };
}

async function leadCount(): Promise<number> {
  const row = await db().selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function lastLead() {
  return db().selectFrom("leads").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
}

async function makeProperty(title = "Apartamento com 2 quartos em Pinheiros") {
  const row = await db()
    .insertInto("properties")
    .values(buildProperty(Math.random, 0, { title, slug: `apartamento-com-2-quartos-em-pinheiros-${Date.now()}` }))
    .returning(["id", "slug", "title"])
    .executeTakeFirstOrThrow();
  return row;
}

beforeEach(() => resetRateLimits());

describe("lead form validation (spec 01 §5)", () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ["name missing", { ...VALID, name: "" }, "name", "Por favor, informe seu nome"],
    ["name blank", { ...VALID, name: "   " }, "name", "Por favor, informe seu nome"],
    ["name of 2 characters after trimming", { ...VALID, name: "  Jo  " }, "name", "O nome deve ter pelo menos 3 caracteres"],
    ["e-mail missing", { ...VALID, email: "" }, "email", "Por favor, informe seu e-mail"],
    ["e-mail invalid", { ...VALID, email: "maria@" }, "email", "Informe um e-mail válido"],
    ["e-mail without domain dot", { ...VALID, email: "maria arroba exemplo" }, "email", "Informe um e-mail válido"],
    ["phone missing", { ...VALID, phone: "" }, "phone", "Por favor, informe seu telefone"],
    ["phone with 9 digits", { ...VALID, phone: "(11) 9876-543" }, "phone", "Telefone incompleto"],
    ["phone with letters only", { ...VALID, phone: "abc" }, "phone", "Telefone incompleto"],
    ["message missing", { ...VALID, message: "" }, "message", "Por favor, escreva uma mensagem"],
    ["message blank", { ...VALID, message: " \n " }, "message", "Por favor, escreva uma mensagem"],
  ];

  for (const [label, fields, field, message] of cases) {
    it(`${label} → '${message}', nothing saved`, async () => {
      const before = await leadCount();
      const reply = await send(post(fields));
      expect(reply.status).toBe(400);
      expect(reply.error?.[field]?.[0]).toBe(message);
      expect(await leadCount()).toBe(before);
    });
  }

  it("reports every missing field at once and keeps what was typed", async () => {
    const reply = await send(post({ name: "Jo", email: "", phone: "", message: "" }));
    expect(reply.status).toBe(400);
    expect(reply.error).toMatchObject({
      name: ["O nome deve ter pelo menos 3 caracteres"],
      email: ["Por favor, informe seu e-mail"],
      phone: ["Por favor, informe seu telefone"],
      message: ["Por favor, escreva uma mensagem"],
    });
    expect(reply.initialValue?.name).toBe("Jo");
  });

  it("rejects a huge message and an overlong name in pt-BR, saving nothing", async () => {
    const before = await leadCount();
    const reply = await send(post({ ...VALID, name: "N".repeat(121), message: "x".repeat(5001) }));
    expect(reply.status).toBe(400);
    expect(reply.error?.message).toEqual(["A mensagem deve ter no máximo 5000 caracteres"]);
    expect(reply.error?.name).toEqual(["O nome deve ter no máximo 120 caracteres"]);
    expect(await leadCount()).toBe(before);
  });

  it("rejects a phone with more than 11 national digits", async () => {
    const reply = await send(post({ ...VALID, phone: "119876543210" }));
    expect(reply.status).toBe(400);
    expect(reply.error?.phone).toEqual(["Informe um telefone válido com DDD"]);
  });
});

describe("lead creation", () => {
  it("creates exactly one lead from /contato and sends the visitor to /obrigado with the name", async () => {
    const before = await leadCount();
    const reply = await send(post({ ...VALID, name: "  Maria Oliveira  ", email: " Maria@Exemplo.com.BR " }));
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/obrigado?name=Maria+Oliveira");
    expect(await leadCount()).toBe(before + 1);
    const lead = await lastLead();
    expect(lead).toMatchObject({
      name: "Maria Oliveira",
      email: "maria@exemplo.com.br",
      phone: "(11) 98765-4321",
      phone_normalized: "5511987654321",
      message: "Gostaria de agendar uma visita.",
      property_id: null,
      property_title: null,
      property_url: null,
      broker_id: null,
      source: "site",
    });
  });

  it("stores a typed phone in the mask's format (10 digits, or +55)", async () => {
    await send(post({ ...VALID, phone: "1134567890" }));
    expect((await lastLead()).phone).toBe("(11) 3456-7890");
    await send(post({ ...VALID, phone: "+55 21 99876-5432" }));
    expect((await lastLead()).phone).toBe("(21) 99876-5432");
  });

  it("attaches the property's id, title and URL", async () => {
    const property = await makeProperty();
    const reply = await send(post(VALID, `/imovel/${property.slug}`), property.id);
    expect(reply.status).toBe(302);
    const lead = await lastLead();
    expect(lead.property_id).toBe(property.id);
    expect(lead.property_title).toBe(property.title);
    expect(lead.property_url).toBe(`/imovel/${property.slug}`);
  });

  it("attaches an active broker from the ref field and passes them to /obrigado", async () => {
    const broker = await makeBroker({ name: "Ana Teste" });
    // a message of its own: the same lead sent again within 2 minutes is the same lead (double-submit rule)
    const reply = await send(post({ ...VALID, message: "Quero o imóvel da corretora.", ref: broker.brokerId }));
    expect(reply.status).toBe(302);
    const location = new URL(reply.location!, "http://localhost");
    expect(location.pathname).toBe("/obrigado");
    expect(location.searchParams.get("name")).toBe(VALID.name);
    expect(location.searchParams.get("broker_id")).toBe(broker.brokerId);
    expect(location.searchParams.get("broker_phone")).toBe("(11) 91234-5678");
    expect(location.searchParams.get("ref")).toBe(broker.brokerId);
    expect((await lastLead()).broker_id).toBe(broker.brokerId);
  });

  it("also reads the ref from the page URL (a form posted without the hidden field)", async () => {
    const broker = await makeBroker();
    await send(post({ ...VALID, message: "Vim pelo link da corretora." }, `/contato?ref=${broker.brokerId}`));
    expect((await lastLead()).broker_id).toBe(broker.brokerId);
  });

  it("ignores an inactive broker's ref and a ref that is not a broker id", async () => {
    const inactive = await makeBroker({ isActive: false });
    const reply = await send(post({ ...VALID, message: "Ref de corretora inativa.", ref: inactive.brokerId }));
    expect(reply.location).toBe("/obrigado?name=Maria+Oliveira");
    expect((await lastLead()).broker_id).toBeNull();

    await send(post({ ...VALID, message: "Ref que não é id.", ref: "nao-e-um-uuid' OR 1=1 --" }));
    expect((await lastLead()).broker_id).toBeNull();
    await send(post({ ...VALID, message: "Ref de ninguém.", ref: crypto.randomUUID() }));
    expect((await lastLead()).broker_id).toBeNull();
  });

  it("stores injection attempts as plain text", async () => {
    const nasty = { name: "<script>alert(1)</script>", email: "x@exemplo.com", phone: "11987654321", message: "' OR 1=1 --; DROP TABLE leads; <img src=x onerror=alert(1)>" };
    const reply = await send(post(nasty));
    expect(reply.status).toBe(302);
    const lead = await lastLead();
    expect(lead.name).toBe(nasty.name);
    expect(lead.message).toBe(nasty.message);
    expect(await leadCount()).toBeGreaterThan(0);
  });

  it("a filled honeypot pretends success and creates nothing", async () => {
    const before = await leadCount();
    const reply = await send(post({ ...VALID, website: "http://spam.example" }));
    expect(reply.status).toBe(302);
    expect(reply.location).toMatch(/^\/obrigado/);
    expect(await leadCount()).toBe(before);
  });

  it("limits leads per address with a 429 and the pt-BR message", async () => {
    const ip = "192.0.2.50";
    // RATE_LIMIT_MAX defaults to 10 in tests; the 11th lead within the window is refused.
    for (let i = 0; i < 10; i += 1) expect((await send(post(VALID, "/contato", ip))).status).toBe(302);
    const before = await leadCount();
    const reply = await send(post(VALID, "/contato", ip));
    expect(reply.status).toBe(429);
    expect(reply.error?.[""]).toEqual([RATE_LIMIT_MESSAGE]);
    expect(RATE_LIMIT_MESSAGE).toMatch(/Aguarde/);
    expect(await leadCount()).toBe(before);
    // another visitor is not affected
    expect((await send(post(VALID, "/contato", "192.0.2.51"))).status).toBe(302);
  });

  it("a database failure gives the spec's failure message, not a 500 page", async () => {
    await sql`alter table leads rename to leads_offline`.execute(db());
    try {
      const reply = await send(post(VALID));
      expect(reply.status).toBe(500);
      expect(reply.error?.[""]).toEqual([LEAD_MESSAGES.failure]);
      expect(LEAD_MESSAGES.failure).toBe("Ocorreu um erro ao enviar sua mensagem. Por favor, tente novamente.");
    } finally {
      await sql`alter table leads_offline rename to leads`.execute(db());
    }
  });

  it("the /contato route action runs the same lead action", async () => {
    const result = await run(() => contactAction(routeArgs(post(VALID))));
    expect(result.response?.status).toBe(302);
    expect(result.response?.headers.get("Location")).toBe("/obrigado?name=Maria+Oliveira");
  });
});

describe("phones as people and autofill type them (issue 13 item 2)", () => {
  it.each([
    ["+55 11 98765-4321", "(11) 98765-4321", "5511987654321"],
    ["011 98765-4321", "(11) 98765-4321", "5511987654321"],
    ["(55) 99999-8888", "(55) 99999-8888", "5555999998888"],
    ["0055 11 3456-7890", "(11) 3456-7890", "551134567890"],
  ])("%s is stored as %s (%s)", async (typed, shown, normal) => {
    const email = `fone-${normal}-${Date.now()}@exemplo.com.br`;
    expect((await send(post({ ...VALID, email, phone: typed }))).status).toBe(302);
    const lead = await db().selectFrom("leads").select(["phone", "phone_normalized"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(lead).toEqual({ phone: shown, phone_normalized: normal });
  });
});

describe("/obrigado", () => {
  it("greets by name only the browser that just sent the lead, never a name from the query", async () => {
    const spoofed = await run(() => thanksLoader(routeArgs(getRequest(`/obrigado?name=${encodeURIComponent("Ganhe um prêmio em golpe.example")}`))));
    expect(spoofed.value?.name).toBe("");
    const sent = await unwrap(() => leadFormAction(post({ ...VALID, name: "Joana Enviou", email: "joana.enviou@exemplo.com.br" }, "/contato", "10.9.9.1"), { propertyId: null }));
    const setCookie = sent.headers.get("Set-Cookie") ?? "";
    const cookie = setCookie.split(";")[0];
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Max-Age=600/);
    const greeted = await run(() => thanksLoader(routeArgs(getRequest(`/obrigado?name=Outro+Nome`, { cookie }))));
    expect(greeted.value?.name).toBe("Joana Enviou");
    // a cookie made by hand (unsigned, or signed with another key) greets nobody
    const unsigned = `__lead_sent=${encodeURIComponent(btoa(JSON.stringify({ name: "Golpe" })))}`;
    const forged = await run(() => thanksLoader(routeArgs(getRequest("/obrigado", { cookie: unsigned }))));
    expect(forged.value?.name).toBe("");
  });

  it("uses the broker's phone from the database, never from the query", async () => {
    const broker = await makeBroker({ name: "Bia Corretora" });
    const result = await run(() => thanksLoader(routeArgs(getRequest(`/obrigado?name=Jo%C3%A3o&broker_id=${broker.brokerId}&broker_phone=11900000000`))));
    expect(result.value).toMatchObject({ name: "", broker: { id: broker.brokerId, name: "Bia Corretora" } });
    expect(result.value?.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5511912345678\?text=/);
  });

  it("falls back to the company WhatsApp for an inactive or unknown broker", async () => {
    const inactive = await makeBroker({ isActive: false });
    for (const id of [inactive.brokerId, "abc", ""]) {
      const result = await run(() => thanksLoader(routeArgs(getRequest(`/obrigado?name=Ana&broker_id=${id}&broker_phone=11900000000`))));
      expect(result.value?.broker).toBeNull();
      expect(result.value?.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5511988887777\?text=/);
    }
  });
});

describe("/corretor/{brokerUrl}", () => {
  it("redirects an active broker's path to the catalogue with the ref", async () => {
    const broker = await makeBroker({ customUrlPath: "bia-teste" });
    const result = await run(() => brokerLinkLoader(routeArgs(getRequest("/corretor/Bia-Teste"), { brokerUrl: "Bia-Teste" })));
    expect(result.response?.status).toBe(302);
    expect(result.response?.headers.get("Location")).toBe(`/imoveis?ref=${broker.brokerId}`);
  });

  it("answers 404 for an inactive broker and an unknown path", async () => {
    await makeBroker({ customUrlPath: "inativa-teste", isActive: false });
    for (const path of ["inativa-teste", "nao-existe"]) {
      const result = await unwrap(() => brokerLinkLoader(routeArgs(getRequest(`/corretor/${path}`), { brokerUrl: path })));
      expect(result.status).toBe(404);
    }
  });
});
