import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Kysely table types for db/migrations. Timestamps are ISO-8601 text, booleans 0/1 (schema/columns.ts).
 * Leads and the CRM are in schema/crm.ts, mail and WhatsApp in schema/messaging.ts; every type is
 * exported from here, so code imports `#db/schema` only.
 */
import type { Bool, PropertyKind, Timestamp } from "./schema/columns";
import type { OwnerOffersTable, OwnerOfferPhotosTable } from "./schema/offers";
import type { LeadCountsTable, LeadsTable, CrmPipelinesTable, CrmStagesTable, CrmContactsTable, CrmDealsTable, CrmDealParticipantsTable, CrmActivitiesTable, CrmStageActivityTemplatesTable, CrmNotesTable, CrmStageChangesTable } from "./schema/crm";
import type { BrokerSmtpSettingsTable, WhatsappConnectionsTable, WhatsappOptOutsTable, CampaignsTable, CampaignJobsTable, WhatsappMessagesTable, MessagingGatewayTable } from "./schema/messaging";
export type * from "./schema/crm";
export type * from "./schema/messaging";
export type * from "./schema/offers";
export type { Bool, PropertyKind, Timestamp } from "./schema/columns";

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  role: "admin" | "broker";
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BrokersTable {
  id: string;
  user_id: string;
  name: string;
  email: string;
  phone: Generated<string>;
  profile_image: string | null;
  custom_url_path: string | null;
  is_active: Generated<Bool>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** Last request of the session, for the idle timeout (migration 0004). */
  last_seen_at: Timestamp | null;
}

/** rate-limiter-flexible's store (migration 0004): `expire` is epoch milliseconds. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A broker granted CRM admin rights (migration 0010; deleted with the broker). */
export interface CrmAdminsTable {
  broker_id: string;
  /** users.id of the admin who granted it. */
  granted_by: string | null;
  created_at: Timestamp;
}

export type PropertyTypeCode = "pronto" | "lancamento" | "terrenos" | "rent" | "imobiliario";
export type PropertyPurpose = "sale" | "rent" | "both";
export type PropertyStatus = "available" | "sold" | "rented" | "reserved";
export type ConstructionStatus = "ready" | "under_construction" | "off_plan" | "renovation";
/** What of the address is shown on the site and to the portals (0040). */
export type AddressDisplay = "neighborhood" | "street" | "all";
export type FacingDirection = "north" | "south" | "east" | "west" | "northeast" | "northwest" | "southeast" | "southwest";

export interface PropertiesTable {
  id: Generated<number>;
  title: string;
  slug: string | null;
  description: Generated<string>;
  type: PropertyTypeCode;
  property_type: PropertyKind;
  purpose: PropertyPurpose;
  status: Generated<PropertyStatus>;
  construction_status: ConstructionStatus;
  construction_year: number | null;
  price: Generated<number>;
  rent_price: Generated<number>;
  condo_fee: Generated<number>;
  iptu: Generated<number>;
  rental: Generated<Bool>;
  address: Generated<string>;
  street_number: string | null;
  complement: string | null;
  neighborhood: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  postal_code: string | null;
  address_display: Generated<AddressDisplay>;
  latitude: number | null;
  longitude: number | null;
  area: Generated<number>;
  bedrooms: Generated<number>;
  bathrooms: Generated<number>;
  suites: Generated<number>;
  parking_spots: Generated<number>;
  floor: number | null;
  total_floors: number | null;
  facing_direction: FacingDirection | null;
  furnished: Generated<Bool>;
  pets_allowed: Generated<Bool>;
  featured: Generated<Bool>;
  /** 1 for a draft made from an owner's offer (0060): hidden from visitors until first saved in the editor. */
  is_draft: Generated<Bool>;
  /** JSON array of public image URLs; the first is the cover. */
  images: Generated<string>;
  amenities: Generated<string>;
  nearby_amenities: Generated<string>;
  special_features: Generated<string>;
  storage_folder: string | null;
  user_id: string | null;
  broker_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Kept by 0002_catalogue's triggers; read-only for the app.
  city_key: Derived<string>;
  neighborhood_key: Derived<string>;
  is_rent: Derived<number>;
  display_price: Derived<number>;
}

/** A column only the database writes (triggers). */
type Derived<T> = ColumnType<T, never, never>;

