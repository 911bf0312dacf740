import { Badge } from "~/components/ui";
import { OPT_OUT_LABELS } from "~/modules/messaging/whatsapp-labels";

/** A number on the WhatsApp suppression list (issue 25): the lead page and the campaign recipient lists show it alike. */
export function OptOutBadge() {
  return (
    <Badge tone="danger" className="whitespace-normal">
      <span title={OPT_OUT_LABELS.badgeHint}>{OPT_OUT_LABELS.badge}</span>
    </Badge>
  );
}
