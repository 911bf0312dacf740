import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, parseJsonList } from "~/modules/platform/db.server";
import { CsvError, autoMapping, parseCsv, planImport, runImport, type ImportOptions } from "~/modules/leads/csv-import.server";
import { refuseUpdates } from "../../helpers/database";
import { makeBroker } from "../../helpers/factories";

/**
 * CSV import, duplicates (02 §5): a row is a duplicate of the broker's lead
 * with the same e-mail (any case) or the same phone (any format), or of an
 * earlier row of the same file. 'Ignorar' leaves duplicates out; 'Mesclar'
 * fills the existing lead's empty fields (a name only when it is blank or
 * 'Contato'), adds the new tags and keeps everything it had; a twin of an
 * earlier row of the file is left out either way.
 */
afterEach(() => {
  vi.useRealTimers();
});

type Broker = SessionUser & { broker: { id: string } };
async function broker(): Promise<Broker> {
  const b = await makeBroker({ name: "Corretora Duplicados" });
  return { id: b.userId, email: b.email, name: b.name, role: "broker", broker: { id: b.brokerId, name: b.name, isActive: true, profileImage: null, phone: "" } };
}

const fileOf = (lines: string[]) => parseCsv(new TextEncoder().encode(lines.join("\n")));
function optionsFor(file: ReturnType<typeof parseCsv>, user: Broker, duplicates: "skip" | "merge" = "skip"): ImportOptions {
  return { mapping: autoMapping(file.headers), stageMap: {}, forceStageId: null, duplicates, brokerId: user.broker.id };
}
async function leadsOf(user: Broker) {
  return db().selectFrom("leads").select(["id", "name", "email", "phone", "phone_normalized", "message", "property_title", "tags", "updated_at"]).where("broker_id", "=", user.broker.id).orderBy("id").execute();
}

describe("which rows are duplicates", () => {
  it("of the broker's leads: the same e-mail in any case, or the same phone in any format", async () => {
    const user = await broker();
    const existing = fileOf(["nome,email,telefone", "Ana,ana@exemplo.com.br,", "Bruno,,(11) 98888-7777"]);
    await runImport(user, existing, optionsFor(existing, user));
    const [ana, bruno] = await leadsOf(user);
    const file = fileOf(["nome,email,telefone", "Ana de novo,ANA@Exemplo.com.br,", "Bruno de novo,bruno.novo@exemplo.com.br,11 98888 7777", "Carla,carla@exemplo.com.br,(11) 97777-1111"]);
    const plan = await planImport(file, optionsFor(file, user));
    expect(plan.rows.map((r) => [r.line, r.email, r.duplicateOf])).toEqual([
      [2, "ana@exemplo.com.br", ana.id],
      [3, "bruno.novo@exemplo.com.br", bruno.id],
      [4, "carla@exemplo.com.br", null],
    ]);
    expect(plan.duplicates.map((r) => r.line)).toEqual([2, 3]);
    expect(await runImport(user, file, optionsFor(file, user))).toMatchObject({ created: 1, merged: 0, skippedDuplicates: 2 });
    expect((await leadsOf(user)).map((l) => l.name)).toEqual(["Ana", "Bruno", "Carla"]);
  });

  it("of an earlier row of the file, by e-mail or by phone: left out even when merging", async () => {
    const user = await broker();
    const file = fileOf([
      "nome,email,telefone",
      "Primeira,dupla@exemplo.com.br,",
      "Segunda,DUPLA@exemplo.com.br,",
      "Terceira,,(21) 96666-5555",
      "Quarta,outra@exemplo.com.br,21966665555",
      "Quinta,quinta@exemplo.com.br,(21) 95555-4444",
    ]);
    const plan = await planImport(file, optionsFor(file, user));
    expect(plan.duplicates.map((r) => r.line)).toEqual([3, 5]);
    expect(await runImport(user, file, optionsFor(file, user, "merge"))).toMatchObject({ created: 3, merged: 0, skippedDuplicates: 2 });
    expect((await leadsOf(user)).map((l) => l.name)).toEqual(["Primeira", "Terceira", "Quinta"]);
  });
});