export interface CatalogueVersionTable {
  id: number;
  version: number;
}

export interface PropertyOptionsTable {
  id: string;
  property_id: number;
  area: number;
  bedrooms: number;
  bathrooms: number;
  suites: number | null;
  created_at: Timestamp;
}

export interface RoletaRegistrationsTable {
  id: Generated<number>;
  broker_id: string;
  broker_name: string;
  broker_email: string;
  registered_at: Timestamp;
}

export interface RoletaResultsTable {
  id: Generated<number>;
  broker_id: string | null;
  broker_name: string;
  prize: string;
  position: number;
  execution_type: Generated<"manual" | "automatic">;
  draw_date: Timestamp;
}

export interface WebhookSettingsTable {
  setting_key: string;
  webhook_url: string | null;
  enabled: Generated<Bool>;
  updated_at: Timestamp;
}

export interface AutomaticRouletteSettingsTable {
  id: Generated<number>;
  enabled: Generated<Bool>;
  scheduled_time: Generated<string>;
  webhook_enabled: Generated<Bool>;
  presence_start_time: Generated<string>;
  presence_end_time: Generated<string>;
  last_execution: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the automatic draw runs next (0036); null when disabled or not yet planned. */
  next_run_at: Timestamp | null;
}

export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  events: Generated<string>;
  is_active: Generated<Bool>;
  error_count: Generated<number>;
  last_error: string | null;
  last_triggered_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** HMAC key, encrypted (platform/secrets.server.ts); migration 0009. */
  secret: string | null;
  allow_private: Generated<Bool>;
}

/** Migration 0006: how a lead without a broker was routed. */
export interface LeadAssignmentsTable {
  lead_id: number;
  broker_id: string | null;
  reason: "roleta" | "corretor-do-imovel";
  assigned_at: Timestamp;
}

/** Migration 0012: the portal lead endpoint's secret (encrypted) and the leads received. */
export interface PortalLeadSettingsTable {
  id: number;
  token: string;
  updated_at: Timestamp;
}
export interface PortalLeadsTable {
  origin_lead_id: string;
  lead_id: number | null;
  lead_origin: string | null;
  client_listing_id: string | null;
  received_at: Timestamp;
}

export type WebhookDeliveryStatus = "pending" | "sending" | "delivered" | "failed";
/** One delivery names exactly one target: a webhook, or a webhook_settings row (the roulette webhook, 0013). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number | null;
  setting_key: string | null;
  event: string;
  payload: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_status: number | null;
  last_error: string | null;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  cover_image: string | null;
  status: Generated<"draft" | "published">;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CourseMaterialsTable {
  id: Generated<number>;
  name: string;
  file_path: string;
  mime_type: string | null;
  size: Generated<number>;
  uploaded_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0005: slugs a property had before its title changed (301 to the current one). */
export interface PropertySlugHistoryTable {
  slug: string;
  property_id: number;
  created_at: string;
}

/** 0005: an admin's name for a logo of the watermark library. */
export interface WatermarkLabelsTable {
  url: string;
  label: string;
  updated_at: string;
}

/** 0015: a stored photo as measured on disk, for the feeds' photo rules (feeds/photos.server.ts). */
export interface PhotoMeasurementsTable {
  url: string;
  bytes: number;
  width: number;
  height: number;
  measured_at: string;
}

/** A job of the registry run by one process at a time (migration 0020). Times are ISO-8601. */
export interface JobLeasesTable {
  name: string;
  /** The process running it now (platform/instance.server.ts), or null. */
  holder: string | null;
  /** Until when the holder's claim stands; a later run anywhere may take it after. */
  lease_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
}

/** The feeds' Last-Modified per catalogue version, agreed by every process (migration 0020). */
export interface FeedStatesTable {
  /** Integer primary key: an identity column on PostgreSQL, always given explicitly. */
  version: number;
  last_modified: string;
}

