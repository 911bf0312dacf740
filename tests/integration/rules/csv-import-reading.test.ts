import { describe, expect, it } from "vitest";
import { CsvError, autoMapping, decodeCsv, detectDelimiter, parseCsv } from "~/modules/leads/csv-import.server";
import { CSV_MESSAGES, IMPORT_FIELDS, type ImportField } from "~/modules/leads/csv-import";

/**
 * CSV import, reading the file (02 §2.4, §5): the encoding (UTF-8 with or
 * without its BOM, UTF-16 LE with its BOM, else Windows-1252 from Excel
 * pt-BR), the delimiter (the one the header line uses most, outside quotes),
 * blank lines and blank rows, where each row starts in the file, the line
 * and reason of a file that does not parse, and the columns mapped from the
 * header's names and their pt-BR synonyms.
 */
const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const bytes = (...parts: (number[] | Uint8Array)[]) => new Uint8Array(parts.flatMap((p) => [...p]));
function refusal(run: () => unknown): CsvError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CsvError);
    return error as CsvError;
  }
  throw new Error("the file was read");
}

describe("the encoding", () => {
  it("UTF-8 with its BOM: the BOM is taken off; only the whole three-byte BOM counts as one", () => {
    expect(decodeCsv(bytes([0xef, 0xbb, 0xbf], utf8("Nome;Situação")))).toEqual({ text: "Nome;Situação", encoding: "utf-8" });
    // a Windows-1252 file that starts with 'ï' or 'ï»' is no UTF-8 file with a BOM
    expect(decodeCsv(bytes([0xef, 0xbb], latin1("x;y")))).toEqual({ text: "ï»x;y", encoding: "windows-1252" });
    expect(decodeCsv(bytes([0xef], latin1("ndice;e")))).toEqual({ text: "ïndice;e", encoding: "windows-1252" });
    expect(decodeCsv(bytes([0xef, 0x41, 0xbf], latin1(";e")))).toEqual({ text: "ïA¿;e", encoding: "windows-1252" });
    // the BOM's last two bytes after another first byte: 'a»¿'
    expect(decodeCsv(bytes(latin1("a"), [0xbb, 0xbf], latin1(";e")))).toEqual({ text: "a»¿;e", encoding: "windows-1252" });
  });

  it("UTF-16 LE with its BOM (Excel's 'Unicode text'), and a file that only starts with 'ÿ' is not", () => {
    const text = "Nome\tTelefone\r\nJoão\t11987654321\r\n";
    const file = parseCsv(bytes([0xff, 0xfe], new Uint8Array(Buffer.from(text, "utf16le"))));
    expect(file).toMatchObject({ encoding: "utf-16le", delimiter: "\t", headers: ["Nome", "Telefone"], rows: [["João", "11987654321"]] });
    expect(decodeCsv(bytes([0xff], latin1("gor;e")))).toEqual({ text: "ÿgor;e", encoding: "windows-1252" });
    expect(decodeCsv(bytes([0xfe, 0xff], latin1("a")))).toEqual({ text: "þÿa", encoding: "windows-1252" });
    // UTF-16's second byte after another first byte: 'aþ'
    expect(decodeCsv(bytes(latin1("a"), [0xfe], latin1(";e")))).toEqual({ text: "aþ;e", encoding: "windows-1252" });
  });

  it("UTF-8 without a BOM when every byte is valid UTF-8, else Windows-1252", () => {
    expect(decodeCsv(utf8("Nome;Observações\nJoão;ação"))).toEqual({ text: "Nome;Observações\nJoão;ação", encoding: "utf-8" });
    expect(decodeCsv(latin1("Nome;Observações\nJoão;ação"))).toEqual({ text: "Nome;Observações\nJoão;ação", encoding: "windows-1252" });
  });

  it("Windows-1252's own characters from 0x80 to 0x9F, as Excel pt-BR writes them: euro, curly quotes, dashes, ellipsis", () => {
    // “Casa” – R$ 1… € ‘x’ • ™ Œ Ÿ, and the five bytes the encoding leaves undefined kept as they are
    const file = bytes(latin1("Obs;Valor\n"), [0x93], latin1("Casa"), [0x94, 0x20, 0x96, 0x20], latin1("R$ 1"), [0x85, 0x3b, 0x80, 0x20, 0x91, 0x78, 0x92, 0x20, 0x95, 0x99, 0x8c, 0x9f, 0x81, 0x8d, 0x8f, 0x90, 0x9d]);
    expect(decodeCsv(file)).toEqual({ text: "Obs;Valor\n“Casa” – R$ 1…;€ ‘x’ •™ŒŸ\u0081\u008d\u008f\u0090\u009d", encoding: "windows-1252" });
    // the byte just below and just above the range are Latin-1's
    expect(decodeCsv(bytes([0x7f, 0xa0, 0x41]))).toEqual({ text: "\u007f\u00a0A", encoding: "windows-1252" });
  });
});

