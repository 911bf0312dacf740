import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, parseJsonList } from "~/modules/platform/db.server";
import { CsvError, autoMapping, importBroker, parseCsv, runImport, stageValues, validateMapping, type ImportOptions } from "~/modules/leads/csv-import.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import { makeBroker } from "../../helpers/factories";
import { adminUser, stagesByName } from "../crm/crm-helpers";

/**
 * CSV import, what a row becomes (02 §2.4, §5): whose leads they are (a
 * broker's own; the broker an administrator picks, who must exist), the
 * stage (a forced existing stage, else the choice made for the row's value,
 * 'Não usar' or an unknown stage meaning the entry stage), each field cut to
 * its limit, the tags (',' or ';', each once, 40 characters, 30 at most),
 * the progress reported every 500 rows and at the end, and nothing saved
 * without a broker.
 */
type Broker = SessionUser & { broker: { id: string } };
async function broker(): Promise<Broker> {
  const b = await makeBroker({ name: "Corretor Planilha" });
  return { id: b.userId, email: b.email, name: b.name, role: "broker", broker: { id: b.brokerId, name: b.name, isActive: true, profileImage: null, phone: "" } };
}

const fileOf = (lines: string[]) => parseCsv(new TextEncoder().encode(lines.join("\n")));
function optionsFor(file: ReturnType<typeof parseCsv>, user: Broker, more: Partial<ImportOptions> = {}): ImportOptions {
  return { mapping: autoMapping(file.headers), stageMap: {}, forceStageId: null, duplicates: "skip", brokerId: user.broker.id, ...more };
}
async function leadsOf(user: Broker) {
  return db().selectFrom("leads").select(["name", "email", "phone", "message", "property_title", "tags", "stage_id", "status"]).where("broker_id", "=", user.broker.id).orderBy("id").execute();
}

