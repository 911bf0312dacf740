/** The agency's public details, shown in the footer, /contato and JSON-LD. */
export const AGENCY = {
  name: "Lar Imóveis",
  legalName: "Lar Imóveis Negócios Imobiliários Ltda.",
  creci: "CRECI-SP 34.567-J",
  cnpj: "12.345.678/0001-90",
  phone: "(11) 3456-7890",
  phoneDigits: "1134567890",
  whatsapp: "(11) 98888-7777",
  email: "contato@larimoveis.com.br",
  address: {
    street: "Avenida Paulista, 1000 – conjunto 82",
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
    postalCode: "01310-100",
  },
  hours: ["Segunda a sexta: 9h às 18h", "Sábado: 9h às 13h"],
  instagram: "https://www.instagram.com/larimoveis",
  facebook: "https://www.facebook.com/larimoveis",
  mapQuery: "Avenida Paulista, 1000, São Paulo - SP",
  /** The external course platform (spec 02 §2.2 quick action, spec 03 §2.6). */
  coursesPlatform: "https://cursos.larimoveis.com.br",
} as const;

export function fullAddress(): string {
  const a = AGENCY.address;
  return `${a.street}, ${a.neighborhood}, ${a.city} - ${a.state}, ${a.postalCode}`;
}
