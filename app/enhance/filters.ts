/**
 * `form[data-live-filters]` (components/catalogue/catalogue-filters.tsx): a
 * plain GET form that works without script. With it, each change applies
 * after a short pause without a reload: the page for the new query is
 * fetched (the server answers canonical URLs by redirect, so the final URL
 * is the state), its `[data-catalogue-part]` elements (by id) replace ours, the fields the visitor is not
 * in take the server's values, and the address bar follows.
 */
export function enhanceLiveFilters(form: HTMLFormElement): void {
  const parts = () => [...document.querySelectorAll<HTMLElement>("[data-catalogue-part]")];
  if (!parts().length) return;
  const debounceMs = Number(form.dataset.debounceMs) || 500;
  let timer: number | undefined;
  let inFlight: AbortController | null = null;

  const query = () => {
    const params = new URLSearchParams();
    // FormData includes controls outside the form that name it (the sort select).
    for (const [key, value] of new FormData(form)) if (typeof value === "string" && value !== "") params.append(key, value);
    const text = params.toString();
    return `${form.getAttribute("action") ?? location.pathname}${text ? `?${text}` : ""}`;
  };

  const apply = async () => {
    const url = query();
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    for (const part of parts()) part.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(url, { signal: controller.signal, headers: { Accept: "text/html" } });
      if (!response.ok) throw new Error(String(response.status));
      const next = new DOMParser().parseFromString(await response.text(), "text/html");
      const nextForm = next.getElementById(form.id);
      const swaps = parts().map((part) => [part, next.getElementById(part.id)] as const);
      if (!(nextForm instanceof HTMLFormElement) || swaps.some(([, replacement]) => !replacement)) throw new Error("unexpected page");
      if (controller !== inFlight) return;
      for (const [part, replacement] of swaps) part.replaceWith(document.adoptNode(replacement!));
      syncFields(form, nextForm);
      document.title = next.title;
      history.replaceState(null, "", response.url);
      inFlight = null;
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      window.location.assign(url); // let the server show whatever it has to say
    }
  };

  const schedule = (wait: number) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(apply, wait);
  };
  const isOurs = (target: EventTarget | null) => target instanceof HTMLElement && "form" in target && (target as HTMLInputElement).form === form;

  document.addEventListener("input", (event) => {
    if (isOurs(event.target) && event.target instanceof HTMLInputElement) schedule(debounceMs);
  });
  document.addEventListener("change", (event) => {
    if (!isOurs(event.target)) return;
    if ((event.target as HTMLSelectElement).name === "city") {
      const neighborhood = form.elements.namedItem("neighborhood");
      if (neighborhood instanceof HTMLSelectElement) neighborhood.value = "";
    }
    schedule(event.target instanceof HTMLSelectElement ? 0 : debounceMs);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    schedule(0);
  });
}

/** The server's view of each field (a cleared neighbourhood, a fixed area bound), except where the visitor is typing. */
function syncFields(form: HTMLFormElement, next: HTMLFormElement): void {
  const all = (f: HTMLFormElement) => [...f.elements, ...document.querySelectorAll(`[form="${f.id}"]`)];
  for (const element of all(form)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name || element === document.activeElement) continue;
    const counterpart = next.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${element.name}"]`) ?? next.ownerDocument.querySelector<HTMLInputElement | HTMLSelectElement>(`[form="${form.id}"][name="${element.name}"]`);
    if (!counterpart) continue;
    if (element instanceof HTMLSelectElement && counterpart instanceof HTMLSelectElement) {
      element.innerHTML = counterpart.innerHTML;
      element.disabled = counterpart.disabled;
    }
    element.value = counterpart.value;
    for (const attribute of ["aria-invalid", "aria-describedby"]) {
      const value = counterpart.getAttribute(attribute);
      if (value === null) element.removeAttribute(attribute);
      else element.setAttribute(attribute, value);
    }
  }
  // messages under fields (a bad number: `{field id}-error`) follow the server too
  for (const old of form.querySelectorAll('[id$="-error"]')) if (!next.querySelector(`[id="${old.id}"]`)) old.remove();
  for (const message of [...next.querySelectorAll<HTMLElement>('[id$="-error"]')]) {
    const existing = form.querySelector(`[id="${message.id}"]`);
    const copy = document.adoptNode(message);
    if (existing) existing.replaceWith(copy);
    else form.querySelector(`[id="${message.id.replace(/-error$/, "")}"]`)?.insertAdjacentElement("afterend", copy);
  }
}
