/**
 * The heart toggles in place (issue 28): the same POST as without
 * JavaScript, sent with fetch; the redirect it answers is not followed
 * (the cookie is set by the response). Every heart of the same property on
 * the page and the header's count follow.
 */
export function enhanceFavouriteForm(form: HTMLFormElement): void {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>("button[aria-pressed]");
    const save = form.elements.namedItem("save") as HTMLInputElement | null;
    const id = (form.elements.namedItem("propertyId") as HTMLInputElement | null)?.value;
    if (!button || !save || !id || button.disabled) return;
    const saving = save.value === "1";
    button.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        redirect: "manual",
        credentials: "same-origin",
      });
      // a redirect (opaque with "manual") is the success answer
      if (response.type !== "opaqueredirect" && !response.ok) throw new Error(`favoritos: ${response.status}`);
      for (const other of document.querySelectorAll<HTMLFormElement>("form[data-favourite-form]")) {
        if ((other.elements.namedItem("propertyId") as HTMLInputElement | null)?.value === id) setState(other, saving);
      }
      const count = document.querySelector<HTMLElement>("[data-favourite-count]");
      const link = document.querySelector<HTMLElement>("[data-favourite-link]");
      if (count && link) {
        const n = Math.max(0, Number(count.textContent) + (saving ? 1 : -1));
        count.textContent = String(n);
        link.setAttribute("aria-label", `Favoritos (${n})`);
        link.querySelector("[data-heart]")?.setAttribute("fill", n > 0 ? "currentColor" : "none");
      }
    } catch (error) {
      console.error(error);
      form.submit();
    } finally {
      button.disabled = false;
    }
  });
}

function setState(form: HTMLFormElement, saved: boolean): void {
  const button = form.querySelector<HTMLButtonElement>("button[aria-pressed]");
  const save = form.elements.namedItem("save") as HTMLInputElement | null;
  if (!button || !save) return;
  save.value = saved ? "0" : "1";
  button.setAttribute("aria-pressed", String(saved));
  const name = button.querySelector("[data-favourite-name]");
  if (name) name.textContent = (saved ? button.dataset.labelRemove : button.dataset.labelAdd) ?? "";
  button.title = saved ? "Remover dos favoritos" : "Salvar nos favoritos";
  button.querySelector("[data-heart]")?.setAttribute("fill", saved ? "currentColor" : "none");
  const text = button.querySelector("[data-favourite-text]");
  if (text) text.textContent = saved ? "Salvo nos favoritos" : "Favoritar";
}
