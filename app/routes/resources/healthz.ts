import { isDatabaseReachable } from "~/modules/platform/db.server";

/** 200 when the database answers, 503 otherwise; never cached. */
export async function loader() {
  const ok = await isDatabaseReachable();
  return Response.json({ status: ok ? "ok" : "unavailable", database: ok }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
