/** A job of the registry (jobs.server.ts): each concept declares its own; tests call `run(fixedNow)`. */
export type Job = {
  /** Unique, kebab-case: shows in logs. */
  name: string;
  /** Croner pattern (minute hour day month weekday), server local time. */
  cron: string;
  run(now: Date): Promise<void>;
};
