import { describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { autoMapping, importChoicesFrom, parseCsv, planImport, runImport, saveUpload, unguardCell } from "~/modules/leads/csv-import.server";
import { csvCell, exportLeadsCsv } from "~/modules/leads/csv-export.server";
import { normalisePhone, readablePhone } from "~/utils/phone.server";
import { importScreen } from "~/modules/leads/csv-import.route.server";
import { leadSourceFromText } from "~/modules/crm/labels";
import { listPipelineStages } from "~/modules/crm/stages.server";
import * as importRun from "~/routes/resources/csv/import";
import { formRequest, getRequest, routeArgs } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { brokerUser, stagesByName } from "./crm-helpers";

/** Issue 24, CRM: the CSV import's findings (02 §4, §5). */

const csv = (text: string) => new TextEncoder().encode(text);
const optionsFor = (file: ReturnType<typeof parseCsv>, brokerId: string) => ({ mapping: autoMapping(file.headers), stageMap: {}, forceStageId: null, duplicates: "skip" as const, brokerId });
function flash(headers: Headers): string {
  const value = /__flash=([^.;]+)/.exec(headers.get("Set-Cookie") ?? "")?.[1] ?? "";
  return Buffer.from(decodeURIComponent(value), "base64").toString("utf8");
}

describe("rows without any contact", () => {
  it("are skipped with their line and reason in the plan, the preview and the result; a re-import does not create them", async () => {
    const a = await brokerUser();
    const stamp = Date.now();
    const file = parseCsv(csv(`Nome;Email;Telefone;Mensagem\r\nSó Nome ${stamp};;;\r\nCom Email;c${stamp}@x.com.br;;"duas\nlinhas"\r\n;;;só a mensagem\r\n\r\nCom Fone;;(11) 9${String(stamp).slice(-8)};\r\n`));
    const options = optionsFor(file, a.brokerId);
    const plan = await planImport(file, options);
    expect(plan.skipped).toEqual([
      { line: 2, reason: "sem e-mail e sem telefone" },
      { line: 5, reason: "sem nome, e-mail e telefone" },
    ]);
    // lines of the file: a quoted line break and a blank line count
    expect(plan.rows.map((r) => r.line)).toEqual([3, 7]);

    const token = await saveUpload(a.user, csv(`Nome;Email;Telefone\r\nSó Nome ${stamp};;\r\nCom Email;p${stamp}@x.com.br;\r\n`), "p.csv");
    const screen = await importScreen(a.user, token, new URLSearchParams("preview=1"));
    expect(screen.preview).toMatchObject({ valid: 1, skippedCount: 1, skipped: [{ line: 2, reason: "sem e-mail e sem telefone" }] });

    const result = await runImport(a.user, file, options);
    expect(result).toMatchObject({ created: 2, skipped: plan.skipped });
    await runImport(a.user, file, options);
    expect(await db().selectFrom("leads").select("id").where("name", "=", `Só Nome ${stamp}`).execute()).toHaveLength(0);
  });
});

describe("what an imported lead carries", () => {
  it("the status its stage implies (entry stage when none), and 'Origem' as its source", async () => {
    const a = await brokerUser();
    const stages = await stagesByName();
    const s = Date.now();
    const file = parseCsv(
      csv(
        `Nome;Email;Etapa;Origem\r\nA;a${s}@x.com.br;Proposta;Site\r\nB;b${s}@x.com.br;Venda realizada;ZAP Imóveis\r\nC;c${s}@x.com.br;;vivareal\r\nD;d${s}@x.com.br;Perdido;Feira de imóveis\r\nE;e${s}@x.com.br;Qualificação;\r\n`,
      ),
    );
    const options = optionsFor(file, a.brokerId);
    expect(options.mapping).toMatchObject({ stage: 2, source: 3 });
    await runImport(a.user, file, options);
    const rows = await db().selectFrom("leads").select(["name", "stage_id", "status", "source"]).where("broker_id", "=", a.brokerId).orderBy("name").execute();
    expect(rows).toEqual([
      { name: "A", stage_id: stages["Proposta"], status: "negociacao", source: "site" },
      { name: "B", stage_id: stages["Venda realizada"], status: "fechamento", source: "zap" },
      { name: "C", stage_id: stages["Entrada"], status: "entrada", source: "vivareal" },
      { name: "D", stage_id: stages["Perdido"], status: "fechamento", source: "csv" },
      { name: "E", stage_id: stages["Qualificação"], status: "qualificacao", source: "csv" },
    ]);
  });

  it("reads the source names people type", () => {
    expect(["Site", "zap", "ZAP Imóveis", "Viva Real", "OLX", "Roleta", "Quadro do CRM", "Importação CSV", "portal imobiliário"].map(leadSourceFromText)).toEqual(["site", "zap", "zap", "vivareal", "olx", "roleta", "board", "csv", "portal"]);
    expect(leadSourceFromText("")).toBeNull();
    expect(leadSourceFromText("indicação de amigo")).toBeNull();
  });
});

describe("our own export comes back as it was", () => {
  it("the formula guard (a leading apostrophe) is undone on import; any other apostrophe stays", async () => {
    const a = await brokerUser();
    const s = Date.now();
    await runImport(a.user, parseCsv(csv(`Nome;Email;Telefone\r\n=Nome ${s};g${s}@x.com.br;+55 11 91111-${String(s).slice(-4)}\r\n`)), optionsFor(parseCsv(csv("Nome;Email;Telefone\r\nx;y;z\r\n")), a.brokerId));
    const exported = new TextDecoder().decode(await new Response(exportLeadsCsv(a.user, {})).arrayBuffer());
    // the phone comes out readable, without the guard's apostrophe (issue 24)
    expect(exported).toContain(`;(11) 91111-${String(s).slice(-4)};`);
    expect(exported).not.toContain("'+55");
    expect(exported).toContain(`'=Nome ${s}`);

    const b = await brokerUser();
    const back = parseCsv(csv(exported));
    await runImport(b.user, back, optionsFor(back, b.brokerId));
    const lead = await db().selectFrom("leads").select(["name", "phone"]).where("broker_id", "=", b.brokerId).executeTakeFirstOrThrow();
    expect(lead).toEqual({ name: `=Nome ${s}`, phone: `(11) 91111-${String(s).slice(-4)}` });
    expect(normalisePhone(lead.phone)).toBe(normalisePhone(`+55 11 91111-${String(s).slice(-4)}`));

    expect(unguardCell("'+5511")).toBe("+5511");
    expect(unguardCell("'@x")).toBe("@x");
    expect(unguardCell("D'Ávila")).toBe("D'Ávila");
    expect(unguardCell("O'=x")).toBe("O'=x"); // only a guard at the start is the export's own
    expect(unguardCell("'Ana'")).toBe("'Ana'");
  });
});

describe("the mapping screen's choices (zod, lenient like filters)", () => {
  it("reads the chosen columns, stages and options; a tampered value counts as not chosen", async () => {
    const file = parseCsv(csv("Nome;Email;Telefone;Etapa\r\nAna;ana@x.com.br;11987654321;Qualificação\r\nBia;bia@x.com.br;;Outra\r\n"));
    const stages = await stagesByName();
    const stageList = await listPipelineStages();
    const chosen = importChoicesFrom(new URLSearchParams({ submitted: "1", map_name: "0", map_email: "1", map_phone: "2", map_stage: "3", stage_0: "none", stage_1: String(Object.values(stages)[0]), dups: "merge", force: "7", broker: "12" }), file, stageList);
    expect(chosen.mapping).toEqual({ name: 0, email: 1, phone: 2, stage: 3 });
    expect(chosen).toMatchObject({ duplicates: "merge", forceStageId: 7, broker: "12", hasChoices: true });
    expect(Object.values(chosen.stageMap)).toContain(null);

    const odd = importChoicesFrom(new URLSearchParams({ submitted: "1", map_name: "abc", map_email: "1; drop table leads", map_phone: "-2", map_stage: "9999", dups: "all", force: "1 or 1=1", broker: "x".repeat(50) }), file, stageList);
    expect(odd.mapping).toEqual({});
    expect(odd).toMatchObject({ duplicates: "skip", forceStageId: null, broker: null });
    // without 'submitted' the columns are guessed from the headers
    expect(importChoicesFrom(new URLSearchParams(), file, stageList).mapping).toMatchObject({ name: 0, email: 1, phone: 2 });
  });
});

describe("phones in an exported file", () => {
  it("a Brazilian number in its national form, another country's in its international form, anything else as typed", () => {
    expect(readablePhone("+55 11 98765-4321")).toBe("(11) 98765-4321");
    expect(readablePhone("5511987654321")).toBe("(11) 98765-4321");
    expect(readablePhone("011 3456-7890")).toBe("(11) 3456-7890");
    expect(readablePhone("(55) 99999-8888")).toBe("(55) 99999-8888");
    expect(readablePhone("+1 415 555 0100")).toBe("+1 415 555 0100");
    expect(csvCell(readablePhone("+1 415 555 0100"))).toBe("'+1 415 555 0100");
    expect(readablePhone("ligar depois")).toBe("ligar depois");
    expect(readablePhone(null)).toBe("");
  });
});

describe("running the import with progress (JavaScript)", () => {
  it("sets no toast before the end; the result's toast gives the counts; a stale preview answers why", async () => {
    const a = await brokerUser();
    const s = Date.now();
    const token = await saveUpload(a.user, csv(`Nome;Email\r\nOk;ok${s}@x.com.br\r\nSem contato;\r\n`), "r.csv");
    const post = () => {
      const req = formRequest(`/broker/leads/import/${token}/run`, { submitted: "1", map_name: "0", map_email: "1", dups: "skip" }, { cookie: a.cookie });
      req.headers.set("Accept", "application/x-ndjson");
      return importRun.action(routeArgs(req, { token }));
    };
    const res = (await post()) as Response;
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const lines = (await res.text()).trim().split("\n").map((l) => JSON.parse(l) as { redirect?: string; message?: string });
    const last = lines.at(-1)!;
    expect(last.redirect).toBe(`/broker/leads/import/${token}/run`);
    expect(last.message).toBe("Importação concluída: 1 novo(s), 0 mesclado(s), 0 duplicado(s) pulado(s), 1 linha(s) ignorada(s): linha 3 (sem e-mail e sem telefone).");

    const back = await unwrap(() => importRun.loader(routeArgs(getRequest(last.redirect!, { cookie: a.cookie }), { token })));
    expect(back.location).toBe("/broker/leads");
    expect(flash(back.headers)).toContain("1 novo(s)");
    // the toast is given once, and only to who imported
    const again = await unwrap(() => importRun.loader(routeArgs(getRequest(last.redirect!, { cookie: a.cookie }), { token })));
    expect(again.location).toBe(`/broker/leads/import/${token}`);

    // the same preview sent again: its file is gone, and the stream says so
    const stale = (await post()) as Response;
    expect(stale.status).toBe(404);
    expect(JSON.parse((await stale.text()).trim())).toEqual({ error: "Arquivo não encontrado. Envie o CSV novamente." });
  });
});
