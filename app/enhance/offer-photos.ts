import { offerPhotoProblems } from "~/modules/offers/offer-rules";

/**
 * /anuncie's photo input (components/public/offer-form.tsx): too many or
 * too large photos are said beside the input as soon as they are chosen,
 * and the form is not sent with them (a 60 MB upload refused afterwards
 * would waste the owner's data plan). The server checks everything again.
 */
export function enhanceOfferPhotos(input: HTMLInputElement): void {
  const check = (): string[] => {
    const problems = offerPhotoProblems(Array.from(input.files ?? []));
    render(input, problems);
    return problems;
  };
  input.addEventListener("change", check);
  input.form?.addEventListener("submit", (event) => {
    if (!check().length) return;
    event.preventDefault();
    input.focus();
  });
}

function render(input: HTMLInputElement, problems: string[]): void {
  const id = `${input.id}-check`;
  let list = document.getElementById(id);
  if (!problems.length) {
    list?.remove();
    if (input.getAttribute("aria-describedby") === id) {
      input.removeAttribute("aria-describedby");
      input.removeAttribute("aria-invalid");
    }
    return;
  }
  if (!list) {
    list = document.createElement("ul");
    list.id = id;
    list.setAttribute("role", "alert");
    list.className = "mt-1 list-disc space-y-1 pl-5 text-sm text-danger-700";
    input.insertAdjacentElement("afterend", list);
  }
  list.replaceChildren(
    ...problems.map((message) => {
      const item = document.createElement("li");
      item.textContent = message;
      return item;
    }),
  );
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", id);
}
