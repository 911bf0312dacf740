/** Column conventions shared by the table types: timestamps are ISO-8601 text, booleans 0/1. */
export type Timestamp = string;
export type Bool = number;
/** A property's kind, as people call it (properties.property_type, owner_offers.property_kind). */
export type PropertyKind = "Apartamento" | "Casa" | "Sala Comercial" | "Loja" | "Terreno" | "Galpão";
