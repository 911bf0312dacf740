import { Link, useNavigation } from "react-router";
import { Badge, PageHeader, PageProblem, buttonClass } from "~/components/ui";
import { ConfirmDelete } from "~/components/ui/confirm-modal";
import { formErrorOf } from "~/components/ui/form";
import { ListScreen } from "~/components/ui/list-screen";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { BLOG_MESSAGES, BLOG_STATUS_LABELS, SCHEDULED_LABEL, blogListActionSchema, isScheduled } from "~/modules/blog/post-schema";
import { deletePost, listAllPosts } from "~/modules/blog/posts.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { formatDate, formatDateTime } from "~/utils/clock";
import { getErrorMessage } from "~/utils/errors";
import { parseRecordId } from "~/utils/query-schema";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Blog | Administração" }, { name: "robots", content: "noindex" }];

/** /admin/blog (spec 03 §2.9): every post, newest created first; ?confirmDelete={id} opens the confirmation (works without JavaScript). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const confirmId = parseRecordId(new URL(request.url).searchParams.get("confirmDelete"));
  const now = Date.now();
  try {
    const posts = (await listAllPosts(user)).map((p) => ({ ...p, scheduled: isScheduled(p, new Date(now)) }));
    return { posts, confirm: posts.find((p) => p.id === confirmId) ?? null, error: null as string | null };
  } catch (error) {
    return { posts: [], confirm: null, error: BLOG_MESSAGES.loadFailed(getErrorMessage(error)) as string };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const submission = await parseSubmission(request, blogListActionSchema);
  if (submission.status !== "success") return replyWithErrors(submission, { formErrors: [BLOG_MESSAGES.notFound] });
  if (!(await deletePost(user, submission.value.id))) return replyWithErrors(submission, { formErrors: [BLOG_MESSAGES.notFound] }, 404);
  return redirectWithToast("/admin/blog", { type: "success", message: BLOG_MESSAGES.deleted });
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, confirm, error } = loaderData;
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const problem = error ?? formErrorOf(actionData);
  return (
    <>
      <PageHeader
        title="Blog"
        subtitle={`${posts.length} ${posts.length === 1 ? "artigo" : "artigos"}`}
        createLink={{ to: "/admin/blog/novo", label: "+ Novo artigo" }}
      />
      <PageProblem message={problem} />
      <ListScreen
        rows={posts}
        rowKey={(p) => p.id}
        caption="Artigos do blog"
        empty={{ title: "Nenhum artigo ainda", children: "Escreva o primeiro artigo: ele aparece em /blog assim que for publicado." }}
        columns={[
          {
            key: "title",
            header: "Título",
            primary: true,
            cell: (p) => (
              <>
                <p className="font-medium text-slate-900">{p.title}</p>
                <p className="text-xs font-normal text-slate-500">/blog/{p.slug}</p>
              </>
            ),
          },
          {
            key: "status",
            header: "Status",
            cell: (p) =>
              p.scheduled ? <Badge tone="warning">{SCHEDULED_LABEL}</Badge> : <Badge tone={p.status === "published" ? "success" : "neutral"}>{BLOG_STATUS_LABELS[p.status]}</Badge>,
          },
          { key: "published", header: "Publicado em", cell: (p) => (p.published_at ? (p.scheduled ? formatDateTime(p.published_at) : formatDate(p.published_at)) : "—") },
          { key: "created", header: "Criado em", cell: (p) => formatDate(p.created_at) },
        ]}
        rowActions={(p) => (
          <>
            <Link to={`/admin/blog/${p.id}/editar`} className={buttonClass("secondary", "sm")} aria-label={`Editar ${p.title}`}>
              Editar
            </Link>
            {p.status === "published" && !p.scheduled ? (
              <a href={`/blog/${p.slug}`} target="_blank" rel="noreferrer" className={buttonClass("ghost", "sm")} aria-label={`Ver ${p.title} no site (nova aba)`}>
                Ver
              </a>
            ) : null}
            <Link to={`?confirmDelete=${p.id}`} preventScrollReset className={buttonClass("ghost", "sm", "text-danger-700 hover:bg-danger-50")} aria-label={`Excluir ${p.title}`}>
              Excluir
            </Link>
          </>
        )}
      />
      <ConfirmDelete
        record={confirm}
        subject={(p) => p.title}
        title="Excluir artigo"
        question="Tem certeza que deseja excluir este artigo? Esta ação não pode ser desfeita."
        cancelTo="/admin/blog"
        action="/admin/blog"
        pending={deleting}
      />
    </>
  );
}
