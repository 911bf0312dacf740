/**
 * `[data-carousel]` (components/public/carousel.tsx): the server renders a
 * row that scrolls and snaps on its own, which is all a visitor without
 * script needs (swiping is the browser's). This adds the arrows, the dots
 * (or a "3 / 12" counter above `data-dots-limit` positions), autoplay that
 * pauses on hover, focus, a hidden tab and reduced motion, and keeps slides
 * that are out of view out of the tab order.
 */
const ARROW = "absolute top-1/2 z-10 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-slate-900 shadow-md ring-1 ring-slate-200 hover:bg-white";
const DOT = "block h-2 rounded-full transition-all";

export function enhanceCarousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>("[data-carousel-track]");
  if (!track) return;
  const slides = [...track.children] as HTMLElement[];
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const dotsLimit = Number(root.dataset.dotsLimit) || 7;
  let controls: HTMLElement | null = null;
  let positions: number[] = [];
  let index = 0;

  /** Scroll offsets a step can land on: each slide's start, the last one capped at the row's end. */
  const measure = () => {
    const max = track.scrollWidth - track.clientWidth;
    const first = slides[0]?.offsetLeft ?? 0;
    positions = [...new Set(slides.map((s) => Math.min(Math.round(s.offsetLeft - first), Math.max(0, Math.round(max)))))];
  };
  const current = () => {
    const left = track.scrollLeft;
    let best = 0;
    positions.forEach((p, i) => {
      if (Math.abs(p - left) < Math.abs(positions[best] - left)) best = i;
    });
    return best;
  };
  const go = (next: number) => {
    const last = positions.length - 1;
    index = next > last ? 0 : next < 0 ? last : next;
    track.scrollTo({ left: positions[index], behavior: reducedMotion ? "auto" : "smooth" });
    update();
  };
  const update = () => {
    if (!controls) return;
    const counter = controls.querySelector("[data-counter]");
    if (counter) counter.textContent = `${index + 1} / ${positions.length}`;
    controls.querySelectorAll<HTMLButtonElement>("[data-dot]").forEach((dot, i) => {
      const on = i === index;
      if (on) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
      (dot.firstElementChild as HTMLElement).className = `${DOT} ${on ? "w-5 bg-brand-700" : "w-2 bg-slate-300"}`;
    });
  };
  const build = () => {
    controls?.remove();
    root.querySelectorAll("[data-arrow]").forEach((a) => a.remove());
    controls = null;
    measure();
    index = Math.min(current(), positions.length - 1);
    if (positions.length < 2) return update();
    track.classList.add("[scrollbar-width:none]");
    for (const [side, label, glyph, step] of [["left-2", "Anterior", "‹", -1], ["right-2", "Próximo", "›", 1]] as const) {
      const arrow = document.createElement("button");
      arrow.type = "button";
      arrow.className = `${ARROW} ${side}`;
      arrow.setAttribute("aria-label", label);
      arrow.dataset.arrow = "";
      arrow.innerHTML = `<span aria-hidden="true">${glyph}</span>`;
      arrow.addEventListener("click", () => go(index + step));
      root.append(arrow);
    }
    controls = document.createElement("div");
    if (positions.length > dotsLimit) {
      controls.innerHTML = '<p class="mt-3 text-center text-sm text-slate-600" aria-live="polite" data-counter></p>';
    } else {
      controls.className = "mt-3 flex justify-center gap-1.5";
      positions.forEach((_, i) => {
        const dot = document.createElement("button");
        dot.type = "button";
        dot.className = "flex size-6 items-center justify-center";
        dot.dataset.dot = "";
        dot.setAttribute("aria-label", `Ir para a posição ${i + 1}`);
        dot.innerHTML = "<span></span>";
        dot.addEventListener("click", () => go(i));
        controls!.append(dot);
      });
    }
    root.append(controls);
    update();
  };

  // Slides mostly out of view leave the tab order (the arrows reach them); an observer, so no forced layout.
  if (typeof IntersectionObserver !== "undefined") {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) (entry.target as HTMLElement).inert = entry.intersectionRatio < 0.5;
      },
      { root: track, threshold: [0, 0.5, 1] },
    );
    for (const slide of slides) observer.observe(slide);
  }

  let scrollTimer: number | undefined;
  track.addEventListener("scroll", () => {
    window.clearTimeout(scrollTimer);
    scrollTimer = window.setTimeout(() => {
      index = current();
      update();
    }, 100);
  });
  let resizeTimer: number | undefined;
  window.addEventListener("resize", () => {
    window.clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(build, 150);
  });
  // Measuring reads layout: after the first paint, not during the page's parse.
  requestAnimationFrame(() => requestAnimationFrame(build));

  const autoplayMs = Number(root.dataset.autoplayMs);
  if (!autoplayMs || reducedMotion) return;
  let paused = false;
  root.addEventListener("mouseenter", () => (paused = true));
  root.addEventListener("mouseleave", () => (paused = false));
  root.addEventListener("focusin", () => (paused = true));
  root.addEventListener("focusout", () => (paused = false));
  window.setInterval(() => {
    if (!paused && positions.length > 1 && document.visibilityState === "visible") go(index + 1);
  }, autoplayMs);
}