describe("the delimiter", () => {
  it("the one the header line uses most: ';', ',' or tab, whatever the rows use", () => {
    expect(detectDelimiter("nome;email;telefone\nAna, Bia, Carla,x,y,z,w")).toBe(";");
    expect(detectDelimiter("nome,email,telefone\nAna;Bia;Carla;x;y;z;w")).toBe(",");
    expect(detectDelimiter("nome\temail\ttelefone\nAna;Bia;Carla;x,y,z,w")).toBe("\t");
    expect(detectDelimiter("nome;email;tel,efone")).toBe(";");
    expect(detectDelimiter("nome,email,tel;efone")).toBe(",");
    expect(detectDelimiter("a\tb\tc;d,e")).toBe("\t");
  });

  it("the header line ends at LF or CR; separators inside quotes do not count, quoted line breaks do not end it", () => {
    expect(detectDelimiter("nome,email\r;;;;;;")).toBe(",");
    expect(detectDelimiter("nome,email\n;;;;;;")).toBe(",");
    expect(detectDelimiter('"nome;completo;do;cliente",email')).toBe(",");
    expect(detectDelimiter('"observação\nlonga";email;tel\nx,y,z,w,v')).toBe(";");
  });

  it("a header without any of them: ','; only the first 10,000 characters are looked at", () => {
    expect(detectDelimiter("email\nana@x.com.br;bia@x.com.br")).toBe(",");
    expect(detectDelimiter("")).toBe(",");
    expect(detectDelimiter(`${"n".repeat(9_998)};;\nx`)).toBe(";");
    expect(detectDelimiter(`${"n".repeat(10_000)};;\nx`)).toBe(",");
  });
});

describe("the rows", () => {
  it("blank lines and rows of empty cells are left out; the line numbers still count them", () => {
    const file = parseCsv(utf8("Nome;Email\n\nAna;ana@x.com.br\n;\n  ;  \nBia;bia@x.com.br\n"));
    expect(file.rows).toEqual([
      ["Ana", "ana@x.com.br"],
      ["Bia", "bia@x.com.br"],
    ]);
    expect(file.lines).toEqual([3, 6]);
  });

  it("a row's line is where it starts: line breaks inside quoted cells (LF or CRLF, each one line) of earlier rows and of the row are counted", () => {
    // Excel: CRLF between rows, LF inside cells
    expect(parseCsv(utf8('Nome;Obs\r\nAna;"uma\nduas"\r\nBia;x\r\nCarla;"a\nb\nc"\r\nDani;y\r\n')).lines).toEqual([2, 4, 5, 8]);
    // a cell typed in a browser's text area keeps CRLF
    const file = parseCsv(utf8('Nome;Obs\r\nAna;"uma\r\nduas\r\ntrês"\r\nBia;"a\nb"\r\n\r\nDani;fim\r\n'));
    expect(file.rows.map((r) => r[0])).toEqual(["Ana", "Bia", "Dani"]);
    expect(file.rows[0][1]).toBe("uma\r\nduas\r\ntrês");
    expect(file.lines).toEqual([2, 5, 8]);
    expect(parseCsv(utf8('"Nome\r\ncompleto";Obs\nAna;"a\r\nb"\nBia;x\n')).lines).toEqual([3, 5]);
  });

  it("cells are trimmed; a header name is cut at 200 characters", () => {
    const file = parseCsv(utf8(`  Nome ;${"E".repeat(201)}\n  Ana  ; ana@x.com.br \n`));
    expect(file.headers).toEqual(["Nome", "E".repeat(200)]);
    expect(file.rows).toEqual([["Ana", "ana@x.com.br"]]);
  });

  it("a file with only blanks, or a header and only blank rows, is 'CSV vazio'", () => {
    expect(refusal(() => parseCsv(utf8(" \r\n\t\n"))).message).toBe(CSV_MESSAGES.empty);
    expect(refusal(() => parseCsv(utf8("Nome;Email\n;\n ; \n"))).message).toBe(CSV_MESSAGES.empty);
    expect(parseCsv(utf8("Nome;Email\n;\n;x@y.com.br\n")).rows).toEqual([["", "x@y.com.br"]]);
  });
});

