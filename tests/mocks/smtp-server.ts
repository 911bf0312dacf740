import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/** One message as the server received it: envelope and the raw RFC 5322 text (read it with `parseEml`). */
export type ReceivedMail = { from: string; to: string[]; raw: string; user: string };

/**
 * A real SMTP server on a free loopback port that keeps what it receives:
 * the suite's stand-in for the agency's mail server. Plain SMTP without
 * STARTTLS; AUTH is off unless `options` enable it (give `onAuth` and leave
 * "AUTH" out of `disabledCommands`). `options` may also refuse recipients
 * (`onRcptTo`).
 */
export async function startSmtpServer(options: Partial<SMTPServerOptions> = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          user: String(session.user ?? ""),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    /** The SMTP_URL nodemailer reads for this server. */
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
