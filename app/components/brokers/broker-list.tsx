import { Badge } from "~/components/ui";

/**
 * What the two lists of brokers (/admin/corretores and /admin/crm) share:
 * the search box, the empty state (the hint when there is no broker at all
 * differs), the row key, the broker column and the active/inactive badge.
 */
export const brokerSearch = (q: string) => ({ label: "Buscar corretor", placeholder: "Nome ou e-mail", defaultValue: q });

export const brokerEmpty = (q: string, noBrokersHint: string) => ({ title: q ? "Nenhum corretor encontrado" : "Nenhum corretor cadastrado", children: q ? "Tente outro nome ou e-mail." : noBrokersHint });

export function ActiveBadge({ active }: { active: boolean | number }) {
  return <Badge tone={active ? "success" : "neutral"}>{active ? "Ativo" : "Inativo"}</Badge>;
}

/** The list props both broker lists share: the search box, the row key and the empty state. */
export function brokerListProps(q: string, noBrokersHint: string) {
  return { search: brokerSearch(q), rowKey: (b: { id: string }) => b.id, empty: brokerEmpty(q, noBrokersHint) };
}

/** The first column of both lists, the card's heading on a phone; each list draws its own cell: `{ ...brokerColumn, cell }`. */
export const brokerColumn = { key: "broker", header: "Corretor", primary: true } as const;
