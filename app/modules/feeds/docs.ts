import { CNM_MAX_PHOTOS, CNM_MIN_PHOTOS, CNM_MIN_PHOTO_LONG_SIDE, CNM_MIN_PHOTO_SHORT_SIDE, VRSYNC_MIN_PHOTOS, type Portal } from "./rules";

/**
 * What /xml-docs tells a portal's integrator (pt-BR): the format behind each
 * fixed address and what leaves a listing out of it. Kept beside rules.ts and
 * built from its constants, so the page and the checks say the same thing.
 */
export const FEED_FORMAT_NOTES: Record<Portal, string> = {
  olx: "Formato VRSync, o único que o Grupo OLX aceita. O mesmo endereço serve OLX, ZAP Imóveis e VivaReal (cadastre-o no Canal Pro). O endereço vai inteiro (o portal localiza o imóvel com ele); displayAddress diz o que o portal pode mostrar, como escolhido no editor em 'O que mostrar do endereço'.",
  chavesnamao: "Formato do Chaves na Mão (<Document><imoveis><imovel>), em UTF-8, com todas as tags presentes, vazias quando não há valor. esconder_endereco_imovel é 1, a menos que o imóvel mostre o endereço completo.",
  default: "Nosso formato próprio (<properties><property>), para parceiros sem formato definido: todos os campos do imóvel, listas em <item>; address_display diz o que do endereço a imobiliária mostra (neighborhood, street ou all).",
};

/** Reasons a listing is left out of each portal's XML (rules.ts: an error there = out of the file). */
export const FEED_EXCLUSIONS: Record<Portal, string[]> = {
  olx: [
    "Título com menos de 10 ou mais de 100 caracteres, ou com HTML.",
    "Descrição com menos de 50 ou mais de 3000 caracteres.",
    "Cidade, bairro, UF ou CEP ausentes ou inválidos (o CEP é obrigatório, no formato 00000-000).",
    "Preço de venda (venda) ou valor do aluguel (aluguel) não informado.",
    "Área não informada.",
    `Menos de ${VRSYNC_MIN_PHOTOS} fotos em JPG de até 7 MB (as outras fotos não são enviadas).`,
  ],
  chavesnamao: [
    "Descrição vazia ou com mais de 3000 caracteres.",
    "Cidade, bairro ou UF ausentes ou inválidos; CEP, se informado, fora do formato 00000-000.",
    "Preço de venda (venda) ou valor do aluguel (aluguel) não informado.",
    "Endereço com mais de 200 caracteres, número com mais de 10 ou complemento com mais de 50.",
  ],
  default: ["Imóvel sem título."],
};

/** What goes out trimmed (the listing stays in the XML without it): rules.ts warnings. */
export const FEED_TRIMMED: Record<Portal, string[]> = {
  olx: ["Fotos que não são JPG ou que têm mais de 7 MB.", "Comodidades fora da lista fechada de Features do VRSync."],
  chavesnamao: [
    "Fotos fora de JPG, PNG ou WebP.",
    `Fotos com mais de 5 MB ou menores que ${CNM_MIN_PHOTO_LONG_SIDE}×${CNM_MIN_PHOTO_SHORT_SIDE} pixels (em pé ou deitadas).`,
    "Comodidades sem nome nas listas de áreas comuns e privativas do portal.",
    `Fotos além das ${CNM_MAX_PHOTOS} primeiras (o portal recomenda pelo menos ${CNM_MIN_PHOTOS}; a primeira é a capa).`,
  ],
  default: [],
};
