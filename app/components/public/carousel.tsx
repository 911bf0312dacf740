import type { ReactNode } from "react";
import { cx } from "~/components/ui";

/**
 * A small hand-written carousel (no library), rendered as plain HTML: a
 * horizontally scrollable row with scroll snapping, which already swipes.
 * The public pages' enhancement (app/enhance/carousel.ts) adds arrows, dots
 * (a "3 / 12" counter above `dotsLimit` positions) and optional autoplay
 * that pauses on hover, focus, a hidden tab and reduced motion. Slides per
 * view come from the CSS variable --spv (set per breakpoint in `spvClassName`).
 */
export function Carousel({
  slides,
  label,
  spvClassName,
  gapPx,
  autoplayMs,
  dotsLimit = 7,
  className,
}: {
  slides: ReactNode[];
  label: string;
  spvClassName: string;
  gapPx: number;
  autoplayMs?: number;
  dotsLimit?: number;
  className?: string;
}) {
  const count = slides.length;
  return (
    <div
      role="region"
      aria-roledescription="carrossel"
      aria-label={label}
      className={cx("relative", spvClassName, className)}
      data-carousel=""
      data-autoplay-ms={autoplayMs}
      data-dots-limit={dotsLimit}
    >
      <ul className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth pb-2 motion-reduce:scroll-auto" style={{ gap: `${gapPx}px` }} data-carousel-track="">
        {slides.map((slide, i) => (
          <li
            key={i}
            className="shrink-0 snap-start"
            style={{ width: `calc((100% - (var(--spv) - 1) * ${gapPx}px) / var(--spv))` }}
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${count}`}
          >
            {slide}
          </li>
        ))}
      </ul>
    </div>
  );
}
