// Mutation testing (StrykerJS + its vitest runner) on the rules that matter (issue 26, docs/testing.md).
// `npm run test:mutation` runs all of it; it is slow on a 2-core machine, so a part can be run on its own,
// its tests chosen by MUTATION_TESTS (read by vitest.mutation.config.ts), with its own incremental file:
//   MUTATION_TESTS=app/modules/messaging/timing.test.ts npx stryker run \
//     --mutate app/modules/messaging/timing.ts --incrementalFile reports/stryker-timing.json
// Never Stryker's own --testFiles: with it Stryker 9.6 activates even a static mutant (code run at import:
// a zod schema, a regex, a constant) after the module has loaded, so it is reported as survived though the
// tests kill it (stryker-js#6144; docs/testing.md, "Static mutants").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // Type errors of a mutant are not looked for (no TypeScript checker): a mutant that would not compile
  // still runs under vitest, which strips types, and is killed or survives on behaviour only.
  checkers: [],
  vitest: {
    configFile: "vitest.mutation.config.ts",
    // Each mutated file runs only the test files that import it (directly or through other modules).
    related: true,
  },
  // Per test coverage: a mutant runs only the tests that executed its code in the first (dry) run.
  coverageAnalysis: "perTest",
  mutate: [
    // authentication and rate limits
    "app/modules/auth/rate-limit.server.ts",
    "app/modules/auth/password-rules.ts",
    "app/modules/auth/password-policy.server.ts",
    "app/modules/auth/passwords.server.ts",
    "app/modules/auth/auth.server.ts",
    // permissions and lead access
    "app/modules/auth/permissions.server.ts",
    "app/modules/leads/lead-access.server.ts",
    // CRM scoping: lists, board, activities, export
    "app/modules/leads/lead-list.server.ts",
    "app/modules/crm/board.server.ts",
    "app/modules/crm/activity-list.server.ts",
    "app/modules/leads/csv-export.server.ts",
    // the campaign dispatcher, timing and opt-out
    "app/modules/messaging/campaign-dispatcher.server.ts",
    "app/modules/messaging/campaign-rules.ts",
    "app/modules/messaging/timing.ts",
    // feed rules
    "app/modules/feeds/rules.ts",
    // webhook delivery and address guards
    "app/modules/webhooks/delivery.server.ts",
    "app/modules/webhooks/address.server.ts",
    "app/modules/webhooks/webhook-rules.ts",
    // roulette draws
    "app/modules/roulette/roulette-rules.ts",
    "app/modules/roulette/routing.server.ts",
    // CSV import
    "app/modules/leads/csv-import.server.ts",
    "app/modules/leads/csv-import.ts",
    // the lead form (honeypot, double-submit window: the window is createLead's, in leads.server.ts)
    "app/modules/leads/lead-form.server.ts",
    "app/modules/leads/leads.server.ts",
    "app/modules/leads/lead-form.ts",
    "app/modules/leads/lead-rules.ts",
    "app/modules/leads/honeypot.ts",
  ],
  // The sandbox (.stryker-tmp/) is a copy of the project: the template database of tests/setup/global-setup.ts
  // and each file's DATA_DIR live under os.tmpdir(), and `~/…` resolves through tsconfig paths relative to the
  // copy, so nothing needs the real paths — inPlace stays false and the working tree is never touched.
  inPlace: false,
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  // Two cores shared with others: one vitest worker at a time (the vitest runner itself runs one thread).
  concurrency: 1,
  // The machine is often loaded: a mutant is a timeout only well past the normal time.
  timeoutFactor: 3,
  timeoutMS: 20000,
  dryRunTimeoutMinutes: 60,
  thresholds: { high: 85, low: 70, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
};
