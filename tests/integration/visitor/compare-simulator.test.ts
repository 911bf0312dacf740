import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { action as compareAction, loader as compareLoader } from "~/routes/public/compare";
import { action as simulatorAction, loader as simulatorLoader } from "~/routes/public/simulator";
import { COMPARE_MESSAGES } from "~/modules/favourites/favourites";
import { SIMULATOR_MESSAGES } from "~/modules/financing/financing-form";
import { HONEYPOT_FIELD } from "~/modules/leads/honeypot";
import { formRequest, getRequest, routeArgs } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { makeBroker, makeProperty } from "../../helpers/factories";

/** /comparar and /simulador (issue 28): their rules and their leads, on a real database. */
const LEAD = { name: "Maria Oliveira", email: "maria@exemplo.com.br", phone: "(11) 98765-4321", message: "Quero saber mais." };
let ip = 0;
const post = (url: string, fields: Record<string, string>) => formRequest(url, fields, { ip: `10.9.0.${++ip}` });
const leadCount = async () => Number((await db().selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
const lastLead = () => db().selectFrom("leads").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

beforeEach(() => resetRateLimits());

describe("/comparar", () => {
  const compare = (query: string) => unwrap(() => compareLoader(routeArgs(getRequest(`/comparar${query}`))));

  it("shows 2 to 4 properties side by side, in the order asked", async () => {
    const [a, b, c, d] = [await makeProperty({ purpose: "sale", area: 100, price: 500_000, amenities: '["Piscina","Churrasqueira"]' }), await makeProperty(), await makeProperty(), await makeProperty()];
    const two = await compare(`?ids=${b.id},${a.id}`);
    expect(two.data!.ok).toBe(true);
    if (!two.data!.ok) return;
    expect(two.data!.columns.map((col) => col.id)).toEqual([b.id, a.id]);
    const colA = two.data!.columns[1];
    expect(colA.pricePerArea).toBe("R$ 5.000,00/m²");
    expect(colA.features).toEqual(expect.arrayContaining(["Piscina", "Churrasqueira"]));
    expect(two.data!.features).toEqual(expect.arrayContaining(["Piscina"]));
    // the favourites' checkboxes send repeated ids
    const four = await compare(`?ids=${a.id}&ids=${b.id}&ids=${c.id}&ids=${d.id}`);
    expect(four.data!.ok).toBe(true);
  });

  it("refuses fewer than 2, more than 4, bad and unknown ids with a pt-BR message (never a 500)", async () => {
    const [a, b, c, d, e] = [await makeProperty(), await makeProperty(), await makeProperty(), await makeProperty(), await makeProperty()];
    const cases: [string, string][] = [
      ["", COMPARE_MESSAGES.tooFew],
      [`?ids=${a.id}`, COMPARE_MESSAGES.tooFew],
      [`?ids=${a.id},${a.id}`, COMPARE_MESSAGES.tooFew],
      [`?ids=${a.id},${b.id},${c.id},${d.id},${e.id}`, COMPARE_MESSAGES.tooMany],
      [`?ids=${a.id},abc`, COMPARE_MESSAGES.invalid],
      [`?ids=${a.id},-1`, COMPARE_MESSAGES.invalid],
      [`?ids=${a.id},1%27%20OR%201%3D1`, COMPARE_MESSAGES.invalid],
      [`?ids=${a.id},99999999`, COMPARE_MESSAGES.missing],
    ];
    for (const [query, message] of cases) {
      const r = await compare(query);
      expect(r.status, query).toBe(200);
      expect(r.data, query).toEqual({ ok: false, message });
    }
  });

  it("sends ONE lead naming every compared property, with the ref's broker", async () => {
    const broker = await makeBroker();
    const [a, b, c] = [await makeProperty({ title: "Casa Alfa" }), await makeProperty({ title: "Casa Beta" }), await makeProperty({ title: "Casa Gama" })];
    const before = await leadCount();
    const r = await unwrap(() => compareAction(routeArgs(post(`/comparar?ids=${a.id},${b.id},${c.id}&ref=${broker.brokerId}`, LEAD))));
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/obrigado/);
    expect(await leadCount()).toBe(before + 1);
    const lead = await lastLead();
    expect(lead.source).toBe("site");
    expect(lead.property_id).toBe(a.id);
    expect(lead.broker_id).toBe(broker.brokerId);
    for (const title of ["Casa Alfa", "Casa Beta", "Casa Gama"]) expect(lead.message).toContain(title);
  });

  it("keeps the lead form's rules: bad input answers messages, a honeypot saves nothing", async () => {
    const [a, b] = [await makeProperty(), await makeProperty()];
    const before = await leadCount();
    const bad = await unwrap(() => compareAction(routeArgs(post(`/comparar?ids=${a.id},${b.id}`, { ...LEAD, email: "x" }))));
    expect(bad.status).toBe(400);
    expect(bad.data?.error?.email?.[0]).toBe("Informe um e-mail válido");
    await unwrap(() => compareAction(routeArgs(post(`/comparar?ids=${a.id},${b.id}`, { ...LEAD, [HONEYPOT_FIELD]: "bot" }))));
    expect(await leadCount()).toBe(before);
  });
});

describe("/simulador", () => {
  const simulate = (query: string) => unwrap(() => simulatorLoader(routeArgs(getRequest(`/simulador${query}`))));

  it("computes the hand-computed case from a shareable URL", async () => {
    const r = await simulate("?preco=500.000&entrada=100.000&prazo=360&juros=10");
    expect(r.data!.query.status).toBe("ok");
    expect(r.data!.result!.price.firstInstalment).toBeCloseTo(3383.56, 1);
    expect(r.data!.result!.sac.firstInstalment).toBeCloseTo(4300.77, 1);
  });

  it("an empty page shows the form with defaults; a property's price alone fills the rest", async () => {
    const empty = await simulate("");
    expect(empty.data!.query.status).toBe("empty");
    expect(empty.data!.result).toBeNull();
    const p = await makeProperty({ purpose: "sale", price: 800_000, rent_price: 0 });
    const r = await simulate(`?preco=800.000&imovel=${p.id}`);
    expect(r.data!.query.values.entrada).toBe("160.000");
    expect(r.data!.result!.financed).toBe(640_000);
    expect(r.data!.property?.id).toBe(p.id);
  });

  it("answers bad input with pt-BR messages beside the fields, everything typed kept", async () => {
    const cases: [string, string, string][] = [
      ["?preco=abc&entrada=0&prazo=360&juros=10", "preco", SIMULATOR_MESSAGES.price],
      ["?preco=-5&entrada=0&prazo=360&juros=10", "preco", "Informe um valor maior ou igual a zero"],
      ["?preco=0&entrada=0&prazo=360&juros=10", "preco", SIMULATOR_MESSAGES.pricePositive],
      ["?preco=99999999999999&entrada=0&prazo=360&juros=10", "preco", "Informe um valor de no máximo 1.000.000.000"],
      ["?preco=500000&entrada=0&prazo=421&juros=10", "prazo", SIMULATOR_MESSAGES.term],
      ["?preco=500000&entrada=0&prazo=0&juros=10", "prazo", SIMULATOR_MESSAGES.term],
      ["?preco=500000&entrada=0&prazo=12a&juros=10", "prazo", SIMULATOR_MESSAGES.term],
      ["?preco=500000&entrada=0&prazo=360&juros=101", "juros", "Informe um valor de no máximo 100"],
      ["?preco=500000&entrada=400000&fgts=100000&prazo=360&juros=10", "entrada", SIMULATOR_MESSAGES.downPaymentTooHigh],
      ["?preco=500000&entrada=%3Cscript%3E&prazo=360&juros=10", "entrada", SIMULATOR_MESSAGES.money],
      ["?preco=500000&entrada=0&prazo=360&juros=10&renda=1%27%3B%20DROP%20TABLE%20leads", "renda", SIMULATOR_MESSAGES.money],
      ["?preco=500000&entrada=0&prazo=360", "juros", "Campo obrigatório"],
    ];
    for (const [query, field, message] of cases) {
      const r = await simulate(query);
      expect(r.status, query).toBe(200);
      const q = r.data!.query;
      expect(q.status, query).toBe("error");
      if (q.status !== "error") continue;
      expect(q.errors[field as keyof typeof q.errors], query).toBe(message);
      expect(r.data!.result).toBeNull();
      // what was typed comes back
      const typed = new URLSearchParams(query);
      for (const [k, v] of typed) expect(q.values[k as keyof typeof q.values], query).toBe(v);
    }
    expect(true).toBe(true);
  });

  it("'Quero uma simulação com o corretor' sends a lead with source 'simulador', the figures and the property", async () => {
    const broker = await makeBroker();
    const p = await makeProperty({ purpose: "sale", price: 500_000, rent_price: 0 });
    const r = await unwrap(() => simulatorAction(routeArgs(post(`/simulador?preco=500.000&entrada=100.000&prazo=360&juros=10&imovel=${p.id}&ref=${broker.brokerId}`, LEAD))));
    expect(r.status).toBe(302);
    const lead = await lastLead();
    expect(lead.source).toBe("simulador");
    expect(lead.property_id).toBe(p.id);
    expect(lead.broker_id).toBe(broker.brokerId);
    expect(lead.message).toContain("Quero saber mais.");
    expect(lead.message).toContain("SAC: 1ª parcela R$ 4.300,77");
    expect(lead.message).toContain("Price: parcela R$ 3.383,56");
  });

  it("refuses the simulator lead without a valid simulation, saving nothing", async () => {
    const before = await leadCount();
    const r = await unwrap(() => simulatorAction(routeArgs(post("/simulador?preco=abc&prazo=999", LEAD))));
    expect(r.status).toBe(400);
    expect(r.data?.error?.[""]?.[0]).toMatch(/simulação/);
    expect(await leadCount()).toBe(before);
  });
});
