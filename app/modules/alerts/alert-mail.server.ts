import type { AlertFrequency } from "#db/schema";
import type { MailMessage } from "~/modules/messaging/mail.server";
import { formatBRL } from "~/utils/format";

/**
 * The alert e-mails, plain text (read anywhere, nothing to sanitise). Every
 * e-mail carries its one-click unsubscribe: a link in the text and the
 * List-Unsubscribe + List-Unsubscribe-Post headers (RFC 2369, RFC 8058).
 */
type Urls = { confirm: string | null; unsubscribe: string; link: (path: string) => string };
type AlertRow = { email: string; name: string; frequency: AlertFrequency; path: string; query: string };

function unsubscribeHeaders(urls: Urls): Record<string, string> {
  return { "List-Unsubscribe": `<${urls.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

const greeting = (name: string) => (name ? `Olá, ${name}!` : "Olá!");

export function confirmationMail(alert: AlertRow, description: string, urls: Urls): MailMessage {
  return {
    to: alert.email,
    subject: "Confirme seu alerta de imóveis – Lar Imóveis",
    text: [
      greeting(alert.name),
      "",
      `Recebemos um pedido para enviar a este e-mail as novidades da busca: ${description}.`,
      `Frequência: ${alert.frequency === "daily" ? "diária" : "semanal"}.`,
      "",
      "Para começar a receber, confirme pelo link abaixo (válido por 7 dias):",
      urls.confirm ?? "",
      "",
      "Se não foi você, ignore esta mensagem: nada será enviado sem a sua confirmação.",
      "",
      `Não quer receber? ${urls.unsubscribe}`,
      "",
      "Lar Imóveis",
    ].join("\n"),
    headers: unsubscribeHeaders(urls),
  };
}

export type DigestItem = { title: string; path: string; place: string; price: number; rental: boolean; previousPrice: number | null };

const priceText = (value: number, rental: boolean) => `${formatBRL(value, { cents: "auto" })}${rental ? "/mês" : ""}`;

export function digestMail(alert: AlertRow, description: string, items: DigestItem[], more: number, urls: Urls): MailMessage {
  const lines = items.flatMap((item) => [
    `• ${item.title}`,
    `  ${item.place}`,
    item.previousPrice !== null
      ? `  Preço reduzido: de ${priceText(item.previousPrice, item.rental)} por ${priceText(item.price, item.rental)}`
      : `  Novo: ${priceText(item.price, item.rental)}`,
    `  ${urls.link(item.path)}`,
    "",
  ]);
  const count = items.length + more;
  return {
    to: alert.email,
    subject: count === 1 ? "1 novidade na sua busca de imóveis" : `${count} novidades na sua busca de imóveis`,
    text: [
      greeting(alert.name),
      "",
      `Novidades da sua busca: ${description}.`,
      "",
      ...lines,
      more > 0 ? `E mais ${more} ${more === 1 ? "imóvel" : "imóveis"}. Veja todos: ${urls.link(`${alert.path}${alert.query}`)}` : `Ver a busca completa: ${urls.link(`${alert.path}${alert.query}`)}`,
      "",
      `Você recebe este e-mail ${alert.frequency === "daily" ? "diariamente" : "semanalmente"} porque confirmou este alerta.`,
      `Cancelar o alerta: ${urls.unsubscribe}`,
      "",
      "Lar Imóveis",
    ].join("\n"),
    headers: unsubscribeHeaders(urls),
  };
}
