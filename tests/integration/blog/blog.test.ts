import fs from "node:fs";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { keyFromUrl, resolveKey } from "~/modules/files/storage.server";
import { BLOG_MESSAGES, PUBLISH_MIN_TEXT, readingMinutes } from "~/modules/blog/post-schema";
import { articleText, sanitizeArticle } from "~/modules/blog/content.server";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/blog/editor";
import { action as listAction, loader as listLoader } from "~/routes/admin/blog/list";
import { loader as blogLoader } from "~/routes/public/blog";
import { loader as postLoader } from "~/routes/public/blog-post";
import { loader as sitemapLoader } from "~/routes/resources/sitemap";
import { recentPosts } from "~/modules/blog/posts.server";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/** The blog (issue 11, spec 03 §2.9, §5, §8): admin screens and public pages through their route modules, on the real database and disk. */
let admin = "";
const LONG = `<h2>Documentação</h2><p>${"Comprar um imóvel exige atenção a cada etapa do processo. ".repeat(40)}</p><h3>Financiamento</h3><p>${"Compare as taxas de juros antes de assinar. ".repeat(10)}</p><h2>Documentação</h2><p>fim</p>`;

beforeAll(async () => {
  admin = await sessionCookie((await makeAdmin()).id);
});

function multipart(url: string, fields: Record<string, string>, files: Record<string, { data: Buffer; name: string; type: string }> = {}, cookie = admin): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [k, f] of Object.entries(files)) form.set(k, new File([new Uint8Array(f.data)], f.name, { type: f.type }));
  return new Request(`http://localhost${url}`, { method: "POST", body: form, headers: { Cookie: cookie } });
}
const create = (fields: Record<string, string>, files?: Parameters<typeof multipart>[2]) => unwrap(() => editorAction(routeArgs(multipart("/admin/blog/novo", fields, files))));
const slug = () => `artigo-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const rowBySlug = (s: string) => db().selectFrom("blog_posts").selectAll().where("slug", "=", s).executeTakeFirst();

describe("admin blog form", () => {
  it("requires title, slug and content with the spec's message, and saves nothing", async () => {
    const before = (await db().selectFrom("blog_posts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
    const r = await create({ title: "  ", slug: "", content: "" });
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors).toMatchObject({ title: BLOG_MESSAGES.required, slug: BLOG_MESSAGES.required, content: BLOG_MESSAGES.required });
    expect((await db().selectFrom("blog_posts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n).toBe(before);
  });

  it("refuses to publish under 2,000 characters of text, counting the text without tags; a draft is fine", async () => {
    const s = slug();
    const short = `<p><strong>${"a".repeat(1500)}</strong></p>`;
    const r = await create({ title: "Curto", slug: s, content: short, status: "published" });
    expect(r.status).toBe(400);
    expect(reply(r.data).fieldErrors).toMatchObject({ content: "O conteúdo precisa ter pelo menos 2000 caracteres para publicar. Atual: 1500." });
    // everything typed comes back
    expect(reply(r.data).values).toMatchObject({ title: "Curto", slug: s, content: short, status: "published" });
    expect(await rowBySlug(s)).toBeUndefined();
    const draft = await create({ title: "Curto", slug: s, content: short, status: "draft" });
    expect(draft.status).toBe(302);
    expect(await rowBySlug(s)).toMatchObject({ status: "draft", published_at: null });
  });

  it("trims and lower-cases the slug, refuses a malformed or taken one", async () => {
    const s = slug();
    expect((await create({ title: " Título ", slug: `  ${s.toUpperCase()} `, content: "<p>x</p>" })).status).toBe(302);
    expect(await rowBySlug(s)).toMatchObject({ title: "Título", excerpt: null });
    const taken = await create({ title: "Outro", slug: s, content: "<p>x</p>" });
    expect(reply(taken.data).fieldErrors).toMatchObject({ slug: BLOG_MESSAGES.slugTaken });
    const bad = await create({ title: "Outro", slug: "com espaço/e<barra>", content: "<p>x</p>" });
    expect(reply(bad.data).fieldErrors).toMatchObject({ slug: BLOG_MESSAGES.badSlug });
  });

  it("stores content sanitised: no script, handlers or javascript: links", async () => {
    const s = slug();
    const evil = `<p onclick="alert(1)">Oi</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a><iframe src="https://evil.example"></iframe><a href="https://ok.example">ok</a>`;
    expect((await create({ title: "<script>alert(1)</script>", slug: s, content: evil })).status).toBe(302);
    const row = (await rowBySlug(s))!;
    expect(row.content).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(row.content).toContain('<a href="https://ok.example" rel="noopener nofollow" target="_blank">ok</a>');
    // rendering sanitises again, whatever the row holds
    expect(sanitizeArticle(evil)).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
  });

  it("refuses a corrupt cover with a clear message and keeps nothing; a real cover is stored without metadata", async () => {
    const s = slug();
    const corrupt = await create({ title: "Capa", slug: s, content: "<p>x</p>" }, { cover: { data: Buffer.from("não sou imagem"), name: "capa.jpg", type: "image/jpeg" } });
    expect(corrupt.status).toBe(400);
    expect(reply(corrupt.data).fieldErrors).toMatchObject({ cover: "Imagem de capa: arquivo não é uma imagem válida" });
    expect(reply(corrupt.data).values).toMatchObject({ title: "Capa", slug: s });
    expect(reply(corrupt.data).values).not.toHaveProperty("cover");
    expect(await rowBySlug(s)).toBeUndefined();
    const jpeg = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#225588" } }).jpeg().withExif({ IFD0: { Artist: "Autor Secreto" } }).toBuffer();
    expect((await create({ title: "Capa", slug: s, content: "<p>x</p>" }, { cover: { data: jpeg, name: "capa.jpg", type: "image/jpeg" } })).status).toBe(302);
    const row = (await rowBySlug(s))!;
    expect(row.cover_image).toMatch(/^\/uploads\/blog\//);
    const file = resolveKey(keyFromUrl(row.cover_image!)!);
    expect((await sharp(fs.readFileSync(file)).metadata()).exif).toBeUndefined();
    // deleting the post removes its cover
    const deleted = await unwrap(() => listAction(routeArgs(formRequest("/admin/blog", { intent: "delete", id: String(row.id) }, { cookie: admin }))));
    expect(deleted.status).toBe(302);
    expect(await rowBySlug(s)).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
  });

  it("is for admins only", async () => {
    const broker = await sessionCookie((await makeBroker()).userId);
    const r = await unwrap(() => listLoader(routeArgs(getRequest("/admin/blog", { cookie: broker }))));
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/login/);
    const e = await unwrap(() => editorLoader(routeArgs(getRequest("/admin/blog/999999/editar", { cookie: admin }), { id: "999999" })));
    expect(e.status).toBe(404);
  });
});

describe("bad input on the blog form", () => {
  it("refuses impossible dates, tampered options, huge values and wrong types in pt-BR, keeps what was typed, saves nothing", async () => {
    const s = slug();
    const cases: [Record<string, string>, string, string][] = [
      [{ publishedAt: "2026-02-30T10:00" }, "publishedAt", BLOG_MESSAGES.badDate],
      [{ publishedAt: "2026-13-45" }, "publishedAt", BLOG_MESSAGES.badDate],
      [{ publishedAt: "31/04/2026" }, "publishedAt", BLOG_MESSAGES.badDate],
      [{ publishedAt: "amanhã" }, "publishedAt", BLOG_MESSAGES.badDate],
      [{ publishedAt: "9".repeat(5000) }, "publishedAt", BLOG_MESSAGES.badDate],
      [{ status: "publicado" }, "status", "Opção inválida"],
      [{ title: "T".repeat(201) }, "title", "No máximo 200 caracteres"],
      [{ excerpt: "R".repeat(501) }, "excerpt", "No máximo 500 caracteres"],
      [{ slug: "'; drop table blog_posts; --" }, "slug", BLOG_MESSAGES.badSlug],
    ];
    for (const [fields, field, message] of cases) {
      const sent = { title: "Título válido", slug: s, content: "<p>texto</p>", status: "draft", ...fields };
      const r = await create(sent);
      expect(r.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      const answer = reply(r.data);
      expect(answer.fieldErrors[field]).toBe(message);
      expect(JSON.stringify(answer)).not.toMatch(/expected|Invalid|Too (big|small)/);
      expect(answer.values).toMatchObject(sent);
    }
    expect(await rowBySlug(s)).toBeUndefined();
    // a cover over 5 MB: refused beside the field, nothing stored
    const big = await create({ title: "Capa grande", slug: s, content: "<p>x</p>" }, { cover: { data: Buffer.alloc(5 * 1024 * 1024 + 1), name: "capa.jpg", type: "image/jpeg" } });
    expect(reply(big.data).fieldErrors).toEqual({ cover: BLOG_MESSAGES.coverTooLarge });
    expect(reply(big.data).values).toMatchObject({ title: "Capa grande" });
    expect(await rowBySlug(s)).toBeUndefined();
  });
});

describe("scheduled posts (a future publication moment)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stay off /blog, their page, the recent list and the sitemap until their moment, then appear (clock fixed on both sides)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-03-11T06:00:00Z"));
    // a session of that morning (the suite's own would have expired years before)
    const cookie = await sessionCookie((await makeAdmin()).id);
    const s = slug();
    // 2031-03-11 09:00 in São Paulo is 12:00 UTC
    const r = await unwrap(() => editorAction(routeArgs(multipart("/admin/blog/novo", { title: "Agendado", slug: s, content: LONG, status: "published", publishedAt: "2031-03-11T09:00" }, {}, cookie))));
    expect(r.status).toBe(302);
    const row = (await rowBySlug(s))!;
    expect(row).toMatchObject({ status: "published", published_at: "2031-03-11T12:00:00.000Z" });

    const visible = async () => {
      const list = await unwrap(() => blogLoader(routeArgs(getRequest("/blog"))));
      const inList = !!(list.data && "list" in list.data && list.data.list?.posts.some((p) => p.slug === s));
      const page = await unwrap(() => postLoader(routeArgs(getRequest(`/blog/${s}`), { slug: s })));
      const xml = await ((await sitemapLoader(routeArgs(getRequest("/sitemap.xml")))) as Response).text();
      const recent = (await recentPosts(null, 50)).some((p) => p.slug === s);
      return { inList, page: page.status, sitemap: xml.includes(`/blog/${s}<`), recent };
    };
    // one minute before: scheduled
    vi.setSystemTime(new Date("2031-03-11T11:59:00Z"));
    expect(await visible()).toEqual({ inList: false, page: 404, sitemap: false, recent: false });
    const adminList = await unwrap(() => listLoader(routeArgs(getRequest("/admin/blog", { cookie }))));
    expect(adminList.data!.posts.find((p) => p.slug === s)).toMatchObject({ scheduled: true });
    // at its moment: public
    vi.setSystemTime(new Date("2031-03-11T12:00:00Z"));
    expect(await visible()).toEqual({ inList: true, page: 200, sitemap: true, recent: true });
    const adminAfter = await unwrap(() => listLoader(routeArgs(getRequest("/admin/blog", { cookie }))));
    expect(adminAfter.data!.posts.find((p) => p.slug === s)).toMatchObject({ scheduled: false });
  });

  it("a plain date means midnight at the agency; no date means now; a draft has no date", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-05-01T15:00:00Z"));
    const cookie = await sessionCookie((await makeAdmin()).id);
    const create = (fields: Record<string, string>) => unwrap(() => editorAction(routeArgs(multipart("/admin/blog/novo", fields, {}, cookie))));
    const a = slug();
    await create({ title: "Data simples", slug: a, content: LONG, status: "published", publishedAt: "2031-05-02" });
    expect((await rowBySlug(a))!.published_at).toBe("2031-05-02T03:00:00.000Z");
    const b = slug();
    await create({ title: "Agora", slug: b, content: LONG, status: "published", publishedAt: "" });
    expect((await rowBySlug(b))!.published_at).toBe("2031-05-01T15:00:00.000Z");
    const c = slug();
    await create({ title: "Rascunho", slug: c, content: LONG, status: "draft", publishedAt: "2031-05-09T10:00" });
    expect((await rowBySlug(c))!.published_at).toBeNull();
  });
});

describe("public blog", () => {
  it("lists published posts, serves one with its contents table and reading time, hides drafts, and lists it in the sitemap", async () => {
    const s = slug();
    const r = await create({ title: "Guia do comprador", slug: s, excerpt: "Tudo sobre a compra.", content: LONG, status: "published", publishedAt: "2026-11-20" });
    expect(r.status).toBe(302);
    const list = await unwrap(() => blogLoader(routeArgs(getRequest("/blog"))));
    expect(list.data && "list" in list.data && list.data.list?.posts.map((p) => p.slug)).toContain(s);

    const page = await unwrap(() => postLoader(routeArgs(getRequest(`/blog/${s}?ref=11111111-2222-4333-8444-555555555555`), { slug: s })));
    expect(page.status).toBe(200);
    const post = page.data!.post;
    expect(post.toc).toEqual([
      { id: "documentacao", text: "Documentação", level: 2 },
      { id: "financiamento", text: "Financiamento", level: 3 },
      { id: "documentacao-2", text: "Documentação", level: 2 },
    ]);
    expect(post.html).toContain('<h2 id="documentacao">');
    expect(post.minutes).toBe(readingMinutes(articleText(LONG)));
    expect(post.minutes).toBeGreaterThanOrEqual(2);
    expect(post.publishedAt?.slice(0, 10)).toBe("2026-11-20");
    expect(page.data!.ref).toBe("11111111-2222-4333-8444-555555555555");
    expect(page.data!.seo).toMatchObject({ title: "Guia do comprador", description: "Tudo sobre a compra.", type: "article" });

    const draftSlug = slug();
    await create({ title: "Rascunho", slug: draftSlug, content: LONG, status: "draft" });
    expect((await unwrap(() => postLoader(routeArgs(getRequest(`/blog/${draftSlug}`), { slug: draftSlug })))).status).toBe(404);

    const sitemap = await (sitemapLoader(routeArgs(getRequest("/sitemap.xml"))) as Promise<Response>);
    const xml = await sitemap.text();
    expect(xml).toContain(`/blog/${s}</loc>`);
    expect(xml).not.toContain(`/blog/${draftSlug}<`);
  });

  it("reading time is words / 200 rounded up, at least 1", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("palavra ".repeat(200))).toBe(1);
    expect(readingMinutes("palavra ".repeat(201))).toBe(2);
    expect(PUBLISH_MIN_TEXT).toBe(2000);
  });
});
