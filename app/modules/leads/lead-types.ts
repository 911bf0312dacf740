import type { LeadSource, LeadStatus } from "#db/schema";

/**
 * The shapes a new lead travels in: what creates it, what comes out, and
 * what the reactions to it (lead-hooks.server.ts) receive. Kept apart from
 * the code so the hooks' modules (roulette routing, webhooks) can name them
 * without importing the lead service they are called by.
 */
export type NewLeadInput = {
  name: string;
  email: string;
  phone: string;
  message: string;
  propertyId?: number | null;
  /** A title typed elsewhere (CSV 'Imóvel'), kept when no property id matches. */
  propertyTitle?: string | null;
  /** The ref code: attached only when it names an active broker. */
  brokerId?: string | null;
  source?: LeadSource;
  stageId?: number | null;
  /** The status its stage implies (02 §4); 'entrada' when not given. */
  status?: LeadStatus;
  tags?: string[];
  createdAt?: string;
};

export type CreatedLead = { id: number; brokerId: string | null; brokerPhone: string | null; propertyId: number | null };

export type NewLeadEvent = CreatedLead & { input: NewLeadInput };
export type LeadHook = { name: string; run(lead: NewLeadEvent): Promise<void> | void };