describe("a file that does not parse: its line and why", () => {
  it("a quote never closed: the line where it was opened, escaped quotes and quoted lines before it counted", () => {
    const e = refusal(() => parseCsv(utf8('Nome;Obs\nAna;"diz ""oi""\nem duas"\nBia;ok\nCarla;"sem fim\nDani;x\n')));
    expect(e.message).toBe(`${CSV_MESSAGES.read}: linha 5 — aspas abertas e não fechadas.`);
    expect(e.line).toBe(5);
  });

  it("a quote in the middle of a field; anything else the parser refuses is 'formato inválido'", () => {
    const e = refusal(() => parseCsv(utf8('Nome;Obs\nAna;ok\nBia;"dito"depois\n')));
    expect(e.message).toBe(`${CSV_MESSAGES.read}: linha 3 — aspas no meio de um campo.`);
    expect(e.line).toBe(3);
    expect(refusal(() => parseCsv(utf8('Nome;Obs\nAna;di"to\n'))).message).toBe(`${CSV_MESSAGES.read}: linha 2 — formato inválido.`);
  });

  it("a row over 100,000 characters", () => {
    const e = refusal(() => parseCsv(utf8(`Nome;Obs\nAna;ok\nBia;${"x".repeat(100_001)}\n`)));
    expect(e.message).toBe(`${CSV_MESSAGES.read}: linha 3 — linha grande demais.`);
    expect(parseCsv(utf8(`Nome;Obs\nBia;${"x".repeat(99_000)}\n`)).rows[0][1]).toHaveLength(99_000);
  });
});

describe("the columns mapped from the header", () => {
  const synonyms: Record<ImportField, string[]> = {
    name: ["name", "nome", "nome completo", "cliente", "contato"],
    email: ["email", "e-mail", "e mail", "mail", "correio"],
    phone: ["phone", "telefone", "celular", "whatsapp", "fone", "tel"],
    message: ["message", "mensagem", "observacao", "observacoes", "obs"],
    tags: ["tags", "tag", "marcador", "marcadores", "etiquetas"],
    property: ["property", "imovel", "property_title", "empreendimento"],
    stage: ["stage", "estagio", "etapa", "status", "fase"],
    source: ["source", "origem", "fonte", "canal"],
  };

  it.each(IMPORT_FIELDS.flatMap((field) => synonyms[field].map((header) => [field, header] as const)))("%s from a column named '%s'", (field, header) => {
    expect(autoMapping(["Outra coluna", header])).toEqual({ [field]: 1 });
  });

  it("names are read without case, accents or extra spaces; other names are not mapped", () => {
    expect(autoMapping(["  NOME   Completo ", "E-Mail", "Observações", "Imóvel", "Estágio", "WhatsApp"])).toEqual({ name: 0, email: 1, message: 2, property: 3, stage: 4, phone: 5 });
    expect(autoMapping(["Nome do cliente", "Emails", "Telefone 2", "Obs."])).toEqual({});
  });

  it("the first column with a field's name is the field's; a second one is left unmapped", () => {
    expect(autoMapping(["Telefone", "Celular", "Nome", "Cliente"])).toEqual({ phone: 0, name: 2 });
  });
});
