import type { Timing } from "./timing";

/** The campaign's shared shapes (spec 03 §3), apart from the services so that no import cycle forms. */
export class CampaignError extends Error {}

export type CampaignLead = { leadId: number | null; name: string; phone: string };
export type CampaignDraft = { name: string; message: string; leads: CampaignLead[]; timing: Timing };
