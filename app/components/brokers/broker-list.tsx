import { Badge } from "~/components/ui";

/**
 * What the two lists of brokers (/admin/corretores and /admin/crm) share:
 * the search box, the empty state (the hint when there is no broker at all
 * differs) and the active/inactive badge.
 */
export const brokerSearch = (q: string) => ({ label: "Buscar corretor", placeholder: "Nome ou e-mail", defaultValue: q });

export const brokerEmpty = (q: string, noBrokersHint: string) => ({ title: q ? "Nenhum corretor encontrado" : "Nenhum corretor cadastrado", children: q ? "Tente outro nome ou e-mail." : noBrokersHint });

export function ActiveBadge({ active }: { active: boolean | number }) {
  return <Badge tone={active ? "success" : "neutral"}>{active ? "Ativo" : "Inativo"}</Badge>;
}
