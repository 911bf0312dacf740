import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db, parseJsonList } from "~/modules/platform/db.server";
import { CsvError, autoMapping, parseCsv, planImport, runImport, stageValues, validateMapping } from "~/modules/leads/csv-import.server";
import { csvCell, exportLeadsCsv, exportFileName } from "~/modules/leads/csv-export.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import { adminUser, brokerUser, makeLead, stagesByName } from "./crm-helpers";
import { refuseInserts } from "../../helpers/database";

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../../fixtures/csv", name)));

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  // ignoreBOM keeps the byte-order mark in the text, so the test can see it
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe("reading real spreadsheet files", () => {
  it.each([
    ["excel-utf8-bom-semicolon.csv", "utf-8", ";"],
    ["excel-windows-1252-semicolon.csv", "windows-1252", ";"],
    ["sheets-utf8-comma-lf.csv", "utf-8", ","],
  ])("%s: encoding, delimiter, accents, quoted line breaks", (name, encoding, delimiter) => {
    const file = parseCsv(fixture(name));
    expect(file.encoding).toBe(encoding);
    expect(file.delimiter).toBe(delimiter);
    expect(file.rows).toHaveLength(6);
    expect(file.rows[0][0]).toBe("João da Conceição");
    expect(file.rows[0][3]).toBe("Quero visitar o apartamento\nde preferência sábado");
    expect(file.rows[4][3]).toBe('Prefiro "WhatsApp"');
    const m = autoMapping(file.headers);
    expect(m).toEqual({ name: 0, email: 1, phone: 2, message: 3, tags: 4, property: 5, stage: 6 });
  });

  it("says which line is wrong, and empty files say 'CSV vazio'", () => {
    expect(() => parseCsv(fixture("broken-unclosed-quote.csv"))).toThrow(/Erro ao ler CSV: linha 3/);
    expect(() => parseCsv(fixture("header-only.csv"))).toThrow("CSV vazio");
    expect(() => parseCsv(new Uint8Array())).toThrow("CSV vazio");
  });

  it("needs Nome, Email or Telefone mapped ('Mapeamento inválido')", () => {
    const file = parseCsv(fixture("no-contact-columns.csv"));
    expect(() => validateMapping(autoMapping(file.headers), 2)).toThrow("Mapeamento inválido");
  });
});