describe("whose leads an import makes", () => {
  it("a broker's own, whatever broker is asked for; an administrator's chosen broker if it exists, else none", async () => {
    const user = await broker();
    const other = await makeBroker();
    expect(await importBroker(user, other.brokerId)).toBe(user.broker.id);
    expect(await importBroker(user, null)).toBe(user.broker.id);
    expect(await importBroker({ ...user, broker: null }, other.brokerId)).toBeNull();
    const admin = (await adminUser()).user;
    expect(await importBroker(admin, other.brokerId)).toBe(other.brokerId);
    expect(await importBroker(admin, "nao-existe")).toBeNull();
    expect(await importBroker(admin, "")).toBeNull();
    expect(await importBroker(admin, undefined)).toBeNull();
  });

  it("without a broker: 'Corretor não identificado.' and nothing saved", async () => {
    const user = await broker();
    const file = fileOf(["nome,email", "Sem dono,sem.dono@exemplo.com.br"]);
    const count = async () => Number((await db().selectFrom("leads").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const error = await runImport(user, file, optionsFor(file, user, { brokerId: null })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvError);
    expect((error as CsvError).message).toBe("Corretor não identificado.");
    expect(await count()).toBe(before);
  });
});

describe("the required columns", () => {
  it("a column is one of the file's (0 to the last); Nome, Email or Telefone must be among them ('Mapeamento inválido')", () => {
    expect(validateMapping({ name: 0, email: 1, phone: 2, message: 3 }, 3)).toEqual({ name: 0, email: 1, phone: 2 });
    expect(validateMapping({ email: 0, name: -1, tags: 1.5 }, 2)).toEqual({ email: 0 });
    expect(validateMapping({ phone: 1 }, 2)).toEqual({ phone: 1 });
    expect(validateMapping({ name: 0 }, 1)).toEqual({ name: 0 });
    expect(() => validateMapping({ email: 2, message: 0 }, 2)).toThrow("Mapeamento inválido");
    expect(() => validateMapping({ name: -1, stage: 0 }, 2)).toThrow("Mapeamento inválido");
    expect(() => validateMapping({}, 2)).toThrow("Mapeamento inválido");
  });
});

describe("the stage of an imported lead", () => {
  it("the Estágio column's values, most frequent first, each with its count and a suggested stage; blanks left out", async () => {
    const stages = await stagesByName();
    const file = fileOf(["nome,etapa", "A,Negociacao", "B, Proposta ", "C,", "D,Proposta", "E,Fase estranha", "F,Proposta", "G,Negociacao"]);
    expect(stageValues(file, autoMapping(file.headers), await listPipelineStages())).toEqual([
      { value: "Proposta", count: 3, suggestedStageId: stages["Proposta"] },
      { value: "Negociacao", count: 2, suggestedStageId: stages["Negociação"] },
      { value: "Fase estranha", count: 1, suggestedStageId: null },
    ]);
    expect(stageValues(file, { name: 0 }, await listPipelineStages())).toEqual([]);
  });

  it("a row shorter than the header has no Estágio value, and the others are still counted", async () => {
    const file = fileOf(["nome,email,etapa", "A", "B,b@x.com,Proposta"]);
    expect(stageValues(file, autoMapping(file.headers), await listPipelineStages())).toEqual([{ value: "Proposta", count: 1, suggestedStageId: (await stagesByName())["Proposta"] }]);
  });

  it("a forced stage that exists wins; one that does not is ignored and the rows' own values count", async () => {
    const user = await broker();
    const stages = await stagesByName();
    const file = fileOf(["nome,email,etapa", "A,a.forca@exemplo.com.br,Proposta", "B,b.forca@exemplo.com.br,"]);
    await runImport(user, file, optionsFor(file, user, { forceStageId: 99_999 }));
    expect((await leadsOf(user)).map((l) => [l.stage_id, l.status])).toEqual([
      [stages["Proposta"], "negociacao"],
      [stages["Entrada"], "entrada"],
    ]);
    const other = await broker();
    await runImport(other, file, optionsFor(file, other, { forceStageId: stages["Negociação"] }));
    expect((await leadsOf(other)).map((l) => [l.stage_id, l.status])).toEqual([
      [stages["Negociação"], "negociacao"],
      [stages["Negociação"], "negociacao"],
    ]);
  });

  it("the choice made for a value beats the suggestion; 'Não usar' or a stage that does not exist means the entry stage", async () => {
    const user = await broker();
    const stages = await stagesByName();
    const file = fileOf(["nome,email,etapa", "A,a.esc@exemplo.com.br,Proposta", "B,b.esc@exemplo.com.br,Negociação", "C,c.esc@exemplo.com.br,Fase estranha", "D,d.esc@exemplo.com.br,Qualificação"]);
    await runImport(user, file, optionsFor(file, user, { stageMap: { Proposta: stages["Venda realizada"], "Negociação": null, "Fase estranha": 99_999 } }));
    expect((await leadsOf(user)).map((l) => [l.name, l.stage_id, l.status])).toEqual([
      ["A", stages["Venda realizada"], "fechamento"],
      ["B", stages["Entrada"], "entrada"],
      ["C", stages["Entrada"], "entrada"],
      ["D", stages["Qualificação"], "qualificacao"],
    ]);
  });
});

describe("each field cut to its limit", () => {
  it("name 120, e-mail 254, phone 30, message 5,000, listing 200 characters", async () => {
    const user = await broker();
    const name = "N".repeat(121);
    const email = `${"e".repeat(250)}@x.com.br`;
    const phone = `(11) 9${"1".repeat(30)}`;
    const message = "M".repeat(5001);
    const property = "P".repeat(201);
    const file = fileOf(["nome,email,telefone,mensagem,imovel", `${name},${email},${phone},${message},${property}`]);
    await runImport(user, file, optionsFor(file, user));
    const [lead] = await leadsOf(user);
    expect(lead).toMatchObject({ name: name.slice(0, 120), email: email.slice(0, 254), phone: phone.slice(0, 30), message: message.slice(0, 5000), property_title: property.slice(0, 200) });
  });

  it("tags on ',' or ';', trimmed, each once, 40 characters each, 30 at most", async () => {
    const user = await broker();
    const many = Array.from({ length: 32 }, (_, i) => `t${i + 1}`).join(";");
    const file = fileOf(["nome,email,tags", `A,a.tags@exemplo.com.br,"vip; quente ,vip,,${"x".repeat(41)}"`, `B,b.tags@exemplo.com.br,${many}`]);
    await runImport(user, file, optionsFor(file, user));
    const [a, b] = await leadsOf(user);
    expect(parseJsonList(a.tags)).toEqual(["vip", "quente", "x".repeat(40)]);
    expect(parseJsonList(b.tags)).toEqual(Array.from({ length: 30 }, (_, i) => `t${i + 1}`));
  });

  it("a row shorter than the header: its missing cells are empty", async () => {
    const user = await broker();
    const file = fileOf(["nome,email,telefone,mensagem", "Curta,curta@exemplo.com.br"]);
    await runImport(user, file, optionsFor(file, user));
    expect(await leadsOf(user)).toMatchObject([{ name: "Curta", email: "curta@exemplo.com.br", phone: "", message: "" }]);
  });

  it("a column mapped past the header's last one is read when the rows have it", async () => {
    const user = await broker();
    const file = fileOf(["nome,x", "Linha Longa,,longa@exemplo.com.br"]);
    await runImport(user, file, optionsFor(file, user, { mapping: { name: 0, email: 2 } }));
    expect((await leadsOf(user)).map((l) => [l.name, l.email])).toEqual([["Linha Longa", "longa@exemplo.com.br"]]);
  });
});

describe("progress of a long import", () => {
  it("reported every 500 rows and at the last; 501 rows make 501 leads", async () => {
    const user = await broker();
    const lines = ["nome,email"];
    for (let i = 1; i <= 501; i++) lines.push(`Pessoa ${i},pessoa${i}.progresso@exemplo.com.br`);
    const file = fileOf(lines);
    const progress: [number, number][] = [];
    const result = await runImport(user, file, optionsFor(file, user), (done, total) => {
      progress.push([done, total]);
    });
    expect(progress).toEqual([
      [500, 501],
      [501, 501],
    ]);
    expect(result.created).toBe(501);
    expect(await leadsOf(user)).toHaveLength(501);
  });
});
