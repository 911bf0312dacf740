/**
 * The roulette's shared shapes (spec 03 §3), kept apart from the services
 * so that settings, presence, draw, webhook and the automatic job import
 * each other's types without an import cycle.
 */
export class RouletteError extends Error {}

/**
 * The settings row (spec 03 §3), or the automatic tab's defaults when none
 * was saved (`id` null). `nextRunAt`: when the automatic draw runs next.
 */
export type RouletteSettings = { id: number | null; enabled: boolean; time: string; webhookEnabled: boolean; presenceStart: string; presenceEnd: string; lastExecution: string | null; nextRunAt: string | null };

export type DrawResult = { position: number; broker_id: string; broker_name: string; prize: string; draw_date: string };

export type WebhookNotice = { ok: boolean; message: string };

/** A draw the admin asked for, with what the roulette webhook answered (null when it is off). */
export type DrawOutcome = { results: DrawResult[]; webhook: WebhookNotice | null };
