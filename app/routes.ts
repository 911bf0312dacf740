import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * The site map. Pathless layouts keep the public site (header and footer),
 * the admin area and the broker area apart; resource routes (files, XML,
 * sitemap, health) sit at the end.
 */
/** An editor's two addresses in one file: `<base>novo` creates, `<base>:id/editar` edits (route ids `<id>-new` and `<id>-edit`). */
function editorRoutes(base: string, file: string, id: string) {
  return [route(`${base}novo`, file, { id: `${id}-new` }), route(`${base}:id/editar`, file, { id: `${id}-edit` })];
}

export default [
  // ── public site, with header and footer ───────────────────────────────
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("imoveis", "routes/public/catalogue.tsx", { id: "catalogue-all" }),
    // ── map of results (issue 28): the catalogue's filters on a map; static, so it wins over any imoveis/… pattern ──
    route("imoveis/mapa", "routes/public/catalogue-map.tsx"),
    route("buscar", "routes/public/catalogue.tsx", { id: "catalogue-search" }),
    route("alugar", "routes/public/catalogue.tsx", { id: "catalogue-rent" }),
    route("categoria/:type", "routes/public/catalogue.tsx", { id: "catalogue-category" }),
    route("imovel/:slugOrId", "routes/public/property.tsx"),
    route("sobre", "routes/public/about.tsx"),
    route("contato", "routes/public/contact.tsx"),
    route("privacidade", "routes/public/privacy.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:slug", "routes/public/blog-post.tsx"),
    route("corretor/:brokerUrl", "routes/public/broker-link.tsx"),
    // ── saved-search alerts (issue 28): subscribe, double opt-in, unsubscribe ──
    route("alertas", "routes/public/alerts.tsx"),
    route("alertas/confirmar/:token", "routes/public/alert-confirm.tsx"),
    route("alertas/cancelar/:token", "routes/public/alert-cancel.tsx"),
    // ── portal feeds: documentation of the fixed feed URLs ──
    route("xml-docs", "routes/public/xml-docs.tsx"),
    // ── visitor features (issue 28): favourites, comparison, financing simulator ──
    route("favoritos", "routes/public/favourites.tsx"),
    route("comparar", "routes/public/compare.tsx"),
    route("simulador", "routes/public/simulator.tsx"),
    // ── 'Anuncie seu imóvel' (issue 28): an owner offers a property (a 'captacao' lead) ──
    route("anuncie", "routes/public/offer.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // ── public, without header and footer ─────────────────────────────────
  route("obrigado", "routes/public/thanks.tsx"),
  route("imovel/:slugOrId/fotos/:photo", "routes/public/property-photos.tsx"),

  // ── sign-in ────────────────────────────────────────────────────────────
  route("login", "routes/auth/admin-login.tsx", { id: "admin-login" }),
  route("login-emergencia", "routes/auth/admin-login.tsx", { id: "admin-login-emergency" }),
  route("logout", "routes/auth/logout.tsx"),

  // ── admin area ─────────────────────────────────────────────────────────
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      layout("routes/admin/properties/list.tsx", [
        index("routes/admin/properties/list-index.tsx"),
        ...editorRoutes("imoveis/", "routes/admin/properties/editor.tsx", "admin-property"),
      ]),
      route("whatsapp", "routes/admin/whatsapp.tsx"),
      // ── broker management (issue 10) ──
      route("corretores", "routes/admin/brokers/list.tsx"),
      ...editorRoutes("corretores/", "routes/admin/brokers/editor.tsx", "admin-broker"),
      route("brokers", "routes/admin/brokers/legacy.ts", { id: "admin-brokers-legacy" }),
      route("brokers/*", "routes/admin/brokers/legacy.ts", { id: "admin-brokers-legacy-rest" }),
      // ── CRM admins (spec 03 §2.11) ──
      route("crm", "routes/admin/crm.tsx"),
      // ── roulette and webhooks (issue 10) ──
      route("roleta", "routes/admin/roulette.tsx"),
      route("webhook", "routes/admin/webhooks/webhooks.tsx"),
      route("webhook/export.json", "routes/admin/webhooks/export.ts"),
      route("webhooks", "routes/admin/webhooks/legacy.ts"),
      // the admin area's periodic session check (spec 03 §2.8, §6)
      route("sessao", "routes/admin/session.ts"),
      // ── blog (issue 11) ──
      route("blog", "routes/admin/blog/list.tsx"),
      ...editorRoutes("blog/", "routes/admin/blog/editor.tsx", "admin-blog"),
      // ── CRM leads (issue 8): the admin lead tab ──
      route("contacts", "routes/admin/contacts.tsx"),
      route("contacts/export.csv", "routes/resources/csv/export.ts", { id: "admin-contacts-export" }),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  // ── broker area ────────────────────────────────────────────────────────
  ...prefix("broker", [
    route("login", "routes/broker/login.tsx"),
    route("forgot-password", "routes/broker/forgot-password.tsx"),
    route("reset-password", "routes/broker/reset-password.tsx"),
    route("bloqueado", "routes/broker/blocked.tsx"),
    route("whatsapp/modelo.csv", "routes/resources/csv/campaign-template.ts"),
    route("sidebar", "routes/broker/sidebar.ts"),
    layout("routes/broker/layout.tsx", [
      index("routes/broker/index.tsx"),
      route("dashboard", "routes/broker/dashboard.tsx"),
      route("properties", "routes/broker/properties/catalogue.tsx", [
        ...editorRoutes("", "routes/broker/properties/editor.tsx", "broker-property"),
      ]),
      // WhatsApp: instance pairing, campaign sender and monitor (issue 12)
      route("whatsapp", "routes/broker/messaging/whatsapp.tsx"),
      route("whatsapp/sender", "routes/broker/messaging/sender.tsx"),
      route("whatsapp/campaign/:id", "routes/broker/messaging/campaign.tsx"),
      route("campaigns", "routes/broker/messaging/campaigns.tsx"),
      // ── CRM board and broker panel (issue 9) ──
      route("cursos", "routes/broker/courses.tsx"),
      route("roleta", "routes/broker/roulette.tsx"),
      route("settings", "routes/broker/settings.tsx"),
      route("admin", "routes/broker/admin.tsx"),
      route("crm/stages", "routes/broker/crm/stages.tsx"),
      route("crm/activities", "routes/broker/crm/activities.tsx"),
      route("crm", "routes/broker/crm/board.tsx", [
        route("novo-lead", "routes/broker/crm/new-lead.tsx"),
        route("oportunidade", "routes/broker/crm/new-deal.tsx"),
        route("atividade/:card", "routes/broker/crm/schedule-activity.tsx"),
      ]),
      // ── end CRM board ──
      // ── CRM leads (issue 8): list, lead page, CSV, bulk e-mail ─────────
      route("leads", "routes/broker/leads/list.tsx"),
      route("leads/bulk-email", "routes/broker/leads/bulk-email.ts"),
      route("leads/export.csv", "routes/resources/csv/export.ts"),
      route("leads/import", "routes/broker/leads/import.tsx"),
      route("leads/import/:token", "routes/broker/leads/import-mapping.tsx"),
      route("leads/import/:token/run", "routes/resources/csv/import.ts"),
      route("lead", "routes/broker/leads/simple-list.tsx"),
      route("lead/:id", "routes/broker/leads/lead.tsx"),
      route("crm/deal/:id", "routes/broker/leads/deal-redirect.tsx"),
      route("email", "routes/broker/messaging/email.tsx"),
      // the broker area's periodic session check (also for a CRM admin on /admin/crm)
      route("sessao", "routes/broker/session.ts"),
      route("*", "routes/broker/not-found.tsx"),
    ]),
  ]),

  // ── resources ──────────────────────────────────────────────────────────
  route("healthz", "routes/resources/healthz.ts"),
  route("uploads/*", "routes/resources/uploads.ts"),
  // private files, by id, for the signed-in back office (issue 23)
  route("arquivos/materiais/:id", "routes/resources/material-file.ts"),
  route("arquivos/rascunhos/:draft/:file", "routes/resources/draft-photo.ts"),
  route("arquivos/captacao/:photo", "routes/resources/offer-photo.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("og/imovel/:file", "routes/resources/og-image.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  // ── portal feeds (issue 11): VRSync, Chaves na Mão and our own, ?id= for one property;
  //    /xml (viewer of the raw feed); /integracao-xml (admin, in the admin shell) with the CSV of feed URLs ──
  route("xml/:portal", "routes/resources/feeds/feed.ts"),
  route("xml", "routes/public/xml-viewer.tsx"),
  layout("routes/admin/layout.tsx", { id: "admin-layout-feeds" }, [route("integracao-xml", "routes/admin/feeds.tsx")]),
  route("integracao-xml/urls.csv", "routes/resources/feeds/urls-csv.ts"),
  // ── end portal feeds ──
  // the WhatsApp gateway's events (connection, QR, delivery receipts, replies), checked per instance
  route("webhooks/whatsapp/:instance", "routes/resources/whatsapp-webhook.ts"),
  // leads pushed by ZAP Imóveis and VivaReal, behind the admin's secret address (issue 10)
  route("api/portais/leads/:token", "routes/resources/portal-leads.ts"),
] satisfies RouteConfig;
