/** CSV import vocabulary shared with the mapping screen (02 §2.4, §5). */
export const IMPORT_FIELDS = ["name", "email", "phone", "message", "tags", "property", "stage"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: "Nome",
  email: "Email",
  phone: "Telefone",
  message: "Mensagem",
  tags: "Marcador/Tags (separe por vírgula ou ponto e vírgula)",
  property: "Imóvel",
  stage: "Estágio (aceita entrada, qualificação, negociação, fechamento)",
};

export type ImportMapping = Partial<Record<ImportField, number>>;

export const CSV_MESSAGES = {
  empty: "CSV vazio",
  read: "Erro ao ler CSV",
  mapping: "Mapeamento inválido",
  failed: "Erro ao importar",
  failedHint: "Verifique o arquivo CSV.",
  noBroker: "Corretor não identificado.",
} as const;

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
