import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "~/modules/platform/config.server";
import { dropUpload, importChoicesFrom, loadUpload, parseCsv, saveImportSummary, saveUpload, staleImportsJob, takeImportSummary } from "~/modules/leads/csv-import.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import { ensureDefaultPipeline } from "~/modules/crm/pipeline.server";
import { brokerUser } from "../crm/crm-helpers";

/**
 * CSV import, the uploaded file between the steps (02 §5): kept under
 * DATA_DIR/imports by a random 32-hex token bound to the user who sent it
 * (anyone else, or any other spelling of the token, finds nothing — no path
 * leaves the folder), removed after the import, and by the hourly job once
 * older than a day (fixed clock, file dates set from it); the import's
 * result kept once for its toast; the mapping screen's stage choices.
 */
const importsDir = () => path.join(config().dataDir, "imports");
const csv = (text: string) => new TextEncoder().encode(text);

describe("an uploaded file", () => {
  it("is found by its token, for the user who sent it only, with its name cut at 200 characters", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    const token = await saveUpload(a.user, csv("nome;email\nAna;ana@x.com.br\n"), `${"p".repeat(210)}.csv`);
    expect(token).toMatch(/^[a-f0-9]{32}$/);
    const found = await loadUpload(a.user, token);
    expect(new TextDecoder().decode(found!.bytes)).toBe("nome;email\nAna;ana@x.com.br\n");
    expect(found!.fileName).toBe("p".repeat(200));
    expect(await loadUpload(b.user, token)).toBeNull();
    // two uploads of the same bytes get two tokens
    expect(await saveUpload(a.user, csv("x"), "a.csv")).not.toBe(token);
  });

  it("no other spelling of a token reaches a file, not even one that leads back into the folder", async () => {
    const a = await brokerUser();
    const token = await saveUpload(a.user, csv("nome\nAna\n"), "a.csv");
    for (const spelt of [`../imports/${token}`, `${token}/../${token}`, token.toUpperCase(), token.slice(1), `${token}0`, ` ${token}`]) {
      expect(await loadUpload(a.user, spelt), spelt).toBeNull();
      await dropUpload(spelt);
      await saveImportSummary(a.user, spelt, "feito");
      expect(await takeImportSummary(a.user, spelt), spelt).toBeNull();
    }
    expect(await loadUpload(a.user, token)).not.toBeNull();
    await saveImportSummary(a.user, token, "feito");
    for (const spelt of [`../imports/${token}`, `${token}/../${token}`]) expect(await takeImportSummary(a.user, spelt), spelt).toBeNull();
    expect(await takeImportSummary(a.user, token)).toBe("feito");
    expect(fs.readdirSync(importsDir()).filter((n) => n.startsWith(token)).sort()).toEqual([`${token}.csv`, `${token}.json`]);
  });

  it("is removed, with its record, after the import; a missing file is not found", async () => {
    const a = await brokerUser();
    const token = await saveUpload(a.user, csv("nome\nAna\n"), "a.csv");
    await dropUpload(token);
    expect(fs.existsSync(path.join(importsDir(), `${token}.csv`))).toBe(false);
    expect(fs.existsSync(path.join(importsDir(), `${token}.json`))).toBe(false);
    expect(await loadUpload(a.user, token)).toBeNull();
    await dropUpload(token);
  });
});

describe("the import's result for its toast", () => {
  it("is given once, to the user who imported only", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    const token = "0123456789abcdef0123456789abcdef";
    expect(await takeImportSummary(a.user, token)).toBeNull();
    await saveImportSummary(a.user, token, "Importação concluída: 2 novo(s)");
    expect(await takeImportSummary(b.user, token)).toBeNull();
    expect(await takeImportSummary(a.user, token)).toBe("Importação concluída: 2 novo(s)");
    expect(await takeImportSummary(a.user, token)).toBeNull();
  });
});

