// The floor under every PostgreSQL figure of docs/performance.md: one statement's round trip through the
// app's driver (pg, a pool, a parameter, one row by primary key) on a throwaway local cluster with the
// bench's settings, against the same statement on SQLite in process. `node scripts/bench-roundtrip.mjs`
import Database from "better-sqlite3";
import pg from "pg";
import { startPostgres } from "./postgres.mjs";

const RUNS = 2000;
const quantile = (times, p) => [...times].sort((a, b) => a - b)[Math.floor(p * (times.length - 1))].toFixed(3);

const server = await startPostgres({ quiet: true, durable: true });
const pool = new pg.Pool({ connectionString: server.url, max: 4 });
try {
  await pool.query("create table t (id int primary key, v text)");
  await pool.query("insert into t select g, 'x' || g from generate_series(1, 1000) g");
  const postgres = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await pool.query("select v from t where id = $1", [(i % 1000) + 1]);
    postgres.push(performance.now() - start);
  }
  const sqlite = new Database(":memory:");
  sqlite.exec("create table t (id integer primary key, v text)");
  const insert = sqlite.prepare("insert into t values (?, ?)");
  for (let i = 1; i <= 1000; i++) insert.run(i, `x${i}`);
  const select = sqlite.prepare("select v from t where id = ?");
  const inProcess = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    select.get((i % 1000) + 1);
    inProcess.push(performance.now() - start);
  }
  console.log(`one statement, one row by primary key, ${RUNS} runs (ms): PostgreSQL p50 ${quantile(postgres, 0.5)} p95 ${quantile(postgres, 0.95)}; SQLite p50 ${quantile(inProcess, 0.5)} p95 ${quantile(inProcess, 0.95)}`);
} finally {
  await pool.end();
  await server.stop();
}
