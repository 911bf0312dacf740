import type { leadListLoader } from "~/modules/leads/lead-list.route.server";

/** What the lead list's loader gives its screen and the bulk bar (a file of its own, so the two never import each other). */
export type LeadListData = Awaited<ReturnType<typeof leadListLoader>>;