export interface Database {
  users: UsersTable;
  brokers: BrokersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  password_reset_tokens: PasswordResetTokensTable;
  crm_admins: CrmAdminsTable;
  properties: PropertiesTable;
  property_options: PropertyOptionsTable;
  leads: LeadsTable;
  lead_counts: LeadCountsTable;
  crm_pipelines: CrmPipelinesTable;
  crm_stages: CrmStagesTable;
  crm_contacts: CrmContactsTable;
  crm_deals: CrmDealsTable;
  crm_deal_participants: CrmDealParticipantsTable;
  crm_activities: CrmActivitiesTable;
  crm_stage_activity_templates: CrmStageActivityTemplatesTable;
  crm_notes: CrmNotesTable;
  crm_stage_changes: CrmStageChangesTable;
  broker_smtp_settings: BrokerSmtpSettingsTable;
  whatsapp_connections: WhatsappConnectionsTable;
  campaigns: CampaignsTable;
  campaign_jobs: CampaignJobsTable;
  whatsapp_messages: WhatsappMessagesTable;
  messaging_gateway: MessagingGatewayTable;
  whatsapp_opt_outs: WhatsappOptOutsTable;
  roleta_registrations: RoletaRegistrationsTable;
  roleta_results: RoletaResultsTable;
  webhook_settings: WebhookSettingsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  lead_assignments: LeadAssignmentsTable;
  portal_lead_settings: PortalLeadSettingsTable;
  portal_leads: PortalLeadsTable;
  automatic_roulette_settings: AutomaticRouletteSettingsTable;
  webhooks: WebhooksTable;
  blog_posts: BlogPostsTable;
  course_materials: CourseMaterialsTable;
  catalogue_version: CatalogueVersionTable;
  property_slug_history: PropertySlugHistoryTable;
  watermark_labels: WatermarkLabelsTable;
  photo_measurements: PhotoMeasurementsTable;
  job_leases: JobLeasesTable;
  feed_states: FeedStatesTable;
  health_probe: HealthProbeTable;
  // ── saved-search alerts (issue 28, 0058) ──
  search_alerts: SearchAlertsTable;
  search_alert_items: SearchAlertItemsTable;
  property_price_marks: PropertyPriceMarksTable;
  // ── 'Anuncie seu imóvel' (issue 28, 0059) ──
  owner_offers: OwnerOffersTable;
  owner_offer_photos: OwnerOfferPhotosTable;
}

export type AlertFrequency = "daily" | "weekly";
export type AlertStatus = "pending" | "active" | "cancelled";

/** A saved search with an e-mail (0058): double opt-in, see app/modules/alerts/. */
export interface SearchAlertsTable {
  id: Generated<number>;
  email: string;
  name: Generated<string>;
  /** The catalogue page (/imoveis, /alugar, /buscar, /categoria/{type}). */
  path: string;
  /** Its canonical query ("" or "?…"), without ref, page and sort. */
  query: string;
  frequency: AlertFrequency;
  status: Generated<AlertStatus>;
  /** The visitor's broker (ref), kept on every link of its e-mails. */
  broker_id: string | null;
  /** SHA-256 (hex) of the confirmation token; null once confirmed. */
  confirm_token_hash: string | null;
  unsubscribe_token: string;
  lead_id: number | null;
  created_at: Timestamp;
  confirm_sent_at: Timestamp | null;
  confirmed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /** The job's watermark: news are what appeared after it. */
  last_run_at: Timestamp | null;
  last_sent_at: Timestamp | null;
}

/** What an alert already sent, at what price (a price drop is told once per lower price). */
export interface SearchAlertItemsTable {
  alert_id: number;
  property_id: number;
  price: number;
  sent_at: Timestamp;
}

/** The alert job's memory of each available property's prices, to date price drops. */
export interface PropertyPriceMarksTable {
  property_id: number;
  sale_price: number;
  rent_price: number;
  /** The price before the last drop, and when the job saw it drop. */
  sale_before: number | null;
  sale_dropped_at: Timestamp | null;
  rent_before: number | null;
  rent_dropped_at: Timestamp | null;
  seen_at: Timestamp;
}

/** The row /healthz rewrites to prove the database can write (0016). */
export interface HealthProbeTable {
  id: number;
  checked_at: string;
}

export type User = Selectable<UsersTable>;
export type Broker = Selectable<BrokersTable>;
export type Property = Selectable<PropertiesTable>;
export type NewProperty = Insertable<PropertiesTable>;
export type PropertyUpdate = Updateable<PropertiesTable>;
export type PropertyOption = Selectable<PropertyOptionsTable>;
export type Lead = Selectable<LeadsTable>;
export type NewLead = Insertable<LeadsTable>;
export type CrmStage = Selectable<CrmStagesTable>;
