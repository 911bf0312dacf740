import { describe, expect, it } from "vitest";
import { CSV_MESSAGES, IMPORT_FIELDS, IMPORT_FIELD_LABELS, MAX_IMPORT_ROWS, describeSkipped, importChoicesSchema, stageChoiceSchema, type SkippedRow } from "~/modules/leads/csv-import";
import { CsvError, parseCsv } from "~/modules/leads/csv-import.server";
import { action as importAction } from "~/routes/broker/leads/import";
import { makeBroker } from "../../helpers/factories";
import { routeArgs, sessionCookie } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";

/**
 * The CSV import's shared rules (csv-import.ts, spec 02 §5): the skipped
 * rows' summary (10 named, then 'e mais N'), the mapping screen's lenient
 * choices at each edge of their patterns, and the file's limits (50,000
 * rows, 10 MB), each on both sides.
 */
const rows = (n: number): SkippedRow[] => Array.from({ length: n }, (_, i) => ({ line: i + 2, reason: "sem e-mail e sem telefone" }));

describe("the skipped rows' summary", () => {
  it("names every row up to 10; from 11 names 10 and counts the rest", () => {
    expect(describeSkipped([])).toBe("");
    expect(describeSkipped(rows(1))).toBe("linha 2 (sem e-mail e sem telefone)");
    expect(describeSkipped(rows(2))).toBe("linha 2 (sem e-mail e sem telefone), linha 3 (sem e-mail e sem telefone)");
    const ten = describeSkipped(rows(10));
    expect(ten.split(", linha").length).toBe(10);
    expect(ten).not.toContain("e mais");
    const eleven = describeSkipped(rows(11));
    expect(eleven.split(", linha").length).toBe(10);
    expect(eleven.endsWith("linha 11 (sem e-mail e sem telefone) e mais 1")).toBe(true);
    expect(describeSkipped(rows(3), 2)).toBe("linha 2 (sem e-mail e sem telefone), linha 3 (sem e-mail e sem telefone) e mais 1");
  });
});

describe("the mapping screen's fields", () => {
  it("one select per field, labelled with the spec's names (02 §2.4) and the values each accepts", () => {
    expect(IMPORT_FIELDS).toEqual(["name", "email", "phone", "message", "tags", "property", "stage", "source"]);
    expect(IMPORT_FIELD_LABELS).toEqual({
      name: "Nome",
      email: "Email",
      phone: "Telefone",
      message: "Mensagem",
      tags: "Marcador/Tags (separe por vírgula ou ponto e vírgula)",
      property: "Imóvel",
      stage: "Estágio (aceita entrada, qualificação, negociação, fechamento)",
      source: "Origem (site, ZAP, VivaReal, OLX, roleta…; sem valor conhecido: Importação CSV)",
    });
  });
});

describe("the mapping screen's choices", () => {
  const parse = (values: Record<string, string>) => importChoicesSchema.parse(values);

  it("a column is 1 to 3 digits; anything else is not chosen", () => {
    expect(parse({ map_name: "0", map_email: "999", map_phone: "12" })).toMatchObject({ map_name: 0, map_email: 999, map_phone: 12 });
    const odd = parse({ map_name: "1000", map_email: "", map_phone: "1a", map_message: "a1", map_tags: " 1", map_property: "1 " });
    for (const f of ["map_name", "map_email", "map_phone", "map_message", "map_tags", "map_property"] as const) expect(odd[f], f).toBeUndefined();
    // every field of the vocabulary has its column
    expect(parse({ map_stage: "4", map_source: "5", map_tags: "6", map_property: "7", map_message: "8" })).toMatchObject({ map_stage: 4, map_source: 5, map_tags: 6, map_property: 7, map_message: 8 });
  });

  it("a forced stage is 1 to 12 digits; 13 digits or other text is none", () => {
    expect(parse({ force: "123456789012" }).force).toBe(123456789012);
    expect(parse({ force: "1234567890123" }).force).toBeUndefined();
    expect(parse({ force: "x7" }).force).toBeUndefined();
    expect(parse({ force: "7x" }).force).toBeUndefined();
    expect(parse({ force: "" }).force).toBeUndefined();
  });

  it("'submitted' only as '1'; duplicates skip unless 'merge'; a broker of at most 20 characters", () => {
    expect(parse({ submitted: "1" }).submitted).toBe("1");
    expect(parse({ submitted: "yes" }).submitted).toBeUndefined();
    expect(parse({}).dups).toBe("skip");
    expect(parse({ dups: "merge" }).dups).toBe("merge");
    expect(parse({ dups: "overwrite" }).dups).toBe("skip");
    expect(parse({ dups: "" }).dups).toBe("skip");
    expect(parse({ broker: "b".repeat(20) }).broker).toBe("b".repeat(20));
    expect(parse({ broker: "b".repeat(21) }).broker).toBeUndefined();
  });

  it("a stage value's choice: 'none', a stage id, or the suggestion for anything else", () => {
    expect(stageChoiceSchema.parse("none")).toBe("none");
    expect(stageChoiceSchema.parse("42")).toBe(42);
    expect(stageChoiceSchema.parse("None")).toBeUndefined();
    expect(stageChoiceSchema.parse("4 2")).toBeUndefined();
    expect(stageChoiceSchema.parse(undefined)).toBeUndefined();
  });
});

describe("the file's limits", () => {
  it("50,000 rows are read; 50,001 are refused with the limit in the message", () => {
    const header = "nome;email\n";
    const body = (n: number) => Array.from({ length: n }, (_, i) => `L${i};l${i}@x.com.br`).join("\n");
    const encode = (n: number) => new TextEncoder().encode(header + body(n) + "\n");
    expect(parseCsv(encode(MAX_IMPORT_ROWS)).rows).toHaveLength(50_000);
    let refused: unknown = null;
    try {
      parseCsv(encode(MAX_IMPORT_ROWS + 1));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(CsvError);
    expect((refused as CsvError).message).toBe(`${CSV_MESSAGES.read}: no máximo 50000 linhas por arquivo.`);
  });

  it("a CSV of exactly 10 MB goes on to the mapping screen; one byte more gets 413 with the pt-BR message", async () => {
    const cookie = await sessionCookie((await makeBroker()).userId);
    const upload = async (bytes: Buffer) => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(bytes)], "leads.csv"));
      return unwrap(() => importAction(routeArgs(new Request("http://localhost/broker/leads/import", { method: "POST", body: form, headers: { Cookie: cookie } }))));
    };
    // 40,960 lines of 256 bytes: 10 × 1024 × 1024 bytes, 40,959 rows (under the row limit)
    const fixed = (text: string) => text.padEnd(255, "y") + "\n";
    const lines = [fixed("nome;email;telefone;obs;")];
    for (let i = 1; i < 40_960; i++) lines.push(fixed(`Nome ${i};n${i}@exemplo.com.br;(11) 98765-4321;`));
    const tenMb = Buffer.from(lines.join(""), "utf8");
    expect(tenMb.length).toBe(10 * 1024 * 1024);
    const ok = await upload(tenMb);
    expect(ok.status).toBe(302);
    expect(ok.location).toMatch(/^\/broker\/leads\/import\/[0-9a-f]{32}$/);
    const over = await upload(Buffer.concat([tenMb, Buffer.from("\n")]));
    expect(over.status).toBe(413);
    expect((over.data as { error: string }).error).toBe(`${CSV_MESSAGES.read}: arquivo maior que 10 MB.`);
  }, 60_000);
});
