import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigCache } from "~/modules/platform/config.server";
import { sendMail } from "~/modules/messaging/mail.server";
import { parseEml } from "../../mocks/eml";
import { startSmtpServer } from "../../mocks/smtp-server";

/** A real SMTP server on a free loopback port that keeps what it receives. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let port = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  port = smtp.port;
});

afterAll(async () => {
  await smtp.close();
});

afterEach(() => {
  delete process.env.SMTP_URL;
  resetConfigCache();
});

describe("without SMTP_URL: the outbox", () => {
  it("writes each message as an .eml in DATA_DIR/outbox with subject, recipient and body", async () => {
    const result = await sendMail({ to: "cliente@teste.com.br", subject: "Visita confirmada – Apartamento", text: "Olá! Sua visita está confirmada para amanhã às 10h." });
    expect(result.delivered).toBe("outbox");
    if (result.delivered !== "outbox") return;
    expect(result.file).toMatch(/\/outbox\/.+\.eml$/);
    const mail = parseEml(fs.readFileSync(result.file, "utf8"));
    expect(mail.to).toBe("cliente@teste.com.br");
    expect(mail.subject).toBe("Visita confirmada – Apartamento");
    expect(mail.from).toContain("nao-responda@larimoveis.com.br");
    expect(mail.text).toContain("Sua visita está confirmada para amanhã às 10h.");
    expect(smtp.received).toHaveLength(0);
  });

  it("never overwrites: two messages in the same instant are two files", async () => {
    const [a, b] = await Promise.all([sendMail({ to: "a@teste.com.br", subject: "A", text: "a" }), sendMail({ to: "b@teste.com.br", subject: "B", text: "b" })]);
    expect(a.delivered === "outbox" && b.delivered === "outbox" && a.file !== b.file).toBe(true);
  });
});

describe("with SMTP_URL: real SMTP", () => {
  it("delivers through the server named by SMTP_URL (from, to, subject, body)", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    resetConfigCache();
    const result = await sendMail({
      to: "corretora@teste.com.br",
      subject: "Novo lead: Casa com quintal",
      text: "Mariana Silva pediu uma visita.\nTelefone: (11) 91234-5678",
      from: "Lar Imóveis <contato@larimoveis.com.br>",
    });
    expect(result.delivered).toBe("smtp");
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0];
    expect(got.from).toBe("contato@larimoveis.com.br");
    expect(got.to).toEqual(["corretora@teste.com.br"]);
    const mail = parseEml(got.raw);
    expect(mail.subject).toBe("Novo lead: Casa com quintal");
    expect(mail.text).toContain("Mariana Silva pediu uma visita.");
    expect(mail.text).toContain("(11) 91234-5678");
  });

  it("uses MAIL_FROM when the message names no sender", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    resetConfigCache();
    const before = smtp.received.length;
    await sendMail({ to: "x@teste.com.br", subject: "Teste", text: "corpo" });
    expect(smtp.received[before].from).toBe("nao-responda@larimoveis.com.br");
  });

  it("a broker's own SMTP settings (override) go to that server instead", async () => {
    const before = smtp.received.length;
    const result = await sendMail(
      { to: "lead@teste.com.br", subject: "Proposta", text: "Segue a proposta." },
      { host: "127.0.0.1", port, secure: false, fromEmail: "ana@larimoveis.com.br", fromName: "Ana Souza" },
    );
    expect(result.delivered).toBe("smtp");
    expect(smtp.received[before].from).toBe("ana@larimoveis.com.br");
    expect(parseEml(smtp.received[before].raw).from).toContain("Ana Souza");
  });

  it("a server that is down fails loudly (no silent loss)", async () => {
    // A port nobody listens on: take the SMTP server's port after closing a throwaway server.
    const spare = await startSmtpServer();
    const deadPort = spare.port;
    await spare.close();
    process.env.SMTP_URL = `smtp://127.0.0.1:${deadPort}?ignoreTLS=true&connectionTimeout=2000`;
    resetConfigCache();
    await expect(sendMail({ to: "x@teste.com.br", subject: "Teste", text: "corpo" })).rejects.toThrow();
  });
});
