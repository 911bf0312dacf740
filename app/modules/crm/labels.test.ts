import { describe, expect, it } from "vitest";
import { ageBadge, boardStageKind, matchStageByName, statusForStageName, isLostStageName, isWonStageName, activityState } from "./labels";

describe("statusForStageName (02 §4)", () => {
  it.each([
    ["Entrada", "entrada"],
    ["Novos leads", "entrada"],
    ["Qualificação", "qualificacao"],
    ["Visita agendada", "qualificacao"],
    ["Primeiro contato", "qualificacao"],
    ["Proposta enviada", "negociacao"],
    ["Contrato", "negociacao"],
    ["Negociação", "negociacao"],
    ["Venda realizada", "fechamento"],
    ["Ganho", "fechamento"],
    ["Perdido", "fechamento"],
    ["Fechado", "fechamento"],
  ])("%s → %s", (name, status) => expect(statusForStageName(name)).toBe(status));
  it("tolerates typos within the edit distance", () => {
    expect(statusForStageName("Qualifcação")).toBe("qualificacao");
    expect(statusForStageName("Negosiação")).toBe("negociacao");
    expect(statusForStageName("Propsta")).toBe("negociacao");
    expect(statusForStageName("Fechamneto")).toBe("fechamento");
  });
  it("gives null for unrelated names", () => {
    expect(statusForStageName("Arquivo")).toBeNull();
    expect(statusForStageName("Pós-venda")).toBeNull();
  });
});

describe("won/lost by name", () => {
  it("finds Ganho and Perdido stages", () => {
    expect(isWonStageName("Venda Realizada")).toBe(true);
    expect(isWonStageName("Won")).toBe(true);
    expect(isLostStageName("Cancelada")).toBe(true);
    expect(isLostStageName("Proposta")).toBe(false);
    expect(boardStageKind({ name: "Assinatura", probability: 95 })).toBe("won");
    expect(boardStageKind({ name: "Perdido", probability: 0 })).toBe("lost");
  });
});

describe("age badge", () => {
  const now = new Date("2026-01-10T12:00:00Z");
  it("Novo ≤ 1 day, Recente ≤ 7 days, else Antigo", () => {
    expect(ageBadge("2026-01-09T12:00:00Z", now).label).toBe("Novo");
    expect(ageBadge("2026-01-09T11:59:00Z", now).label).toBe("Recente");
    expect(ageBadge("2026-01-03T12:00:00Z", now).label).toBe("Recente");
    expect(ageBadge("2026-01-03T11:00:00Z", now).label).toBe("Antigo");
  });
});

describe("matchStageByName (CSV Estágio)", () => {
  const stages = [
    { id: 1, name: "Entrada" },
    { id: 2, name: "Qualificação" },
    { id: 5, name: "Negociação" },
    { id: 6, name: "Venda realizada" },
  ];
  it("matches exact, accent-less, typos and the default words", () => {
    expect(matchStageByName("qualificacao", stages)?.id).toBe(2);
    expect(matchStageByName("Negociacão", stages)?.id).toBe(5);
    expect(matchStageByName("fechamento", stages)?.id).toBe(6);
    expect(matchStageByName("xyz", stages)).toBeNull();
  });
});

describe("activityState", () => {
  const now = new Date("2026-01-10T12:00:00Z");
  it("Concluída / Agendada / Pendente", () => {
    expect(activityState({ completed_at: "x", due_at: null }, now)).toBe("completed");
    expect(activityState({ completed_at: null, due_at: "2026-01-11T00:00:00Z" }, now)).toBe("scheduled");
    expect(activityState({ completed_at: null, due_at: "2026-01-09T00:00:00Z" }, now)).toBe("pending");
    expect(activityState({ completed_at: null, due_at: null }, now)).toBe("pending");
  });
});
