import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { cardsByIds } from "~/modules/catalogue/cards.server";
import { leadFormAction } from "~/modules/leads/lead-form.server";
import { describeSimulation, readSimulatorQuery } from "./financing-form";
import { simulateFinancing } from "./financing";

export const SIMULATOR_LEAD_MESSAGES = {
  needsResult: "Preencha a simulação antes de pedir o contato do corretor.",
} as const;

/** /simulador's page: the query read, the result when it is valid, the property it came from. */
export async function loadSimulator(url: URL) {
  const query = readSimulatorQuery(url.searchParams);
  const simulation = query.status === "ok" ? simulateFinancing(query.input) : null;
  const [property] = query.propertyId ? await cardsByIds([query.propertyId]) : [];
  return {
    query,
    result: simulation?.ok ? simulation.result : null,
    property: property ? { id: property.id, title: property.title, path: property.path } : null,
  };
}

/**
 * 'Quero uma simulação com o corretor': the lead form posts to the page's
 * own URL (the simulation is in its query), so the lead carries the figures
 * the visitor saw, with source 'simulador', attached to the property when
 * the simulation came from one. Everything else (honeypot, rate limits,
 * ref, roulette) is the public lead form's pipeline.
 */
export async function simulatorLeadAction(request: Request) {
  const loaded = await loadSimulator(new URL(request.url));
  if (loaded.query.status !== "ok" || !loaded.result) {
    const refused: SubmissionResult<string[]> = { status: "error", initialValue: {}, error: { "": [SIMULATOR_LEAD_MESSAGES.needsResult] } };
    return data(refused, { status: 400 });
  }
  return leadFormAction(request, {
    propertyId: loaded.property?.id ?? null,
    source: "simulador",
    messageSuffix: describeSimulation(loaded.query.input, loaded.result),
  });
}
