/**
 * The shapes a new lead travels in: what createLead takes, what it returns
 * and what the reactions to it (lead-hooks.server.ts) receive. Kept apart
 * from the code so the concepts that react (roulette routing, webhooks) and
 * leads.server.ts import types without importing each other.
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
  source?: "site" | "board" | "csv" | "roleta";
  stageId?: number | null;
  tags?: string[];
  createdAt?: string;
};

export type CreatedLead = { id: number; brokerId: string | null; brokerPhone: string | null; propertyId: number | null };

export type NewLeadEvent = CreatedLead & { input: NewLeadInput };
export type LeadHook = { name: string; run(lead: NewLeadEvent): Promise<void> | void };
