import { Badge } from "~/components/ui";
import { ageBadge, HIGH_PRIORITY_LABEL, isHighPriority } from "~/modules/crm/labels";

const TONE = { green: "success", yellow: "warning", red: "danger" } as const;

export function AgeBadge({ createdAt, now }: { createdAt: string; now?: Date }) {
  const b = ageBadge(createdAt, now);
  return <Badge tone={TONE[b.tone]}>{b.label}</Badge>;
}

export function PriorityBadge({ priority }: { priority: string | null }) {
  return isHighPriority(priority) ? <Badge tone="danger">{HIGH_PRIORITY_LABEL}</Badge> : null;
}
