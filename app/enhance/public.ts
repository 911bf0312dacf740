/**
 * The public site's only script (built by scripts/build-enhance.mjs, loaded
 * as a module by root.tsx on pages that do not hydrate React). Every page
 * already works without it; it only adds what the server's HTML cannot do
 * alone. Each enhancement finds its elements by a data-* hook.
 */
import { enhanceCarousel } from "./carousel";
import { enhanceLiveFilters } from "./filters";
import { enhanceLeadForm } from "./lead-form";
import { enhanceCatalogueMap } from "./map-loader";
import { enhanceFavouriteForm } from "./favourites";
import { enhanceSimulator } from "./simulator";
import { enhanceOfferPhotos } from "./offer-photos";
import { enhancePhoneMask } from "./phone-mask";
import { enhanceAutohide, enhanceBackLink, enhanceCopyButton, enhanceLazyMap, enhanceMenu, enhancePhotoViewer, enhanceRedirect, enhanceToc } from "./small";

const ENHANCEMENTS: [string, (element: never) => void][] = [
  ["form[data-lead-form]", enhanceLeadForm],
  ["input[data-phone-mask]", enhancePhoneMask],
  ["[data-carousel]", enhanceCarousel],
  ["form[data-live-filters]", enhanceLiveFilters],
  ["[data-autohide-ms]", enhanceAutohide],
  ["details[data-menu]", enhanceMenu],
  ["button[data-copy]", enhanceCopyButton],
  ["a[data-history-back]", enhanceBackLink],
  ["[data-redirect-to]", enhanceRedirect],
  ["[data-lazy-map]", enhanceLazyMap],
  ["[data-toc]", enhanceToc],
  ["[data-photo-viewer]", enhancePhotoViewer],
  ["[data-catalogue-map]", enhanceCatalogueMap],
  // visitor features (issue 28)
  ["form[data-favourite-form]", enhanceFavouriteForm],
  ["form[data-simulator]", enhanceSimulator],
  ["input[data-offer-photos]", enhanceOfferPhotos],
];

export function enhance(root: ParentNode): void {
  for (const [selector, run] of ENHANCEMENTS) {
    for (const element of root.querySelectorAll(selector)) {
      try {
        (run as (element: Element) => void)(element);
      } catch (error) {
        // one broken enhancement never takes the others (or the plain page) down
        console.error(error);
      }
    }
  }
}

enhance(document);
// Tests wait for this to know the page is interactive (as on hydrated pages).
document.documentElement.dataset.hydrated = "true";
