import type { ActivityType } from "#db/schema";

/** pt-BR names of the activity types (02 §9). Shared with the browser. */
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  call: "Ligação",
  whatsapp: "WhatsApp",
  email: "E-mail",
  meeting: "Reunião",
  followup: "Follow-up",
};
