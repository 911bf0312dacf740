import { errorFields, log } from "~/modules/platform/logger.server";
import type { LeadHook, NewLeadEvent } from "./lead-types";
import { novoLeadWebhookHook } from "~/modules/webhooks/delivery.server";
import { rouletteRoutingHook } from "~/modules/roulette/routing.server";

/**
 * The one place where reactions to a new lead are wired (roulette
 * assignment, webhook queueing, notifications…). createLead calls
 * `afterLeadCreated` once the lead is committed; the hooks then run after the
 * current request has answered (setImmediate), so they never delay the
 * visitor's redirect. A failing hook is logged and never loses the lead nor
 * stops the other hooks. Tests await `settleLeadHooks()`.
 */

/** Add a concept's reaction here (one line per hook). They run in this order. */
// routing first, so the webhook carries the broker the lead went to
const leadHooks: LeadHook[] = [rouletteRoutingHook, novoLeadWebhookHook];

const extraHooks = new Set<LeadHook>();
/** Registers a hook at run time (tests); returns the function that removes it. */
export function addLeadHook(hook: LeadHook): () => void {
  extraHooks.add(hook);
  return () => extraHooks.delete(hook);
}

const pending = new Set<Promise<void>>();

/** Schedules the hooks for a committed lead; returns at once. */
export function afterLeadCreated(lead: NewLeadEvent): void {
  const hooks = [...leadHooks, ...extraHooks];
  if (!hooks.length) return;
  const done: Promise<void> = new Promise<void>((resolve) => {
    setImmediate(() => {
      void runHooks(hooks, lead).finally(resolve);
    });
  }).finally(() => pending.delete(done));
  pending.add(done);
}

async function runHooks(hooks: LeadHook[], lead: NewLeadEvent): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook.run(lead);
    } catch (error) {
      log.error("lead hook failed", { hook: hook.name, leadId: lead.id, ...errorFields(error) });
    }
  }
}

/** Resolves when every scheduled hook has finished (tests, graceful shutdown). */
export async function settleLeadHooks(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
