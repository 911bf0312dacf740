import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { cx } from "~/components/ui";

const SWIPE_THRESHOLD_PX = 40;

/**
 * A small hand-written carousel (no library). Without JavaScript it is a
 * horizontally scrollable row with scroll snapping; once hydrated it moves
 * by transform, with buttons, dots (a "3 / 12" counter above `dotsLimit`
 * slides), a 40 px swipe threshold and optional autoplay that pauses on
 * hover, focus, a hidden tab and reduced-motion preferences. Slides per view
 * come from the CSS variable --spv (set per breakpoint in `spvClassName`).
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
  const [hydrated, setHydrated] = useState(false);
  const [index, setIndex] = useState(0);
  const [spv, setSpv] = useState(1);
  const [paused, setPaused] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const startX = useRef<number | null>(null);
  const count = slides.length;
  const maxIndex = Math.max(0, Math.ceil(count - spv));

  useEffect(() => {
    setHydrated(true);
    const read = () => {
      const el = rootRef.current;
      if (!el) return;
      const value = parseFloat(getComputedStyle(el).getPropertyValue("--spv"));
      setSpv(Number.isFinite(value) && value > 0 ? value : 1);
    };
    read();
    window.addEventListener("resize", read);
    return () => window.removeEventListener("resize", read);
  }, []);

  const go = useCallback((next: number) => setIndex(() => (next > maxIndex ? 0 : next < 0 ? maxIndex : next)), [maxIndex]);

  useEffect(() => {
    if (index > maxIndex) setIndex(maxIndex);
  }, [index, maxIndex]);

  useEffect(() => {
    if (!autoplayMs || paused || maxIndex === 0) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") setIndex((i) => (i >= maxIndex ? 0 : i + 1));
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplayMs, paused, maxIndex]);

  // Slides keep the fractional last position so the row never ends in a blank gap.
  const offset = Math.min(index, Math.max(0, count - spv));
  const arrow = "absolute top-1/2 z-10 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-slate-900 shadow-md ring-1 ring-slate-200 hover:bg-white disabled:opacity-40";

  return (
    <div
      ref={rootRef}
      role="region"
      aria-roledescription="carrossel"
      aria-label={label}
      className={cx("relative", spvClassName, className)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="overflow-hidden">
        <ul
          className={cx("flex", hydrated ? "touch-pan-y transition-transform duration-500 ease-out motion-reduce:transition-none" : "snap-x snap-mandatory overflow-x-auto pb-2")}
          style={{ gap: `${gapPx}px`, transform: hydrated ? `translateX(calc(${-offset} * (100% + ${gapPx}px) / var(--spv)))` : undefined }}
          onPointerDown={(e) => {
            startX.current = e.clientX;
          }}
          onPointerUp={(e) => {
            if (startX.current === null) return;
            const dx = e.clientX - startX.current;
            startX.current = null;
            if (Math.abs(dx) > SWIPE_THRESHOLD_PX) go(index + (dx < 0 ? 1 : -1));
          }}
        >
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
      {hydrated && maxIndex > 0 ? (
        <>
          <button type="button" className={cx(arrow, "left-2")} onClick={() => go(index - 1)} aria-label="Anterior">
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className={cx(arrow, "right-2")} onClick={() => go(index + 1)} aria-label="Próximo">
            <span aria-hidden="true">›</span>
          </button>
          {count > dotsLimit ? (
            <p className="mt-3 text-center text-sm text-slate-600" aria-live="polite">
              {index + 1} / {maxIndex + 1}
            </p>
          ) : (
            <div className="mt-3 flex justify-center gap-1.5">
              {Array.from({ length: maxIndex + 1 }, (_, i) => (
                <button
                  key={i}
                  type="button"
                  onClick={() => go(i)}
                  aria-label={`Ir para a posição ${i + 1}`}
                  aria-current={i === index ? "true" : undefined}
                  className="flex size-6 items-center justify-center"
                >
                  <span className={cx("block h-2 rounded-full transition-all", i === index ? "w-5 bg-brand-700" : "w-2 bg-slate-300")} />
                </button>
              ))}
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
