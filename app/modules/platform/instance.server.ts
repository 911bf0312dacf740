import { randomBytes } from "node:crypto";
import os from "node:os";

/**
 * This process among the app's processes (several may share one PostgreSQL
 * database): host, pid and a random part, so a restarted process with a
 * recycled pid is never taken for its predecessor. Claims of campaign
 * messages and job leases name it.
 */
export const PROCESS_ID = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
