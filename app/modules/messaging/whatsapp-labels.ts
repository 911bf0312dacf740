/** The WhatsApp pages' texts (spec 03 §5, §8), shared by the server and the screens. */
export const WA_MESSAGES = {
  nameRequired: "Por favor, insira um nome para a instância",
  noBroker: "ID do usuário não encontrado. Por favor, faça login novamente.",
  limit: "Limite: 1 instância por corretor",
  createFailed: (status: number | string, text: string) => `Erro ao criar instância: ${status} ${text}`.trim(),
  timeout: (name: string) => `Tempo limite atingido para conectar a instância: ${name}`,
  connectFailed: (detail: string) => `Falha na conexão: ${detail}`,
  qrUnavailable: "Não foi possível gerar o QR Code agora. O servidor pode estar instável...",
  noCode: "Nem QR Code nem código de pareamento encontrados",
  statusFailed: "Erro ao atualizar status",
  deleteFailed: (last: string) => `Não foi possível deletar. Última resposta: ${last}`,
  disconnectFailed: (detail: string) => `Não foi possível desconectar: ${detail}`,
  restartFailed: "Erro ao reiniciar instância",
  notConfigured: "Configuração Evolution ausente",
  qrLimit: "Limite de QR Codes atingido: clique em Conectar para gerar um novo código.",
  goneFromGateway: "Instância não existe mais no gateway",
} as const;

/** The lead page's WhatsApp send (spec 02 §5, §8). */
export const LEAD_WHATSAPP_MESSAGES = {
  messageRequired: "Informe a mensagem",
  noPhone: "Lead sem telefone",
  notConnected: "WhatsApp não conectado",
  notConfigured: "Configuração Evolution ausente",
  optedOut: "Este número pediu para não receber mensagens pelo WhatsApp (SAIR/PARAR).",
  notOnWhatsapp: (tries: string[]) =>
    `Número não cadastrado no WhatsApp. Tentativas: ${tries.join(", ")}. Confirme o código do país (55), o DDD e o nono dígito.`,
} as const;

/** A message's delivery receipt as the screens word it (campaign detail, lead page). */
export const WHATSAPP_DELIVERY_LABELS: Readonly<Record<string, string>> = { sent: "Enviada", delivered: "Entregue", read: "Lida", failed: "Falhou" };

/** The suppression list as the screens word it (issue 25): the lead page's badge, the recipient lists. */
export const OPT_OUT_LABELS = {
  badge: "Não recebe WhatsApp",
  badgeHint: "Este número respondeu SAIR/PARAR: nenhuma mensagem de WhatsApp é enviada a ele (LGPD).",
} as const;
