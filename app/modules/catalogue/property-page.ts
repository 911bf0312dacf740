/** Texts of the property page shared by its service and its route (spec 01 §2). */
export const PROPERTY_NOT_FOUND = { title: "Imóvel não encontrado", text: "O imóvel que você está procurando não está disponível." };
