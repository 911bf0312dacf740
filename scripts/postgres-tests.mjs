// The database-facing vitest files: `POSTGRES_TESTS=subset npm test` runs only
// these on PostgreSQL (a quicker check; `npm test` runs the whole suite there,
// scripts/test-all.mjs): the database layer and what depends most on it —
// dialects and full-text search, migrations, the copy, jobs claimed once
// across processes, health, transactions, the catalogue search, leads, the CRM
// lists and board, the roulette.
export const POSTGRES_TEST_FILES = [
  "tests/integration/platform/database-dialects.test.ts",
  "tests/integration/platform/db-copy.test.ts",
  "tests/integration/platform/migrations.test.ts",
  "tests/integration/platform/lead-sources-migration.test.ts",
  "tests/integration/platform/jobs.test.ts",
  "tests/integration/platform/several-processes.test.ts",
  "tests/integration/platform/health.test.ts",
  "tests/integration/platform/transactions.test.ts",
  "tests/integration/platform/list-counts.test.ts",
  "tests/integration/catalogue/catalogue.test.ts",
  "tests/integration/catalogue/broker-catalogue.test.ts",
  "tests/integration/leads/",
  "tests/integration/crm/core.test.ts",
  "tests/integration/crm/board.test.ts",
  "tests/integration/crm/csv.test.ts",
  "tests/integration/roulette/roulette.test.ts",
];
