import type { Generated } from "kysely";
import type { Bool, Timestamp } from "./columns";

/** Leads and the CRM pipeline (part of db/schema.ts, which gathers every table). */

export type LeadStatus = "entrada" | "qualificacao" | "negociacao" | "fechamento";
/** Where a lead came from; the portals since migration 0050 (labels: crm/labels.ts). */
export type LeadSource = "site" | "board" | "csv" | "roleta" | "zap" | "vivareal" | "olx" | "portal" | "simulador" | "captacao" | "alerta";

export interface LeadsTable {
  id: Generated<number>;
  name: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  phone_normalized: string | null;
  message: Generated<string>;
  property_id: number | null;
  property_title: string | null;
  property_url: string | null;
  broker_id: string | null;
  status: Generated<LeadStatus>;
  stage_id: number | null;
  rating: Generated<number>;
  total_value: number | null;
  tags: Generated<string>;
  priority: string | null;
  order_index: Generated<number>;
  source: Generated<LeadSource>;
  campaign: string | null;
  labels: string | null;
  favorite: Generated<Bool>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Legacy (0011): opt-outs now live in whatsapp_opt_outs, by number (0035); no longer written. */
  whatsapp_opt_out_at: Timestamp | null;
}

export interface CrmPipelinesTable {
  id: Generated<number>;
  name: string;
  is_default: Generated<Bool>;
  lead_entry_stage_id: number | null;
  created_at: Timestamp;
}

/** Migration 0061: leads per broker ('' none) and stage (0 none), kept by triggers on leads; the lead list's totals without a search. */
export interface LeadCountsTable {
  broker_key: string;
  stage_key: number;
  n: number;
  /** The sum of the leads' total_value (0062), for the board's column sums. */
  total: number;
}

export interface CrmStagesTable {
  id: Generated<number>;
  pipeline_id: number;
  name: string;
  position: Generated<number>;
  probability: number | null;
  created_at: Timestamp;
}

export interface CrmContactsTable {
  id: Generated<number>;
  first_name: string;
  email: string | null;
  phone: string | null;
  owner_id: string | null;
  created_at: Timestamp;
}

export interface CrmDealsTable {
  id: Generated<number>;
  title: string;
  amount: number | null;
  currency: Generated<string>;
  status: Generated<"open" | "won" | "lost">;
  stage_id: number | null;
  owner_id: string | null;
  company_id: number | null;
  external_source_id: number | null;
  description: string | null;
  order_index: Generated<number>;
  rating: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CrmDealParticipantsTable {
  deal_id: number;
  contact_id: number;
  role: Generated<string>;
}

export type ActivityType = "call" | "whatsapp" | "email" | "meeting" | "followup";

export interface CrmActivitiesTable {
  id: Generated<number>;
  deal_id: number;
  subject: Generated<string>;
  type: Generated<ActivityType>;
  content: string | null;
  due_at: Timestamp | null;
  completed_at: Timestamp | null;
  template_id: number | null;
  created_by: string | null;
  created_at: Timestamp;
}

export interface CrmStageActivityTemplatesTable {
  id: Generated<number>;
  stage_id: number;
  subject: string;
  type: Generated<ActivityType>;
  content: string | null;
  offset_hours: Generated<number>;
  active: Generated<Bool>;
  created_at: Timestamp;
}

export interface CrmNotesTable {
  id: Generated<number>;
  deal_id: number;
  body: string;
  owner_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp | null;
}

export interface CrmStageChangesTable {
  id: Generated<number>;
  lead_id: number;
  from_stage_id: number | null;
  to_stage_id: number | null;
  changed_by: string | null;
  changed_by_email: string | null;
  changed_at: Timestamp;
}
