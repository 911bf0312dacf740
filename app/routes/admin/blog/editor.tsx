import { getInputProps } from "@conform-to/react";
import { useState } from "react";
import { Form, data, useNavigation } from "react-router";
import { Alert, Button, Card, Field, PageHeader } from "~/components/ui";
import { CheckboxField, FormSummary, SelectField, TextAreaField, TextField, formProps, useAppForm } from "~/components/ui/form";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { BLOG_MESSAGES, BLOG_STATUS_LABELS, COVER_MAX_BYTES, PUBLISH_MIN_TEXT, blogPostSchema, isScheduled } from "~/modules/blog/post-schema";
import { BlogPostError, findPostForEdit, savePost } from "~/modules/blog/posts.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { dateTimeInputValue, formatDateTime } from "~/utils/clock";
import { parseRecordId } from "~/utils/query-schema";
import { slugify } from "~/utils/slug";
import { discardFiles, fileOf, readFormWithFiles } from "~/modules/files/multipart.server";
import type { Route } from "./+types/editor";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.post ? "Editar artigo" : "Novo artigo"} | Administração` }, { name: "robots", content: "noindex" }];

/** /admin/blog/novo and /admin/blog/{id}/editar: one form for both. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  if (params.id === undefined) return { post: null };
  const id = parseRecordId(params.id);
  const post = id === null ? null : await findPostForEdit(user, id);
  if (!post) throw data({ message: BLOG_MESSAGES.notFound }, { status: 404 });
  return { post };
}

/** The cover never comes back in a reply (a browser cannot refill a file field). */
const HIDDEN = ["cover"];

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = params.id === undefined ? null : parseRecordId(params.id);
  if (params.id !== undefined && id === null) throw data({ message: BLOG_MESSAGES.notFound }, { status: 404 });
  // the form is multipart (the cover): the upload reader streams the cover to disk, the fields go through the pipeline
  const read = await readFormWithFiles(request, { maxRequestBytes: COVER_MAX_BYTES + 2 * 1024 * 1024, files: { cover: { maxBytes: COVER_MAX_BYTES, maxFiles: 1 } }, maxFieldBytes: 1024 * 1024 });
  try {
    const submission = await parseSubmission(read.fields, blogPostSchema);
    if (read.problem) {
      const message = read.problem === "too-large" ? BLOG_MESSAGES.coverTooLarge : "Envio incompleto ou inválido: confira os campos e envie de novo.";
      return replyWithErrors(submission, { fieldErrors: { cover: [message] }, hideFields: HIDDEN }, read.problem === "too-large" ? 413 : 400);
    }
    if (submission.status !== "success") return replyWithErrors(submission, { hideFields: HIDDEN });
    const { cover: _unused, ...input } = submission.value;
    try {
      await savePost(user, id, input, fileOf(read, "cover"));
    } catch (error) {
      if (error instanceof BlogPostError) return replyWithErrors(submission, { fieldErrors: { [error.field]: [error.message] }, hideFields: HIDDEN });
      throw error;
    }
  } finally {
    await discardFiles(read.files);
  }
  return redirectWithToast("/admin/blog", { type: "success", message: BLOG_MESSAGES.saved });
}

const STATUS_OPTIONS = (Object.keys(BLOG_STATUS_LABELS) as (keyof typeof BLOG_STATUS_LABELS)[]).map((s) => ({ value: s, label: BLOG_STATUS_LABELS[s] }));

export default function BlogEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  const [form, fields] = useAppForm(blogPostSchema, {
    shouldValidate: "onSubmit",
    id: "post",
    lastResult: actionData,
    defaultValue: post
      ? { title: post.title, slug: post.slug, excerpt: post.excerpt ?? "", content: post.content, status: post.status, publishedAt: dateTimeInputValue(post.published_at) }
      : { status: "draft" },
  });
  const saving = useNavigation().state === "submitting";
  // With JavaScript the slug follows the title until it is edited by hand.
  const [slugTouched, setSlugTouched] = useState(Boolean(post?.slug));
  const [textLength, setTextLength] = useState<number | null>(null);
  return (
    <>
      <PageHeader title={post ? "Editar artigo" : "Novo artigo"} backTo="/admin/blog" />
      {post && isScheduled(post) ? (
        <Alert tone="info" className="mb-4">
          Agendado: este artigo aparece no site em {formatDateTime(post.published_at)}.
        </Alert>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...formProps(form)} className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <FormSummary form={form} className="lg:col-span-2" />
        <Card className="min-w-0 space-y-4 p-5">
          <TextField
            meta={fields.title}
            label="Título"
            inputProps={{
              maxLength: 200,
              onChange: (e) => {
                if (!slugTouched) form.update({ name: fields.slug.name, value: slugify(e.currentTarget.value) });
              },
            }}
          />
          <TextField
            meta={fields.slug}
            label="Slug"
            hint="Endereço do artigo: /blog/seu-slug (letras minúsculas, números e hífens)."
            inputProps={{ maxLength: 120, onChange: () => setSlugTouched(true) }}
          />
          <TextAreaField meta={fields.excerpt} label="Resumo" hint="Opcional: aparece na lista do blog e nas prévias de links." textareaProps={{ rows: 2, maxLength: 500 }} />
          <TextAreaField
            meta={fields.content}
            label="Conteúdo (HTML)"
            hint={`Use <h2> e <h3> para as seções (formam o sumário), <p>, listas, links e imagens. Para publicar: pelo menos ${PUBLISH_MIN_TEXT} caracteres de texto${textLength === null ? "" : ` (atual: ${textLength})`}.`}
            textareaProps={{
              rows: 18,
              className: "font-mono text-sm",
              onChange: (e) => setTextLength(e.currentTarget.value.replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim().length),
            }}
          />
        </Card>
        <div className="min-w-0 space-y-4">
          <Card className="space-y-4 p-5">
            <SelectField meta={fields.status} label="Status" options={STATUS_OPTIONS} />
            <TextField
              meta={fields.publishedAt}
              type="datetime-local"
              label="Data de publicação"
              hint="Vazio: agora, ao publicar. Uma data futura agenda o artigo: ele só aparece no site a partir dela."
            />
          </Card>
          <Card className="space-y-3 p-5">
            <Field label="Imagem de capa" htmlFor={fields.cover.id} error={fields.cover.errors} hint={`JPG, PNG ou WebP até ${COVER_MAX_BYTES / 1024 / 1024} MB.`}>
              <input {...getInputProps(fields.cover, { type: "file", ariaAttributes: true })} accept="image/jpeg,image/png,image/webp" className="block w-full max-w-full text-sm" />
            </Field>
            {post?.cover_image ? (
              <div className="space-y-2">
                <img src={post.cover_image} alt="Capa atual" className="aspect-video w-full rounded-lg object-cover" />
                <CheckboxField meta={fields.removeCover} label="Remover capa" />
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
