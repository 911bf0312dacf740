/** A job of the registry (jobs.server.ts): each concept declares its own; tests call `run(fixedNow)`. */
export type Job = {
  /** Unique, kebab-case: shows in logs. */
  name: string;
  /** Croner pattern (minute hour day month weekday), server local time. */
  cron: string;
  run(now: Date): Promise<void>;
  /**
   * The job claims each row it works on (once across processes: campaign
   * messages, webhook deliveries), so every process may run it at the same
   * time. Without it the registry runs the job under a lease: one process
   * at a time (jobs.server.ts).
   */
  claimsRows?: boolean;
};
