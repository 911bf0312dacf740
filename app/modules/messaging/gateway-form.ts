import { z } from "zod";
import { isGatewayHostAllowed } from "~/modules/webhooks/gateway-host";

/**
 * /admin/whatsapp's form (shared by the server and the browser): where the
 * gateway is and its global key. A port that Node's fetch refuses to call
 * (the Fetch standard's "bad ports", e.g. 4190) is refused here with a
 * pt-BR message, not later with 'fetch failed'.
 */
export const GATEWAY_MESSAGES = {
  urlRequired: "Informe o endereço do gateway",
  urlTooLong: "Endereço muito longo",
  urlInvalid: "URL inválida",
  hostNotAllowed: "Endereço não permitido para o gateway (link-local, multicast ou reservado).",
  badPort: (port: number) => `A porta ${port} é bloqueada pelo servidor (o fetch do Node recusa conexões nela). Use outra porta, como 8080 ou 443.`,
  keyRequired: "Informe a chave da API",
  keyShort: "A chave da API tem pelo menos 8 caracteres",
  keyTooLong: "Chave muito longa",
  saved: "Gateway salvo.",
  cleared: "Configuração removida.",
} as const;

/** Ports the Fetch standard blocks (undici, Node's fetch, follows it): a gateway there can never be called. */
export const BLOCKED_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531,
  532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** The URL's port when it is one fetch refuses, else null. */
export function blockedPortOf(value: string): number | null {
  try {
    const url = new URL(value);
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    return BLOCKED_PORTS.has(port) ? port : null;
  } catch {
    return null;
  }
}

const baseUrl = z
  .string({ error: (issue) => (issue.input === undefined ? GATEWAY_MESSAGES.urlRequired : undefined) })
  .trim()
  .min(1, GATEWAY_MESSAGES.urlRequired)
  .max(300, GATEWAY_MESSAGES.urlTooLong)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), GATEWAY_MESSAGES.urlInvalid)
  // the gateway's own address rule (webhooks/gateway-host.ts): local is fine, link-local and multicast never
  .refine((v) => !URL.canParse(v) || isGatewayHostAllowed(new URL(v).hostname), GATEWAY_MESSAGES.hostNotAllowed)
  .superRefine((v, ctx) => {
    const port = blockedPortOf(v);
    if (port !== null) ctx.addIssue({ code: "custom", message: GATEWAY_MESSAGES.badPort(port) });
  });

const apiKey = z
  .string({ error: (issue) => (issue.input === undefined ? GATEWAY_MESSAGES.keyRequired : undefined) })
  .trim()
  .min(8, GATEWAY_MESSAGES.keyShort)
  .max(500, GATEWAY_MESSAGES.keyTooLong);

export const gatewayFormSchema = z.object({ baseUrl, apiKey });
export type GatewayInput = z.infer<typeof gatewayFormSchema>;

export const gatewayActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("save"), baseUrl, apiKey }), z.object({ intent: z.literal("clear") })]);
