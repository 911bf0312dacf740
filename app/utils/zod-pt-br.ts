import { z } from "zod";
import type { $ZodRawIssue } from "zod/v4/core";

/**
 * zod's messages in the agency's words. Installed once for the server and
 * the browser (imported by the form pipeline and the root route), so no
 * English validation text can reach a person. A schema's own message (the
 * spec's texts) always wins: zod uses this map only where the schema gives
 * none.
 */
type Issue = $ZodRawIssue;

const count = (n: number | bigint) => Number(n).toLocaleString("pt-BR");

function sizeOf(bytes: number | bigint): string {
  const n = Number(bytes);
  if (n >= 1_000_000) return `${(n / 1_000_000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
  if (n >= 1_000) return `${Math.round(n / 1_000).toLocaleString("pt-BR")} KB`;
  return `${n} bytes`;
}

export const FIELD_MESSAGES = {
  required: "Campo obrigatório",
  number: "Informe um número",
  integer: "Informe um número inteiro",
  date: "Data inválida",
  option: "Opção inválida",
  email: "E-mail inválido",
  url: "URL inválida",
  format: "Formato inválido",
  invalid: "Valor inválido",
  unknownAction: "Ação desconhecida",
} as const;

export function ptBrIssueMessage(issue: Issue): string {
  const i = issue as Issue & Record<string, unknown>;
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null || issue.input === "") return FIELD_MESSAGES.required;
      const expected = String(i.expected);
      if (expected === "int") return FIELD_MESSAGES.integer;
      if (expected === "number" || expected === "bigint") return FIELD_MESSAGES.number;
      if (expected === "date") return FIELD_MESSAGES.date;
      return FIELD_MESSAGES.invalid;
    }
    case "too_small": {
      const min = i.minimum as number | bigint;
      switch (i.origin) {
        case "string":
          return Number(min) <= 1 ? FIELD_MESSAGES.required : `Mínimo de ${count(min)} caracteres`;
        case "array":
        case "set":
          return Number(min) <= 1 ? "Escolha pelo menos uma opção" : `Escolha pelo menos ${count(min)} opções`;
        case "file":
          return "O arquivo está vazio";
        case "date":
          return FIELD_MESSAGES.date;
        default:
          return i.inclusive === false ? `Informe um valor maior que ${count(min)}` : `O valor mínimo é ${count(min)}`;
      }
    }
    case "too_big": {
      const max = i.maximum as number | bigint;
      switch (i.origin) {
        case "string":
          return `No máximo ${count(max)} caracteres`;
        case "array":
        case "set":
          return `No máximo ${count(max)} itens`;
        case "file":
          return `O arquivo passa de ${sizeOf(max)}`;
        case "date":
          return FIELD_MESSAGES.date;
        default:
          return i.inclusive === false ? `Informe um valor menor que ${count(max)}` : `O valor máximo é ${count(max)}`;
      }
    }
    case "invalid_format":
      if (i.format === "email") return FIELD_MESSAGES.email;
      if (i.format === "url") return FIELD_MESSAGES.url;
      return FIELD_MESSAGES.format;
    case "invalid_value":
      return FIELD_MESSAGES.option;
    case "not_multiple_of":
      return i.divisor === 1 ? FIELD_MESSAGES.integer : FIELD_MESSAGES.invalid;
    case "invalid_union":
      return i.note === "No matching discriminator" ? FIELD_MESSAGES.unknownAction : FIELD_MESSAGES.invalid;
    case "unrecognized_keys":
      return "Campo não reconhecido";
    default:
      return FIELD_MESSAGES.invalid;
  }
}

z.config({ customError: ptBrIssueMessage });
