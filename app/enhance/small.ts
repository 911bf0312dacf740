/**
 * The public pages' smaller enhancements, each a few lines on a data-*
 * hook the server renders: self-hiding banners, menus that close like
 * menus, copy buttons, the history 'Voltar' and the coming-soon countdown.
 */

/** `data-autohide-ms`: a banner or toast that returns to idle after its time. */
export function enhanceAutohide(element: HTMLElement): void {
  const ms = Number(element.dataset.autohideMs);
  if (ms > 0) window.setTimeout(() => (element.hidden = true), ms);
}

/** `details[data-menu]`: closes on Escape (focus back on its button) and on a tap outside. */
export function enhanceMenu(menu: HTMLDetailsElement): void {
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
  menu.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menu.open) return;
    menu.open = false;
    menu.querySelector("summary")?.focus();
  });
}

/** `button[data-copy]`: hidden until script runs (copying needs it); says so in its status for 2 s. */
export function enhanceCopyButton(button: HTMLButtonElement): void {
  const status = button.parentElement?.querySelector<HTMLElement>("[data-copy-status]");
  let timer: number | undefined;
  button.hidden = false;
  button.addEventListener("click", async () => {
    let ok = true;
    try {
      await navigator.clipboard.writeText(button.dataset.copy ?? "");
    } catch {
      ok = false;
    }
    if (!status) return;
    status.textContent = (ok ? button.dataset.copied : button.dataset.failed) ?? "";
    status.classList.toggle("text-danger-700", !ok);
    window.clearTimeout(timer);
    timer = window.setTimeout(() => (status.textContent = ""), 2000);
  });
}

/** `a[data-history-back]`: back in history when there is one; the link's own page otherwise. */
export function enhanceBackLink(link: HTMLAnchorElement): void {
  link.addEventListener("click", (event) => {
    if (window.history.length <= 1) return;
    event.preventDefault();
    window.history.back();
  });
}

/** `[data-redirect-to][data-redirect-seconds]`: counts down in `[data-countdown]`, then goes (the page's meta refresh does the same without script). */
export function enhanceRedirect(element: HTMLElement): void {
  const target = element.dataset.redirectTo ?? "/";
  const total = Number(element.dataset.redirectSeconds) || 5;
  const countdown = element.querySelector<HTMLElement>("[data-countdown]");
  const started = Date.now();
  const tick = window.setInterval(() => {
    const left = Math.max(0, total - Math.floor((Date.now() - started) / 1000));
    if (countdown) countdown.textContent = `${left} ${left === 1 ? "segundo" : "segundos"}`;
    if (left === 0) {
      window.clearInterval(tick);
      window.location.replace(target);
    }
  }, 250);
}

/** `[data-lazy-map]`: the third-party map is inserted when the visitor scrolls near it or asks for it. */
export function enhanceLazyMap(box: HTMLElement): void {
  const placeholder = box.querySelector<HTMLElement>("[data-map-placeholder]");
  let shown = false;
  const show = () => {
    if (shown || !placeholder) return;
    shown = true;
    const frame = document.createElement("iframe");
    frame.title = box.dataset.mapTitle ?? "Mapa";
    frame.src = box.dataset.mapSrc ?? "";
    frame.className = "block h-80 w-full border-0";
    frame.loading = "lazy";
    frame.referrerPolicy = "no-referrer-when-downgrade";
    placeholder.replaceWith(frame);
  };
  box.querySelector("[data-map-open]")?.addEventListener("click", (event) => {
    event.preventDefault();
    show();
  });
  if (typeof IntersectionObserver === "undefined") return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      show();
    },
    { rootMargin: "200px" },
  );
  observer.observe(box);
}

/** `[data-toc]`: the section being read is highlighted in an article's table of contents. */
export function enhanceToc(toc: HTMLElement): void {
  if (typeof IntersectionObserver === "undefined") return;
  const links = [...toc.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const idle = toc.dataset.linkClass ?? "";
  const active = toc.dataset.activeClass ?? "";
  const observer = new IntersectionObserver(
    (entries) => {
      const visible = entries.filter((e) => e.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
      if (!visible) return;
      for (const link of links) {
        const on = link.hash === `#${visible.target.id}`;
        link.className = on ? active : idle;
        if (on) link.setAttribute("aria-current", "location");
        else link.removeAttribute("aria-current");
      }
    },
    { rootMargin: "-72px 0px -60% 0px" },
  );
  for (const link of links) {
    const heading = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (heading) observer.observe(heading);
  }
}

/** `[data-photo-viewer]`: arrow keys and a swipe go to the previous or next photo; Escape closes. */
export function enhancePhotoViewer(viewer: HTMLElement): void {
  const follow = (selector: string) => viewer.querySelector<HTMLAnchorElement>(selector)?.click();
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowLeft") follow("[data-photo-previous]");
    else if (event.key === "ArrowRight") follow("[data-photo-next]");
    else if (event.key === "Escape" && viewer.dataset.back) window.location.assign(viewer.dataset.back);
  });
  let startX: number | null = null;
  viewer.addEventListener("pointerdown", (event) => (startX = event.clientX));
  viewer.addEventListener("pointerup", (event) => {
    if (startX === null) return;
    const dx = event.clientX - startX;
    startX = null;
    if (Math.abs(dx) > 40) follow(dx < 0 ? "[data-photo-next]" : "[data-photo-previous]");
  });
}