describe("import", () => {
  it("imports in one go: skips rows without contact, 'Contato' for a missing name, tags on , or ;, stages matched; then skips or merges duplicates", async () => {
    const a = await brokerUser();
    const stages = await stagesByName();
    const file = parseCsv(fixture("excel-windows-1252-semicolon.csv"));
    const mapping = autoMapping(file.headers);
    const values = stageValues(file, mapping, await listPipelineStages());
    expect(values.find((v) => v.value === "qualificação")?.suggestedStageId).toBe(stages["Qualificação"]);
    expect(values.find((v) => v.value === "Negociacao")?.suggestedStageId).toBe(stages["Negociação"]);
    const options = { mapping, stageMap: {}, forceStageId: null, duplicates: "skip" as const, brokerId: a.brokerId };
    const progress: number[] = [];
    const r1 = await runImport(a.user, file, options, (done) => {
      progress.push(done);
    });
    expect(r1).toEqual({ created: 5, merged: 0, skipped: [{ line: 5, reason: "sem nome, e-mail e telefone" }], skippedDuplicates: 0 });
    expect(progress.at(-1)).toBe(5);
    const leads = await db().selectFrom("leads").selectAll().where("broker_id", "=", a.brokerId).orderBy("id").execute();
    expect(leads.map((l) => l.name)).toEqual(["João da Conceição", "Maria Antônia Gonçalves", "Contato", "Érica Simões", '=HYPERLINK("http://x")']);
    expect(parseJsonList(leads[0].tags)).toEqual(["vip", "zona sul"]);
    expect(parseJsonList(leads[1].tags)).toEqual(["investidor", "financiamento"]);
    expect(leads[0].message).toContain("\n");
    expect(leads[0].property_title).toBe("Apartamento Vila Mariana");
    expect(leads[1].stage_id).toBe(stages["Qualificação"]);
    expect(leads[3].stage_id).toBe(stages["Venda realizada"]);
    expect(leads.every((l) => l.source === "csv")).toBe(true);

    const plan = await planImport(file, options);
    expect(plan.duplicates.map((d) => d.line)).toEqual([2, 4, 6, 7, 8]); // lines of the file (the first row spans two)
    const r2 = await runImport(a.user, file, options);
    expect(r2).toMatchObject({ created: 0, skippedDuplicates: 5 });
    await db().updateTable("leads").set({ tags: "[]" }).where("id", "=", leads[0].id).execute();
    const r3 = await runImport(a.user, file, { ...options, duplicates: "merge" });
    expect(r3).toMatchObject({ created: 0, merged: 5 });
    const merged = await db().selectFrom("leads").select("tags").where("id", "=", leads[0].id).executeTakeFirstOrThrow();
    expect(parseJsonList(merged.tags)).toEqual(["vip", "zona sul"]);
    expect(await db().selectFrom("leads").select("id").where("broker_id", "=", a.brokerId).execute()).toHaveLength(5);
  });

  it("forces one stage for all rows; another broker's leads are not duplicates", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    const stages = await stagesByName();
    await makeLead(b.brokerId, { email: "joao.conceicao@exemplo.com.br" });
    const file = parseCsv(fixture("sheets-utf8-comma-lf.csv"));
    const r = await runImport(a.user, file, { mapping: autoMapping(file.headers), stageMap: {}, forceStageId: stages["Proposta"], duplicates: "skip", brokerId: a.brokerId });
    expect(r.created).toBe(5);
    const st = await db().selectFrom("leads").select("stage_id").where("broker_id", "=", a.brokerId).execute();
    expect(new Set(st.map((x) => x.stage_id))).toEqual(new Set([stages["Proposta"]]));
  });

  it("a failing row changes nothing (one transaction) and names the line", async () => {
    const a = await brokerUser();
    const file = parseCsv(fixture("excel-utf8-bom-semicolon.csv"));
    // A trigger that refuses one name stands in for any database failure mid-import.
    const allow = await refuseInserts("leads", "name", "Érica Simões");
    try {
      const err = await runImport(a.user, file, { mapping: autoMapping(file.headers), stageMap: {}, forceStageId: null, duplicates: "skip", brokerId: a.brokerId }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CsvError);
      expect((err as CsvError).message).toMatch(/Erro ao importar: linha 7/); // the file's line: the first row's message spans two
      expect(await db().selectFrom("leads").select("id").where("broker_id", "=", a.brokerId).execute()).toHaveLength(0);
    } finally {
      await allow();
    }
  });
});

describe("export", () => {
  it("neutralises formulas and quotes separators", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+5511")).toBe("'+5511");
    expect(csvCell("-3")).toBe("'-3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell('a;b "c"')).toBe('"a;b ""c"""');
    expect(csvCell("linha\nnova")).toBe('"linha\nnova"');
  });

  it("streams only the user's leads, Excel pt-BR style (BOM, ';', CRLF), with the right file names", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    const admin = await adminUser();
    await makeLead(a.brokerId, { name: "=cmd|' /C calc'!A0", email: "x@a.com.br" });
    await makeLead(b.brokerId, { name: "Outro Broker", email: "y@b.com.br" });
    const text = await readAll(exportLeadsCsv(a.user, {}));
    expect(text.startsWith("\uFEFFNome;Email;Telefone")).toBe(true);
    expect(text).toContain("\r\n");
    expect(text).toContain("'=cmd|' /C calc'!A0");
    expect(text).not.toContain("Outro Broker");
    const all = await readAll(exportLeadsCsv(admin.user, {}));
    expect(all).toContain("Outro Broker");
    expect(all.split("\r\n")[0]).toContain("Corretor");
    expect(exportFileName(admin.user, new Date("2026-01-05T12:00:00Z"))).toBe("leads-05-01-2026.csv");
    expect(exportFileName(a.user, new Date("2026-01-05T12:00:00Z"))).toBe("leads_2026-01-05.csv");
    // the agency's day, not the server's: 23:59 in São Paulo is still the 4th, 00:00 is the 5th
    expect(exportFileName(admin.user, new Date("2026-01-05T02:59:00Z"))).toBe("leads-04-01-2026.csv");
    expect(exportFileName(a.user, new Date("2026-01-05T02:59:00Z"))).toBe("leads_2026-01-04.csv");
    expect(exportFileName(a.user, new Date("2026-01-05T03:00:00Z"))).toBe("leads_2026-01-05.csv");
  });
});