describe("the hourly job for uploads nobody imported", () => {
  const NOW = new Date("2026-03-10T12:00:00.000Z");
  const at = (ms: number) => new Date(NOW.getTime() - ms);
  const DAY = 24 * 3600_000;

  it("removes what is older than a day at `now`, and keeps what is exactly a day old or younger", async () => {
    expect(staleImportsJob).toMatchObject({ name: "crm-stale-csv-imports", cron: "17 * * * *" });
    fs.mkdirSync(importsDir(), { recursive: true });
    const ages = { "dia-e-um-segundo.csv": DAY + 1_000, "dia-exato.csv": DAY, "quase-dia.json": DAY - 1_000, "feito.done.json": DAY + 1_000 };
    for (const [name, age] of Object.entries(ages)) {
      const file = path.join(importsDir(), name);
      fs.writeFileSync(file, "x");
      fs.utimesSync(file, at(age), at(age));
    }
    await staleImportsJob.run(NOW);
    expect(fs.readdirSync(importsDir()).filter((n) => n in ages).sort()).toEqual(["dia-exato.csv", "quase-dia.json"]);
  });

  it("does nothing when no file was ever uploaded", async () => {
    fs.rmSync(importsDir(), { recursive: true, force: true });
    await expect(staleImportsJob.run(NOW)).resolves.toBeUndefined();
    expect(fs.existsSync(importsDir())).toBe(false);
  });
});

describe("the mapping screen's stage choices", () => {
  it("each Estágio value takes its choice by position; rows left without a stage are counted", async () => {
    await ensureDefaultPipeline();
    const stages = await listPipelineStages();
    const file = parseCsv(csv("Nome;Email;Etapa\nAna;a@x.com.br;Ligar depois\nBia;b@x.com.br;Ligar depois\nCarla;c@x.com.br;Outra coisa\nDani;d@x.com.br;Qualificação\n"));
    const guessed = importChoicesFrom(new URLSearchParams(), file, stages);
    expect(guessed.values.map((v) => [v.value, v.count])).toEqual([
      ["Ligar depois", 2],
      ["Outra coisa", 1],
      ["Qualificação", 1],
    ]);
    const qualification = guessed.values[2].suggestedStageId;
    expect(guessed.stageMap).toEqual({ "Ligar depois": null, "Outra coisa": null, Qualificação: qualification });
    expect(qualification).not.toBeNull();
    expect(guessed.unmatched).toBe(3);
    expect(guessed.hasChoices).toBe(false);

    const form = new FormData();
    for (const [k, v] of Object.entries({ submitted: "1", map_name: "0", map_email: "1", map_stage: "2", stage_0: String(stages[0].id), stage_2: "none" })) form.set(k, v);
    // a file sent where a text is expected counts as not sent
    form.set("stage_1", new File(["1"], "x.txt"));
    const chosen = importChoicesFrom(form, file, stages);
    expect(chosen.mapping).toEqual({ name: 0, email: 1, stage: 2 });
    expect(chosen.stageMap).toEqual({ "Ligar depois": stages[0].id, "Outra coisa": null, Qualificação: null });
    expect(chosen.unmatched).toBe(2);
    expect(chosen).toMatchObject({ hasChoices: true, forceStageId: null, duplicates: "skip", broker: null });
  });

  it("lists at most 200 Estágio values, the most frequent", async () => {
    await ensureDefaultPipeline();
    const stages = await listPipelineStages();
    const rows = Array.from({ length: 201 }, (_, i) => `L${i};l${i}@x.com.br;Valor ${i}`);
    rows.push("Outro;outro@x.com.br;Valor 0");
    const { values } = importChoicesFrom(new URLSearchParams(), parseCsv(csv(["Nome;Email;Etapa", ...rows].join("\n"))), stages);
    expect(values).toHaveLength(200);
    expect(values[0]).toMatchObject({ value: "Valor 0", count: 2 });
    expect(values.map((v) => v.value)).not.toContain("Valor 200");
  });
});
