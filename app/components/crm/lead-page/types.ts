import type { leadPage } from "~/modules/leads/lead-page.server";

/** What the lead page's loader gives its cards. */
export type LeadPageData = Awaited<ReturnType<typeof leadPage>>;
