import { Link } from "react-router";
import type { ListColumn } from "~/components/ui/list-screen";
import { formatDateTime } from "~/utils/clock";

/**
 * What the lead lists (the broker's list, the simple list, the admin's lead
 * tab) show the same way: a lead's name ('Contato' when it has none) linking
 * to its page, the name column and the date it came in.
 */
export const leadName = (lead: { name: string }) => lead.name || "Contato";

export function LeadLink({ lead, className = "font-medium text-slate-900 hover:underline" }: { lead: { id: number; name: string }; className?: string }) {
  return (
    <Link to={`/broker/lead/${lead.id}`} className={className}>
      {leadName(lead)}
    </Link>
  );
}

/** The name column, the card's heading on a phone; each list draws its own cell (link, avatar, badges): `{ ...leadNameColumn, cell }`. */
export const leadNameColumn = { key: "name", header: "Nome", primary: true } as const;

export const leadDateColumn: ListColumn<{ createdAt: string }> = { key: "date", header: "Data", cell: (r) => <span className="text-xs md:whitespace-nowrap">{formatDateTime(r.createdAt)}</span> };
