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
    const t = nodemailer.createTransport({
      host: override.host,
      port: override.port,
      secure: override.secure,
      ...TIMEOUTS,
      auth: override.username ? { user: override.username, pass: override.password ?? "" } : undefined,
    });
    const info = await t.sendMail(envelope);
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
