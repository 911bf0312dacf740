import type { Generated } from "kysely";
import type { Bool, Timestamp } from "./columns";

/** Mail and WhatsApp: SMTP settings, connections, the suppression list, campaigns (part of db/schema.ts). */

export interface BrokerSmtpSettingsTable {
  broker_id: string;
  host: string | null;
  port: Generated<number>;
  username: string | null;
  /** Legacy plain column, never written (0007). */
  password: string | null;
  /** AES-256-GCM ciphertext of the SMTP password (0007, smtp-settings.server.ts). */
  password_secret: string | null;
  secure: Generated<Bool>;
  from_name: string | null;
  from_email: string | null;
  updated_at: Timestamp;
}

export type WhatsappStatus = "connected" | "disconnected" | "connecting" | "creating" | "error" | "unknown";

export interface WhatsappConnectionsTable {
  id: Generated<number>;
  broker_id: string;
  instance_name: string;
  status: Generated<WhatsappStatus>;
  profile_name: string | null;
  phone_number: string | null;
  profile_picture_url: string | null;
  qr_code: string | null;
  pairing_code: string | null;
  last_activity: Timestamp | null;
  last_status_check: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Encrypted per-instance gateway token (migration 0011). */
  instance_token: string | null;
  /** SHA-256 of the secret the gateway sends on its webhook calls. */
  webhook_secret: string | null;
  connecting_since: Timestamp | null;
  connected_since: Timestamp | null;
  last_error: string | null;
  /** When the number first connected: the warm-up counts from it, reconnects never reset it (0035). */
  first_connected_at: Timestamp | null;
  /** The earliest instant this number may send again: the interval between sends (0035). */
  next_send_at: Timestamp | null;
}

/** The WhatsApp suppression list (LGPD, 0035): numbers that answered SAIR/PARAR, one row per number. */
export interface WhatsappOptOutsTable {
  /** 55 + DDD + last 8 digits for Brazilian numbers (12- and 13-digit forms alike), else the digits. */
  phone_key: string;
  phone: string;
  source: "reply" | "manual";
  broker_id: string | null;
  created_at: Timestamp;
}

export type CampaignStatus = "draft" | "scheduled" | "running" | "paused" | "completed" | "cancelled";

export interface CampaignsTable {
  id: Generated<number>;
  broker_id: string;
  name: string;
  message: string;
  timing: string;
  status: Generated<CampaignStatus>;
  scheduled_at: Timestamp | null;
  launched_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Draft recipients as JSON (migration 0011). */
  leads: Generated<string>;
}

export type CampaignJobStatus = "scheduled" | "sending" | "sent" | "failed" | "paused" | "cancelled";

export interface CampaignJobsTable {
  id: Generated<number>;
  campaign_id: number;
  lead_id: number | null;
  lead_name: string | null;
  to: string;
  message: string;
  fire_at: Timestamp;
  status: Generated<CampaignJobStatus>;
  error: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** Lease: which process claimed the job for sending, and when (migration 0011). */
  claimed_by: string | null;
  claimed_at: Timestamp | null;
  message_key: string | null;
  delivery: WhatsappDelivery | null;
}

export type WhatsappDelivery = "sent" | "delivered" | "read" | "failed";

export interface WhatsappMessagesTable {
  id: Generated<number>;
  broker_id: string | null;
  lead_id: number | null;
  campaign_job_id: number | null;
  instance_name: string;
  to: string;
  body: string;
  kind: Generated<"text" | "image">;
  message_key: string | null;
  delivery: Generated<WhatsappDelivery>;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MessagingGatewayTable {
  id: number;
  base_url: string;
  api_key: string;
  updated_at: Timestamp;
}
