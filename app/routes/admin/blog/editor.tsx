import { dateInputValue } from "~/utils/clock";
import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { Alert, Button, Card, Field, Input, PageHeader, Select, Textarea, buttonClass } from "~/components/ui";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { BlogPostError, findPostForEdit, savePost } from "~/modules/blog/posts.server";
import { BLOG_MESSAGES, BLOG_STATUS_LABELS, COVER_MAX_BYTES, PUBLISH_MIN_TEXT, blogPostSchema } from "~/modules/blog/post-schema";
import { slugify } from "~/utils/slug";
import type { Route } from "./+types/editor";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.post ? "Editar artigo" : "Novo artigo"} | Administração` }, { name: "robots", content: "noindex" }];

type Values = { title: string; slug: string; excerpt: string; content: string; status: "draft" | "published"; publishedAt: string; coverImage: string | null };
type Errors = Partial<Record<"title" | "slug" | "excerpt" | "content" | "cover" | "publishedAt" | "form", string>>;

function postId(params: { id?: string }): number | null {
  return params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : null;
}

/** /admin/blog/novo and /admin/blog/{id}/editar: one form for both. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  if (params.id === undefined) return { post: null };
  const id = postId(params);
  const post = id === null ? null : await findPostForEdit(user, id);
  if (!post) throw data({ message: BLOG_MESSAGES.notFound }, { status: 404 });
  return { post };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = params.id === undefined ? null : postId(params);
  if (params.id !== undefined && id === null) throw data({ message: BLOG_MESSAGES.notFound }, { status: 404 });
  const form = await request.formData();
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const values: Values = {
    title: text("title"),
    slug: text("slug"),
    excerpt: text("excerpt"),
    content: text("content"),
    status: text("status") === "published" ? "published" : "draft",
    publishedAt: text("publishedAt"),
    coverImage: null,
  };
  const parsed = blogPostSchema.safeParse({ ...values, removeCover: form.get("removeCover") });
  if (!parsed.success) {
    const errors: Errors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as keyof Errors;
      errors[field] ??= issue.message;
    }
    return data({ values, errors }, { status: 400 });
  }
  const cover = form.get("cover");
  try {
    await savePost(user, id, parsed.data, cover instanceof File ? cover : null);
  } catch (error) {
    if (error instanceof BlogPostError) return data({ values, errors: { [error.field]: error.message } as Errors }, { status: 400 });
    throw error;
  }
  return redirectWithToast("/admin/blog", { type: "success", message: BLOG_MESSAGES.saved });
}

export default function BlogEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  const errors: Errors = actionData?.errors ?? {};
  const initial: Values = actionData?.values ?? {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    excerpt: post?.excerpt ?? "",
    content: post?.content ?? "",
    status: post?.status ?? "draft",
    publishedAt: dateInputValue(post?.published_at ?? null),
    coverImage: post?.cover_image ?? null,
  };
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  // With JavaScript the slug follows the title until it is edited by hand.
  const [title, setTitle] = useState(initial.title);
  const [slug, setSlug] = useState(initial.slug);
  const [slugTouched, setSlugTouched] = useState(Boolean(initial.slug));
  const [textLength, setTextLength] = useState<number | null>(null);
  const problems = Object.entries(errors).filter(([, m]) => m);

  return (
    <>
      <PageHeader
        title={post ? "Editar artigo" : "Novo artigo"}
        actions={
          <Link to="/admin/blog" className={buttonClass("secondary")}>
            Voltar
          </Link>
        }
      />
      {problems.length ? (
        <Alert tone="danger" title="Corrija os campos abaixo" className="mb-4">
          <ul className="list-disc pl-5">
            {problems.map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="grid gap-4 lg:grid-cols-[1fr_18rem]" noValidate>
        <Card className="space-y-4 p-5">
          <Field label="Título" htmlFor="title" error={errors.title}>
            <Input
              id="title"
              name="title"
              required
              maxLength={200}
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                if (!slugTouched) setSlug(slugify(e.target.value));
              }}
            />
          </Field>
          <Field label="Slug" htmlFor="slug" error={errors.slug} hint="Endereço do artigo: /blog/seu-slug (letras minúsculas, números e hífens).">
            <Input
              id="slug"
              name="slug"
              required
              maxLength={120}
              value={slug}
              onChange={(e) => {
                setSlug(e.target.value);
                setSlugTouched(true);
              }}
            />
          </Field>
          <Field label="Resumo" htmlFor="excerpt" error={errors.excerpt} hint="Opcional: aparece na lista do blog e nas prévias de links.">
            <Textarea id="excerpt" name="excerpt" rows={2} maxLength={500} defaultValue={initial.excerpt} />
          </Field>
          <Field
            label="Conteúdo (HTML)"
            htmlFor="content"
            error={errors.content}
            hint={`Use <h2> e <h3> para as seções (formam o sumário), <p>, listas, links e imagens. Para publicar: pelo menos ${PUBLISH_MIN_TEXT} caracteres de texto${textLength === null ? "" : ` (atual: ${textLength})`}.`}
          >
            <Textarea
              id="content"
              name="content"
              rows={18}
              required
              className="font-mono text-sm"
              defaultValue={initial.content}
              onChange={(e) => setTextLength(e.target.value.replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim().length)}
            />
          </Field>
        </Card>
        <div className="space-y-4">
          <Card className="space-y-4 p-5">
            <Field label="Status" htmlFor="status">
              <Select id="status" name="status" defaultValue={initial.status}>
                {(Object.keys(BLOG_STATUS_LABELS) as (keyof typeof BLOG_STATUS_LABELS)[]).map((s) => (
                  <option key={s} value={s}>
                    {BLOG_STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Data de publicação" htmlFor="publishedAt" error={errors.publishedAt} hint="Vazio: a data de hoje ao publicar.">
              <Input id="publishedAt" name="publishedAt" type="date" defaultValue={initial.publishedAt} />
            </Field>
          </Card>
          <Card className="space-y-3 p-5">
            <Field label="Imagem de capa" htmlFor="cover" error={errors.cover} hint={`JPG, PNG ou WebP até ${COVER_MAX_BYTES / 1024 / 1024} MB.`}>
              <Input id="cover" name="cover" type="file" accept="image/jpeg,image/png,image/webp" />
            </Field>
            {initial.coverImage ? (
              <div className="space-y-2">
                <img src={initial.coverImage} alt="Capa atual" className="aspect-video w-full rounded-lg object-cover" />
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" name="removeCover" value="on" className="size-4" /> Remover capa
                </label>
              </div>
            ) : null}
          </Card>
          <Button type="submit" className="w-full" pending={saving}>
            Salvar
          </Button>
        </div>
      </Form>
    </>
  );
}
