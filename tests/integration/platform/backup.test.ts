import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { runCli } from "../../../server/cli";
import { config, resetConfigCache } from "~/modules/platform/config.server";
import { closeDb, db } from "~/modules/platform/db.server";
import { putFile } from "~/modules/files/storage.server";
import { findUserByEmail } from "~/modules/auth/users.server";
import { verifyPassword } from "~/modules/auth/passwords.server";
import { makeBroker } from "../../helpers/factories";

/** `npm run backup` and `npm run admin:create` (server/cli.ts), run in-process against the test DATA_DIR. */
function quiet() {
  const out: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void out.push(args.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void out.push(args.join(" ")));
  return out;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("npm run backup", () => {
  it("writes a consistent copy of the database and the uploads into a dated folder, and the copy restores", async () => {
    const broker = await makeBroker({ name: "Backup Teste" });
    await putFile("imoveis/casa-1/foto.jpg", Buffer.from("jpeg bytes"));
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "imob-backup-"));
    onTestFinished(() => fs.rmSync(out, { recursive: true, force: true }));
    const log = quiet();
    expect(await runCli(["backup", "--out", out])).toBe(0);
    const folders = fs.readdirSync(out);
    expect(folders).toHaveLength(1);
    expect(folders[0]).toMatch(/^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}$/);
    const folder = path.join(out, folders[0]);
    expect(log.join("\n")).toContain(`Backup written to ${folder}`);

    // a backup holds everything the database does: readable by its owner only
    expect(fs.statSync(path.join(folder, "app.db")).mode & 0o777).toBe(0o600);
    expect(fs.statSync(folder).mode & 0o077).toBe(0);
    expect(fs.statSync(config().databaseFile).mode & 0o777).toBe(0o600);
    const copy = new SQLite(path.join(folder, "app.db"), { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(copy.prepare("select name from brokers where id = ?").get(broker.brokerId)).toEqual({ name: "Backup Teste" });
    copy.close();
    expect(fs.readFileSync(path.join(folder, "uploads/imoveis/casa-1/foto.jpg"), "utf8")).toBe("jpeg bytes");

    // Restore as the README says: a new DATA_DIR with app.db and uploads/ from the backup.
    const original = process.env.DATA_DIR;
    const restored = fs.mkdtempSync(path.join(os.tmpdir(), "imob-restore-"));
    onTestFinished(() => fs.rmSync(restored, { recursive: true, force: true }));
    fs.copyFileSync(path.join(folder, "app.db"), path.join(restored, "app.db"));
    fs.cpSync(path.join(folder, "uploads"), path.join(restored, "uploads"), { recursive: true });
    await closeDb();
    process.env.DATA_DIR = restored;
    resetConfigCache();
    try {
      expect((await findUserByEmail(broker.email))?.role).toBe("broker");
      expect(fs.existsSync(path.join(config().uploadsDir, "imoveis/casa-1/foto.jpg"))).toBe(true);
    } finally {
      await closeDb();
      process.env.DATA_DIR = original;
      resetConfigCache();
    }
  });

  it("defaults to DATA_DIR/backups and works with no uploads folder yet", async () => {
    fs.rmSync(config().uploadsDir, { recursive: true, force: true });
    const users = (await db().selectFrom("users").select("id").execute()).length;
    quiet();
    expect(await runCli(["backup"])).toBe(0);
    const dir = path.join(config().dataDir, "backups");
    const folder = fs.readdirSync(dir).at(-1)!;
    expect(fs.existsSync(path.join(dir, folder, "app.db"))).toBe(true);
    // The server's handle keeps working after the CLI closed its own.
    expect(await db().selectFrom("users").select("id").execute()).toHaveLength(users);
  });
});

describe("npm run admin:create", () => {
  it("creates an admin with a lower-cased e-mail and a hashed password", async () => {
    const log = quiet();
    expect(await runCli(["admin:create", "--email", "Gerente@LarImoveis.com.br", "--password", "senha-forte-123"])).toBe(0);
    expect(log.join("\n")).toContain("Admin gerente@larimoveis.com.br created.");
    const user = await findUserByEmail("gerente@larimoveis.com.br");
    expect(user?.role).toBe("admin");
    expect(await verifyPassword("senha-forte-123", user!.password_hash)).toBe(true);
  });

  it.each([
    [["admin:create", "--email", "gerente@larimoveis.com.br", "--password", "outra-senha-123"], "already exists"],
    [["admin:create", "--email", "sem-arroba", "--password", "senha-forte-123"], "Not an e-mail address"],
    [["admin:create", "--email", "novo@larimoveis.com.br", "--password", "curta"], "at least 8 characters"],
    [["admin:create"], "Usage: npm run admin:create"],
  ])("refuses %j with a clear message and exit code 1", async (args, message) => {
    const log = quiet();
    expect(await runCli(args)).toBe(1);
    expect(log.join("\n")).toContain(message);
  });

  it("an unknown command prints the list and exits 2", async () => {
    const log = quiet();
    expect(await runCli(["nope"])).toBe(2);
    expect(log.join("\n")).toContain("Commands:");
  });
});
