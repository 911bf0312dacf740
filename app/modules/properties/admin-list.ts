import { z } from "zod";
import type { Property, PropertyStatus, PropertyTypeCode } from "#db/schema";
import { recordId } from "~/utils/form-fields";

/** The admin property list's forms, shared by the page and its action (spec 01 §2, §8). */

export const CONFIRM_DELETE = "Tem certeza que deseja excluir este imóvel? Esta ação não pode ser desfeita.";

/** The confirmation modal's one POST. */
export const deletePropertySchema = z.object({ intent: z.literal("delete"), id: recordId() });

/** One row of the list (admin-list.server.ts). */
export type AdminListRow = {
  id: number;
  title: string;
  slug: string | null;
  city: string;
  neighborhood: string;
  price: number;
  rent_price: number;
  purpose: Property["purpose"];
  rental: number;
  status: PropertyStatus;
  featured: number;
  type: PropertyTypeCode;
  property_type: string;
  cover: string | null;
};
