import { describe, expect, it } from "vitest";
import { csvCell, csvLine, exportLeadsCsv } from "~/modules/leads/csv-export.server";
import { db } from "~/modules/platform/db.server";
import { adminUser, brokerUser, makeLead, stagesByName } from "../crm/crm-helpers";

/**
 * The CSV export of the lead list (csv-export.server.ts, spec 02 §2.4, §9):
 * every cell of a row in its column (the broker's columns for admins only),
 * the formula guard and the quoting on both sides of each character, the
 * list's filters and scope, newest first, and a file longer than one chunk
 * of 1,000 rows.
 */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}
/** A lead of many for the streaming tests: its name, and created i seconds after 2026-01-01 (newest last). */
function leadRow(brokerId: string | null, name: string, i: number) {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  return { name, email: `${name.toLowerCase().replace(/\s+/g, ".")}@cliente.com.br`, phone: "(11) 98888-0000", phone_normalized: "5511988880000", message: "Tenho interesse", broker_id: brokerId, created_at: at, updated_at: at };
}

async function insertLeads(rows: ReturnType<typeof leadRow>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db().insertInto("leads").values(rows.slice(i, i + 200)).execute();
}

const lines = (text: string) => text.replace(/^\uFEFF/, "").split("\r\n").slice(0, -1);

describe("one cell", () => {
  it("nothing is an empty cell; numbers are written as they are", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(0)).toBe("0");
    expect(csvCell("")).toBe("");
  });

  it("a leading = + - @ tab or CR gets an apostrophe; the same characters further in do not", () => {
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell("a=b+c-d@e\tf")).toBe("a=b+c-d@e\tf");
    expect(csvCell("Maria")).toBe("Maria");
  });

  it("a cell with ; \" CR LF or , is quoted, quotes doubled; one without stays bare", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("a\rb")).toBe('"a\rb"');
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell('"x" e "y"')).toBe('"""x"" e ""y"""');
    expect(csvCell("=a;b")).toBe(`"'=a;b"`);
    expect(csvCell("a b.c:d")).toBe("a b.c:d");
  });

  it("a line is its cells between ';' and ends in CRLF", () => {
    expect(csvLine(["a", null, "b;c", 1])).toBe('a;;"b;c";1\r\n');
  });
});

