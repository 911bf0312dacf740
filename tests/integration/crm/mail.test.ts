import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { smtpSettingsSchema } from "~/modules/messaging/smtp-settings";
import { getSmtpSettings, saveSmtpSettings, smtpOverrideFor } from "~/modules/messaging/smtp-settings.server";
import { describeMailError, sendBrokerMail, verifySmtp } from "~/modules/messaging/mail.server";
import { bulkEmailRecipients, sendBulkEmail } from "~/modules/leads/bulk.server";
import { emailLead } from "~/modules/leads/lead-page.server";
import { parseEml } from "../../mocks/eml";
import { startSmtpServer } from "../../mocks/smtp-server";
import { brokerUser, makeLead, statusOf } from "./crm-helpers";

/** Real SMTP servers on loopback: one with login (user ana / senha-certa), one refusing a recipient, one that never answers. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let authPort = 0;
let silent: net.Server;
let silentPort = 0;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  smtp = await startSmtpServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: false,
    onAuth(auth, _session, cb) {
      if (auth.username === "ana" && auth.password === "senha-certa") return cb(null, { user: "ana" });
      return cb(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith("recusado")) return cb(new Error("Mailbox unavailable"));
      cb();
    },
  });
  authPort = smtp.port;
  // Accepts the connection and never says a word (no SMTP greeting).
  silent = net.createServer((s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  silentPort = (silent.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await smtp.close();
  await new Promise<void>((r) => silent.close(() => r()));
});

function settingsForm(fields: Record<string, string>) {
  const parsed = smtpSettingsSchema.safeParse(fields);
  if (!parsed.success) throw new Error(parsed.error.issues[0].message);
  return parsed.data;
}

describe("broker SMTP settings", () => {
  it("stores the password encrypted, never shows it, keeps it when the field is left empty; defaults 587 / secure on", async () => {
    const a = await brokerUser();
    expect(await saveSmtpSettings(a.user, settingsForm({}))).toBe(false);
    expect((await getSmtpSettings(a.user)).active).toBe(false);
    const input = settingsForm({ smtp_host: "127.0.0.1", smtp_username: "ana", smtp_password: "senha-certa", smtp_from_email: "ana@larimoveis.com.br", smtp_from_name: "Ana" });
    expect(input.smtp_port).toBe(587);
    expect(await saveSmtpSettings(a.user, input)).toBe(true);
    const row = await db().selectFrom("broker_smtp_settings").selectAll().where("broker_id", "=", a.brokerId).executeTakeFirstOrThrow();
    expect(row.password).toBeNull();
    expect(row.password_secret).toMatch(/^v1:/);
    expect(row.password_secret).not.toContain("senha-certa");
    const view = await getSmtpSettings(a.user);
    expect(view).toMatchObject({ host: "127.0.0.1", port: 587, hasPassword: true, active: true });
    expect(JSON.stringify(view)).not.toContain("senha-certa");
    await saveSmtpSettings(a.user, settingsForm({ smtp_host: "127.0.0.1", smtp_port: String(authPort), smtp_username: "ana", smtp_from_email: "ana@larimoveis.com.br", smtp_secure: "off" }));
    expect((await smtpOverrideFor(a.brokerId))?.password).toBe("senha-certa");
  });

  it("refuses bad input with pt-BR messages", () => {
    expect(smtpSettingsSchema.safeParse({ smtp_port: "0" }).error?.issues[0].message).toBe("Porta inválida (mínimo 1)");
    expect(smtpSettingsSchema.safeParse({ smtp_port: "abc" }).success).toBe(false);
    expect(smtpSettingsSchema.safeParse({ smtp_from_email: "não-é-email" }).success).toBe(false);
    expect(smtpSettingsSchema.safeParse({ smtp_host: "evil.com\r\nRCPT TO:<x>" }).success).toBe(false);
  });
});

describe("sending through the broker's SMTP", () => {
  const base = () => ({ host: "127.0.0.1", port: authPort, secure: false, fromEmail: "ana@larimoveis.com.br", fromName: "Ana", timeoutMs: 2000 });

  it("logs in and delivers", async () => {
    await verifySmtp({ ...base(), username: "ana", password: "senha-certa" });
    const r = await sendBrokerMail({ to: "cliente@exemplo.com.br", subject: "Olá", text: "Teste" }, { ...base(), username: "ana", password: "senha-certa" });
    expect(r.delivered).toBe("smtp");
    expect(smtp.received.at(-1)).toMatchObject({ to: ["cliente@exemplo.com.br"], user: "ana" });
  });

  it("a server refusing the login is a clear error", async () => {
    const error = await verifySmtp({ ...base(), username: "ana", password: "errada" }).catch((e: unknown) => e);
    expect(describeMailError(error)).toBe("Usuário ou senha do SMTP recusados pelo servidor.");
  });

  it("a server that never answers fails within the timeout", async () => {
    const started = Date.now();
    const error = await sendBrokerMail({ to: "x@exemplo.com.br", subject: "a", text: "b" }, { host: "127.0.0.1", port: silentPort, secure: false, fromEmail: "ana@larimoveis.com.br", timeoutMs: 800 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(describeMailError(error)).toBe("O servidor SMTP não respondeu a tempo.");
  });

  it("bulk e-mail goes one by one; a refused address never stops the others; 'Sem emails válidos' / 'Preencha a mensagem'", async () => {
    const a = await brokerUser();
    await saveSmtpSettings(a.user, settingsForm({ smtp_host: "127.0.0.1", smtp_port: String(authPort), smtp_username: "ana", smtp_password: "senha-certa", smtp_from_email: "ana@larimoveis.com.br", smtp_secure: "off" }));
    const ids = [
      await makeLead(a.brokerId, { name: "Um", email: "um@exemplo.com.br" }),
      await makeLead(a.brokerId, { name: "Recusado", email: "recusado@exemplo.com.br" }),
      await makeLead(a.brokerId, { name: "Sem email", email: "" }),
      await makeLead(a.brokerId, { name: "Três", email: "tres@exemplo.com.br" }),
    ];
    const other = await brokerUser();
    const foreign = await makeLead(other.brokerId, { email: "alheio@exemplo.com.br" });
    const recipients = await bulkEmailRecipients(a.user, [...ids, foreign]);
    expect(recipients.map((r) => r.email)).toEqual(["um@exemplo.com.br", "recusado@exemplo.com.br", "tres@exemplo.com.br"]);
    const seen: number[] = [];
    const result = await sendBulkEmail(a.user, recipients, { subject: "Novidades", message: "Olá {nome}" }, (p) => {
      seen.push(p.done);
    });
    expect(result).toMatchObject({ total: 3, sent: 2, failed: 1 });
    expect(seen).toEqual([1, 2, 3]);
    expect(smtp.received.some((r) => r.to.includes("tres@exemplo.com.br") && parseEml(r.raw).text.includes("Olá Três"))).toBe(true);
    await expect(sendBulkEmail(a.user, [], { subject: "a", message: "b" })).rejects.toThrow("Sem emails válidos");
    await expect(sendBulkEmail(a.user, recipients, { subject: " ", message: "" })).rejects.toThrow("Preencha a mensagem");
  });

  it("one e-mail to a lead from its page; not to another broker's lead", async () => {
    const a = await brokerUser();
    const b = await brokerUser();
    const lead = await makeLead(a.brokerId, { email: "pagina@exemplo.com.br" });
    const r = await emailLead(a.user, lead, { subject: "Oi", message: "Tudo bem?" });
    expect(r.delivered).toBe("outbox"); // no SMTP for this broker and none for the site
    const err = await emailLead(b.user, lead, { subject: "Oi", message: "x" }).catch((e: unknown) => e);
    expect(statusOf(err)).toBe(404);
  });
});
