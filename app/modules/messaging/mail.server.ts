import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { config } from "~/modules/platform/config.server";
import { log } from "~/modules/platform/logger.server";

/**
 * One mail module. With SMTP_URL set, messages go over real SMTP; without it
 * each message is written as an .eml file to DATA_DIR/outbox, so a demo works
 * offline and nothing is lost.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe of the alert e-mails). */
  headers?: Record<string, string>;
};

export type MailResult = { delivered: "smtp"; messageId: string } | { delivered: "outbox"; file: string };

export type SmtpOverride = {
  host: string;
  port: number;
  secure: boolean;
  username?: string | null;
  password?: string | null;
  fromName?: string | null;
  fromEmail: string;
  /** Shorter waits (tests, health checks); default the TIMEOUTS below. */
  timeoutMs?: number;
};

/**
 * Mail is sent while a request waits (e.g. forgot password), so a server that
 * does not answer must fail in seconds, not after nodemailer's 2-minute
 * default. Options in SMTP_URL's query string still win.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

let transport: Transporter<SMTPTransport.SentMessageInfo> | null = null;
let transportUrl: string | null = null;

function smtpTransport(url: string) {
  if (!transport || transportUrl !== url) {
    transport = nodemailer.createTransport({ url, ...TIMEOUTS } as SMTPTransport.Options);
    transportUrl = url;
  }
  return transport;
}

export async function sendMail(message: MailMessage, override?: SmtpOverride): Promise<MailResult> {
  const from = override ? formatFrom(override.fromName, override.fromEmail) : (message.from ?? config().MAIL_FROM);
  const envelope = { ...message, from };
  if (override) {
    const t = overrideTransport(override);
    const info = await t.sendMail(envelope).finally(() => t.close());
    log.info("mail sent", { to: message.to, subject: message.subject, via: "broker-smtp" });
    return { delivered: "smtp", messageId: info.messageId };
  }
  const url = config().SMTP_URL;
  if (url) {
    const info = await smtpTransport(url).sendMail(envelope);
    log.info("mail sent", { to: message.to, subject: message.subject, via: "smtp" });
    return { delivered: "smtp", messageId: info.messageId };
  }
  return writeToOutbox(envelope);
}

function overrideTransport(override: SmtpOverride) {
  const timeouts = override.timeoutMs
    ? { connectionTimeout: override.timeoutMs, greetingTimeout: override.timeoutMs, socketTimeout: override.timeoutMs }
    : TIMEOUTS;
  return nodemailer.createTransport({
    host: override.host,
    port: override.port,
    // secure on: TLS from the first byte on 465, STARTTLS required elsewhere (587)
    secure: override.secure && override.port === 465,
    requireTLS: override.secure && override.port !== 465,
    ...timeouts,
    auth: override.username ? { user: override.username, pass: override.password ?? "" } : undefined,
  } as SMTPTransport.Options);
}

/**
 * A broker's mail (to a lead, bulk, test): their own SMTP when configured,
 * else the site's SMTP_URL, else the outbox. The caller passes the override
 * from smtpOverrideFor() (smtp-settings.server.ts).
 */
export async function sendBrokerMail(message: MailMessage, override: SmtpOverride | null): Promise<MailResult> {
  return sendMail(message, override ?? undefined);
}

/** Connects and authenticates without sending (the 'SMTP OK' check). */
export async function verifySmtp(override: SmtpOverride): Promise<void> {
  const t = overrideTransport(override);
  try {
    await t.verify();
  } finally {
    t.close();
  }
}

/** What went wrong, in pt-BR, for a person (02 §8 SMTP test texts are the titles). */
export function describeMailError(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; message?: string };
  switch (e?.code) {
    case "EAUTH":
      return "Usuário ou senha do SMTP recusados pelo servidor.";
    case "ETIMEDOUT":
    case "ETIMEOUT":
    case "ESOCKET":
    case "ECONNECTION":
      return e.code === "ECONNECTION" || /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(e.message ?? "")
        ? "Não foi possível conectar ao servidor SMTP."
        : "O servidor SMTP não respondeu a tempo.";
    case "EENVELOPE":
      return "Destinatário recusado pelo servidor SMTP.";
    case "ETLS":
      return "Falha na conexão segura (TLS) com o servidor SMTP.";
    default:
      return e?.responseCode ? `O servidor SMTP recusou a mensagem (${e.responseCode}).` : "Falha inesperada no envio.";
  }
}

async function writeToOutbox(message: MailMessage & { from: string }): Promise<MailResult> {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await stream.sendMail(message);
  const dir = config().outboxDir;
  await fs.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(file, info.message as Buffer);
  log.info("mail written to outbox", { to: message.to, subject: message.subject, file });
  return { delivered: "outbox", file };
}

function formatFrom(name: string | null | undefined, email: string): string {
  return name ? `"${name.replace(/"/g, "'")}" <${email}>` : email;
}
