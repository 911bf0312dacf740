import type { PageHandle } from "~/modules/platform/page-scripts";
import { Outlet, redirect, useLoaderData } from "react-router";
import { referralRedirect } from "~/modules/leads/referral-visit.server";
import { PublicFooter, PublicHeader } from "~/components/layout/public-shell";
import { getSessionUser } from "~/modules/auth/session.server";
import { readFavouriteIds } from "~/modules/favourites/favourites.server";
import type { Route } from "./+types/layout";
import { GeneralErrorBoundary } from "~/components/layout/error-pages";

/** Plain server HTML: no React in the browser (modules/platform/page-scripts.ts). */
export const handle: PageHandle = { hydrate: false };

/** Header and footer of the public site; 'Minha Conta' only for a signed-in admin. */
export async function loader({ request }: Route.LoaderArgs) {
  // A visit that came with a broker's ref keeps it on every public page.
  const withVisitRef = referralRedirect(request);
  if (withVisitRef) throw redirect(withVisitRef);
  // Only read the session when there is a cookie: anonymous visitors cost no query.
  const hasCookie = request.headers.get("Cookie")?.includes("__session=");
  const user = hasCookie ? await getSessionUser(request) : null;
  return { isAdmin: user?.role === "admin", favourites: await readFavouriteIds(request) };
}

export default function PublicLayout() {
  const { isAdmin, favourites } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader isAdmin={isAdmin} favouriteCount={favourites.length} />
      <div className="flex-1">
        <Outlet />
      </div>
      <PublicFooter />
    </div>
  );
}

/** Errors below this layout: the one general boundary (same page as the root's). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