describe("the rows of a file", () => {
  it("a broker's file: every column in its place, no broker columns; an admin's adds the broker's name and e-mail", async () => {
    const a = await brokerUser("Ana Exporta");
    const stages = await stagesByName();
    const [stageName, stageId] = Object.entries(stages)[1];
    const id = await makeLead(a.brokerId, { name: "Célia Exporta", email: "celia@cliente.com.br", phone: "(11) 98888-7777", createdAt: "2026-02-03T13:04:00.000Z", stageId });
    await db()
      .updateTable("leads")
      .set({ property_title: "Apto Centro", tags: JSON.stringify(["vip", "quente"]), total_value: 1234.5, status: "negociacao" })
      .where("id", "=", id)
      .execute();

    const broker = lines(await readAll(exportLeadsCsv(a.user, {})));
    expect(broker[0]).toBe("Nome;Email;Telefone;Mensagem;Imóvel;Etapa;Status;Tags;Valor;Data");
    expect(broker.slice(1)).toEqual([`Célia Exporta;celia@cliente.com.br;(11) 98888-7777;Tenho interesse;Apto Centro;${stageName};Negociação;"vip, quente";"1234,5";03/02/2026 10:04`]);

    const admin = await adminUser();
    const all = lines(await readAll(exportLeadsCsv(admin.user, { broker: a.brokerId })));
    expect(all[0]).toBe("Nome;Email;Telefone;Mensagem;Imóvel;Etapa;Status;Tags;Valor;Corretor;Email do corretor;Data");
    expect(all.slice(1)).toEqual([
      `Célia Exporta;celia@cliente.com.br;(11) 98888-7777;Tenho interesse;Apto Centro;${stageName};Negociação;"vip, quente";"1234,5";Ana Exporta;${a.email};03/02/2026 10:04`,
    ]);
  });

  it("no value, no tags and no stage are empty cells; a whole value has no comma", async () => {
    const a = await brokerUser("Ana Vazia");
    const empty = await makeLead(a.brokerId, { name: "Sem Valor", email: "sem-valor@cliente.com.br", phone: "(11) 98888-6666", createdAt: "2026-02-03T13:04:00.000Z", stageId: null });
    const whole = await makeLead(a.brokerId, { name: "Valor Inteiro", email: "inteiro@cliente.com.br", phone: "(11) 98888-5555", createdAt: "2026-02-03T13:05:00.000Z", stageId: null });
    await db().updateTable("leads").set({ total_value: 0, status: "entrada" }).where("id", "=", whole).execute();
    await db().updateTable("leads").set({ total_value: null, status: "entrada" }).where("id", "=", empty).execute();
    expect(lines(await readAll(exportLeadsCsv(a.user, {}))).slice(1)).toEqual([
      "Valor Inteiro;inteiro@cliente.com.br;(11) 98888-5555;Tenho interesse;;;Entrada;;0;03/02/2026 10:05",
      "Sem Valor;sem-valor@cliente.com.br;(11) 98888-6666;Tenho interesse;;;Entrada;;;03/02/2026 10:04",
    ]);
  });

  it("follows the list's filters: the stage, the text, an admin's broker or 'none'", async () => {
    const a = await brokerUser("Ana Filtro");
    const stages = Object.values(await stagesByName());
    await makeLead(a.brokerId, { name: "Filtro Primeiro", stageId: stages[0] });
    await makeLead(a.brokerId, { name: "Filtro Segundo", stageId: stages[1] });
    await makeLead(null, { name: "Filtro Sem Corretor", stageId: stages[0] });
    const names = async (text: string) =>
      lines(text)
        .slice(1)
        .map((l) => l.split(";")[0])
        .sort();
    expect(await names(await readAll(exportLeadsCsv(a.user, { stage: stages[1] })))).toEqual(["Filtro Segundo"]);
    expect(await names(await readAll(exportLeadsCsv(a.user, { q: "Primeiro" })))).toEqual(["Filtro Primeiro"]);
    const admin = await adminUser();
    expect(await names(await readAll(exportLeadsCsv(admin.user, { broker: a.brokerId })))).toEqual(["Filtro Primeiro", "Filtro Segundo"]);
    expect(await names(await readAll(exportLeadsCsv(admin.user, { broker: "none", q: "Filtro" })))).toEqual(["Filtro Sem Corretor"]);
  });

  it("newest first, the later id first at the same instant", async () => {
    const a = await brokerUser("Ana Ordem");
    const at = "2026-02-03T13:04:00.000Z";
    await makeLead(a.brokerId, { name: "Ordem Velho", createdAt: "2026-01-01T12:00:00.000Z" });
    await makeLead(a.brokerId, { name: "Ordem Mesmo 1", createdAt: at });
    await makeLead(a.brokerId, { name: "Ordem Mesmo 2", createdAt: at });
    await makeLead(a.brokerId, { name: "Ordem Novo", createdAt: "2026-03-01T12:00:00.000Z" });
    const names = lines(await readAll(exportLeadsCsv(a.user, {})))
      .slice(1)
      .map((l) => l.split(";")[0]);
    expect(names).toEqual(["Ordem Novo", "Ordem Mesmo 2", "Ordem Mesmo 1", "Ordem Velho"]);
  });

  it("rows go out 1,000 to a chunk after the header's, every row once, in order, no empty chunk at the end", async () => {
    const a = await brokerUser("Ana Muitos");
    const row = (i: number) => leadRow(a.brokerId, `Muitos ${String(i).padStart(4, "0")}`, i);
    await insertLeads(Array.from({ length: 1000 }, (_, i) => row(i)));
    const chunks = async () => {
      const reader = exportLeadsCsv(a.user, {}).getReader();
      const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
      const out: string[][] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return out;
        out.push(decoder.decode(value).split("\r\n").slice(0, -1).map((l) => l.split(";")[0]));
      }
    };
    // exactly 1,000: the header, one full chunk, then the end (no empty chunk)
    const thousand = await chunks();
    expect(thousand.map((c) => c.length)).toEqual([1, 1000]);
    expect(thousand[1][0]).toBe("Muitos 0999");
    expect(thousand[1][999]).toBe("Muitos 0000");
    await db().insertInto("leads").values(row(1000)).execute();
    const more = await chunks();
    expect(more.map((c) => c.length)).toEqual([1, 1000, 1]);
    const names = more.flat().slice(1);
    expect(names[0]).toBe("Muitos 1000");
    expect(names[1000]).toBe("Muitos 0000");
    expect(new Set(names).size).toBe(1001);
  });

  it("stopping a download half-way closes the database cursor: the next query answers", async () => {
    const a = await brokerUser("Ana Cancela");
    await insertLeads(Array.from({ length: 1200 }, (_, i) => leadRow(a.brokerId, `Cancela ${i}`, i)));
    const reader = exportLeadsCsv(a.user, {}).getReader();
    const header = await reader.read();
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(header.value)).toBe("\uFEFFNome;Email;Telefone;Mensagem;Imóvel;Etapa;Status;Tags;Valor;Data\r\n");
    // the first 1,000 rows: the cursor is open on the 1,001st
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const answer = db().selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).where("broker_id", "=", a.brokerId).executeTakeFirstOrThrow();
    const stuck = new Promise<"stuck">((resolve) => setTimeout(() => resolve("stuck"), 10_000).unref());
    expect(await Promise.race([answer.then((r) => Number(r.n)), stuck])).toBe(1200);
  });
});