describe("'Mesclar' (merge)", () => {
  it("fills the existing lead's empty fields, adds new tags, and replaces only a blank or 'Contato' name", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-05-04T12:00:00.000Z"));
    const user = await broker();
    const first = fileOf(["nome,email,telefone,mensagem,imovel,tags", ",vazio@exemplo.com.br,,,,antiga", "Maria Cheia,cheia@exemplo.com.br,(11) 91111-2222,Primeira mensagem,Casa Azul,vip"]);
    await runImport(user, first, optionsFor(first, user));
    vi.setSystemTime(new Date("2026-05-05T09:30:00.000Z"));
    const second = fileOf([
      "nome,email,telefone,mensagem,imovel,tags",
      "Nome Novo,vazio@exemplo.com.br,(11) 3333-4444,Mensagem nova,Apartamento Novo,nova;antiga",
      "Outro Nome,CHEIA@exemplo.com.br,(11) 95555-6666,Outra mensagem,Outro imóvel,extra",
    ]);
    expect(await runImport(user, second, optionsFor(second, user, "merge"))).toMatchObject({ created: 0, merged: 2, skippedDuplicates: 0 });
    const [empty, full] = await leadsOf(user);
    expect({ ...empty, tags: parseJsonList(empty.tags), updated_at: new Date(empty.updated_at).toISOString() }).toMatchObject({
      name: "Nome Novo",
      email: "vazio@exemplo.com.br",
      phone: "(11) 3333-4444",
      phone_normalized: "551133334444",
      message: "Mensagem nova",
      property_title: "Apartamento Novo",
      tags: ["antiga", "nova"],
      updated_at: "2026-05-05T09:30:00.000Z",
    });
    expect({ ...full, tags: parseJsonList(full.tags) }).toMatchObject({
      name: "Maria Cheia",
      email: "cheia@exemplo.com.br",
      phone: "(11) 91111-2222",
      message: "Primeira mensagem",
      property_title: "Casa Azul",
      tags: ["vip", "extra"],
    });
  });

  it("a lead found by its phone gets the row's e-mail; no listing stays no listing", async () => {
    const user = await broker();
    const first = fileOf(["nome,telefone", "Só Fone,(11) 92222-3333"]);
    await runImport(user, first, optionsFor(first, user));
    const second = fileOf(["nome,email,telefone,imovel", "Só Fone,fone@exemplo.com.br,11922223333,"]);
    expect(await runImport(user, second, optionsFor(second, user, "merge"))).toMatchObject({ created: 0, merged: 1 });
    const [lead] = await leadsOf(user);
    expect(lead).toMatchObject({ name: "Só Fone", email: "fone@exemplo.com.br", phone: "(11) 92222-3333", property_title: null });
  });

  it("a merge that fails names its line and changes nothing: no earlier merge, no new lead", async () => {
    const user = await broker();
    const first = fileOf(["nome,email", ",um@exemplo.com.br", ",dois@exemplo.com.br"]);
    await runImport(user, first, optionsFor(first, user));
    const before = await leadsOf(user);
    const second = fileOf(["nome,email,mensagem", "Novo,novo@exemplo.com.br,", "Nome Um,um@exemplo.com.br,Mensagem um", "Recusado,dois@exemplo.com.br,"]);
    // a trigger that refuses one name stands in for any database failure during a merge
    const allow = await refuseUpdates("leads", "name", "Recusado");
    try {
      const error = await runImport(user, second, optionsFor(second, user, "merge")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CsvError);
      expect((error as CsvError).message).toMatch(/^Erro ao importar: linha 4 — /);
      expect((error as CsvError).line).toBe(4);
    } finally {
      await allow();
    }
    expect(await leadsOf(user)).toEqual(before);
  });
});
