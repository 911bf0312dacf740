import { Form, Link, data, useNavigation } from "react-router";
import { z } from "zod";
import { Alert, Badge, Button, EmptyState, Modal, PageHeader, Table, buttonClass, tdClass, thClass } from "~/components/ui";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { deletePost, listAllPosts } from "~/modules/blog/posts.server";
import { BLOG_MESSAGES, BLOG_STATUS_LABELS } from "~/modules/blog/post-schema";
import { getErrorMessage } from "~/utils/errors";
import { formatDate } from "~/utils/clock";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Blog | Administração" }, { name: "robots", content: "noindex" }];

/** /admin/blog (spec 03 §2.9): every post, newest created first; ?confirmDelete={id} opens the confirmation (works without JavaScript). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const confirmId = Number(new URL(request.url).searchParams.get("confirmDelete")) || null;
  try {
    const posts = await listAllPosts(user);
    return { posts, confirm: posts.find((p) => p.id === confirmId) ?? null, error: null };
  } catch (error) {
    return { posts: [], confirm: null, error: BLOG_MESSAGES.loadFailed(getErrorMessage(error)) };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const id = z.coerce.number().int().positive().safeParse(form.get("id"));
  if (form.get("intent") !== "delete" || !id.success) return data({ error: BLOG_MESSAGES.notFound }, { status: 400 });
  const removed = await deletePost(user, id.data);
  if (!removed) return data({ error: BLOG_MESSAGES.notFound }, { status: 404 });
  return redirectWithToast("/admin/blog", { type: "success", message: BLOG_MESSAGES.deleted });
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, confirm, error } = loaderData;
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const problem = error ?? (actionData && "error" in actionData ? actionData.error : null);
  return (
    <>
      <PageHeader
        title="Blog"
        subtitle={`${posts.length} ${posts.length === 1 ? "artigo" : "artigos"}`}
        actions={
          <Link to="/admin/blog/novo" className={buttonClass("primary")}>
            + Novo artigo
          </Link>
        }
      />
      {problem ? (
        <Alert tone="danger" className="mb-4">
          {problem}
        </Alert>
      ) : null}
      {posts.length === 0 ? (
        <EmptyState title="Nenhum artigo ainda">Escreva o primeiro artigo: ele aparece em /blog assim que for publicado.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <Table>
            <thead>
              <tr>
                <th className={thClass}>Título</th>
                <th className={thClass}>Status</th>
                <th className={thClass}>Publicado em</th>
                <th className={thClass}>Criado em</th>
                <th className={thClass}>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => (
                <tr key={post.id}>
                  <td className={tdClass}>
                    <p className="font-medium text-slate-900">{post.title}</p>
                    <p className="text-xs text-slate-500">/blog/{post.slug}</p>
                  </td>
                  <td className={tdClass}>
                    <Badge tone={post.status === "published" ? "success" : "neutral"}>{BLOG_STATUS_LABELS[post.status]}</Badge>
                  </td>
                  <td className={tdClass}>{post.published_at ? formatDate(post.published_at) : "—"}</td>
                  <td className={tdClass}>{formatDate(post.created_at)}</td>
                  <td className={tdClass}>
                    <div className="flex justify-end gap-1">
                      <Link to={`/admin/blog/${post.id}/editar`} className={buttonClass("secondary", "sm")} aria-label={`Editar ${post.title}`}>
                        Editar
                      </Link>
                      {post.status === "published" ? (
                        <a href={`/blog/${post.slug}`} target="_blank" rel="noreferrer" className={buttonClass("ghost", "sm")} aria-label={`Ver ${post.title} no site (nova aba)`}>
                          Ver
                        </a>
                      ) : null}
                      <Link to={`?confirmDelete=${post.id}`} preventScrollReset className={buttonClass("ghost", "sm", "text-danger-700 hover:bg-danger-50")} aria-label={`Excluir ${post.title}`}>
                        Excluir
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {confirm ? (
        <Modal
          title="Excluir artigo"
          footer={
            <>
              <Link to="/admin/blog" preventScrollReset className={buttonClass("secondary")}>
                Cancelar
              </Link>
              <Form method="post" action="/admin/blog">
                <input type="hidden" name="id" value={confirm.id} />
                <Button type="submit" name="intent" value="delete" variant="danger" pending={deleting} autoFocus>
                  Excluir
                </Button>
              </Form>
            </>
          }
        >
          <p className="text-sm text-slate-700">Tem certeza que deseja excluir este artigo? Esta ação não pode ser desfeita.</p>
          <p className="mt-2 text-sm font-medium text-slate-900">{confirm.title}</p>
        </Modal>
      ) : null}
    </>
  );
}
