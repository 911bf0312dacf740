import { DEMO, expect, ready, test } from "./fixtures";
import { demoBrokerId, demoPropertyPath } from "./catalogue-helpers";

/** What a visitor on a phone tripped on (issue 13), with JavaScript on and off. */
test.describe("a visitor on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a broker's ref is kept for the whole visit, even on a page opened without it, and /contato shows her card", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    const ana = await demoBrokerId(DEMO.broker.email);
    await page.goto(`/imoveis?ref=${ana}`);
    await ready(page, jsEnabled);
    // a bare address (a bookmark, a typed URL, a link that forgot it) gets the ref back
    await page.goto("/privacidade");
    await expect(page).toHaveURL(`/privacidade?ref=${ana}`);
    await page.locator("main").getByRole("link", { name: "contato", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/contato\\?ref=${ana}`));
    await expect(page.getByTestId("broker-card")).toContainText("Ana Souza");
    await expect(page.locator("#lead-form a[href^='/privacidade']")).toHaveAttribute("href", `/privacidade?ref=${ana}`);

    // the property page's share links carry it too
    await page.goto(await demoPropertyPath());
    await expect(page).toHaveURL(new RegExp(`\\?ref=${ana}$`));
    await expect(page.getByRole("link", { name: "Compartilhar no WhatsApp" })).toHaveAttribute("href", new RegExp(encodeURIComponent(`?ref=${ana}`).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(page.locator("button[data-copy]")).toHaveAttribute("data-copy", new RegExp(`\\?ref=${ana}$`));
  });

  test("a property page has a contact bar: 'Enviar mensagem' reaches the form, WhatsApp carries the listing's link", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    const path = await demoPropertyPath();
    await page.goto(path);
    await ready(page, jsEnabled);
    const bar = page.getByTestId("contact-bar");
    await expect(bar).toBeInViewport();
    await expect(bar.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/55\\d+\\?text=.*${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    await bar.getByRole("link", { name: "Enviar mensagem" }).click();
    await expect(page.getByLabel("Nome", { exact: true })).toBeInViewport();
  });

  test("the menu opens without JavaScript, and with it closes on Escape and on a tap outside", { tag: "@no-js" }, async ({ page, jsEnabled }) => {
    await page.goto("/sobre");
    await ready(page, jsEnabled);
    const menu = page.getByRole("navigation", { name: "Principal (celular)" });
    await page.getByText("Menu", { exact: true }).click();
    await expect(menu).toBeVisible();
    if (!jsEnabled) {
      await menu.getByRole("link", { name: "Contato" }).click();
      await expect(page).toHaveURL(/\/contato$/);
      await expect(page.getByRole("navigation", { name: "Principal (celular)" })).toBeHidden();
      return;
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    await expect(menu).toBeVisible();
    await page.mouse.click(30, 760); // a tap on the page below the open menu
    await expect(menu).toBeHidden();
  });
});
