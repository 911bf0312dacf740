import { Form, data, useNavigation } from "react-router";
import { z } from "zod";
import { Alert, Badge, Button, Card, EmptyState, Input, PageHeader, Table, tdClass, thClass } from "~/components/ui";
import { Pagination } from "~/components/ui/pagination";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { CRM_ADMIN_MESSAGES, crmAdminRights, listCrmAdminCandidates, setCrmAdmin, type CrmAdminRight } from "~/modules/crm/crm-admins.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import { withQuery } from "~/utils/url";
import type { Route } from "./+types/crm";

export const meta: Route.MetaFunction = () => [{ title: "Admins do CRM | Administração" }, { name: "robots", content: "noindex" }];

const query = z.object({ q: z.string().max(200).catch(""), page: z.coerce.number().int().min(1).max(100_000).catch(1) });

/** /admin/crm (spec 03 §2.11): brokers with their CRM admin permission, a grant/remove toggle and the permission summary. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const input = query.parse({ q: url.searchParams.get("q") ?? "", page: url.searchParams.get("page") ?? 1 });
  const rights = crmAdminRights(user);
  try {
    return { ...(await listCrmAdminCandidates(input)), rights, search: url.search, error: null as string | null };
  } catch (error) {
    log.error("crm admin list failed", errorFields(error));
    return { rows: [], total: 0, admins: 0, page: 1, pageCount: 1, q: input.q, rights, search: url.search, error: CRM_ADMIN_MESSAGES.loadFailed };
  }
}

const actionSchema = z.object({ intent: z.enum(["grant", "revoke"]), id: z.string() });

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const parsed = actionSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) return data({ error: CRM_ADMIN_MESSAGES.notFound }, { status: 400 });
  // the list's own query string to return to; anything else is dropped
  const backRaw = String(form.get("back") ?? "");
  const back = backRaw.startsWith("?") ? backRaw : "";
  const grant = parsed.data.intent === "grant";
  try {
    const result = await setCrmAdmin(user, parsed.data.id, grant);
    if (!result.ok) return data({ error: result.error }, { status: result.status });
    return redirectWithToast(`/admin/crm${back}`, { type: "success", message: grant ? CRM_ADMIN_MESSAGES.granted(result.name) : CRM_ADMIN_MESSAGES.revoked(result.name) }, { status: 303 });
  } catch (error) {
    log.error("crm admin save failed", errorFields(error));
    return data({ error: CRM_ADMIN_MESSAGES.saveFailed }, { status: 500 });
  }
}

const RIGHT_TONE: Record<CrmAdminRight, "success" | "danger" | "warning"> = { permitido: "success", negado: "danger", "somente a si mesmo": "warning" };

export default function AdminCrm({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, admins, page, pageCount, q, rights, search, error } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const problem = error ?? (actionData && "error" in actionData ? actionData.error : null);
  return (
    <>
      <PageHeader title="Admins do CRM" subtitle={`${admins} ${admins === 1 ? "admin do CRM" : "admins do CRM"} · ${total} ${total === 1 ? "corretor" : "corretores"}`} />
      {problem ? (
        <Alert tone="danger" className="mb-4">
          {problem}
        </Alert>
      ) : null}
      <Card className="mb-4 p-4">
        <h2 className="text-sm font-semibold text-slate-900">Suas permissões</h2>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
          <div className="flex items-center gap-2">
            <dt>Conceder admin:</dt>
            <dd>
              <Badge tone={RIGHT_TONE[rights.grant]}>{rights.grant}</Badge>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>Remover admin:</dt>
            <dd>
              <Badge tone={RIGHT_TONE[rights.revoke]}>{rights.revoke}</Badge>
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-500">Um admin do CRM vê os leads de todos os corretores, reatribui e exclui leads, edita anotações e gerencia as etapas.</p>
      </Card>
      <Form method="get" className="mb-4 flex max-w-md gap-2" role="search">
        <label htmlFor="q" className="sr-only">
          Buscar corretor
        </label>
        <Input id="q" name="q" type="search" defaultValue={q} placeholder="Nome ou e-mail" maxLength={100} />
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>
      {rows.length === 0 ? (
        <EmptyState title={q ? "Nenhum corretor encontrado" : "Nenhum corretor cadastrado"}>{q ? "Tente outro nome ou e-mail." : "Cadastre corretores em Corretores."}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <Table>
            <thead>
              <tr>
                <th className={thClass}>Corretor</th>
                <th className={thClass}>Status</th>
                <th className={thClass}>Admin do CRM</th>
                <th className={thClass}>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <tr key={b.id}>
                  <td className={tdClass}>
                    <p className="font-medium text-slate-900">{b.name}</p>
                    <p className="text-xs text-slate-500">{b.email}</p>
                  </td>
                  <td className={tdClass}>
                    <Badge tone={b.isActive ? "success" : "neutral"}>{b.isActive ? "Ativo" : "Inativo"}</Badge>
                  </td>
                  <td className={tdClass}>
                    <Badge tone={b.crmAdmin ? "accent" : "neutral"}>{b.crmAdmin ? "Sim" : "Não"}</Badge>
                  </td>
                  <td className={tdClass}>
                    <Form method="post" className="flex justify-end">
                      <input type="hidden" name="id" value={b.id} />
                      <input type="hidden" name="back" value={search} />
                      <Button
                        type="submit"
                        size="sm"
                        variant={b.crmAdmin ? "ghost" : "secondary"}
                        name="intent"
                        value={b.crmAdmin ? "revoke" : "grant"}
                        disabled={busy || (b.crmAdmin ? rights.revoke === "negado" : rights.grant !== "permitido")}
                        aria-label={`${b.crmAdmin ? "Remover admin do CRM de" : "Tornar admin do CRM"} ${b.name}`}
                      >
                        {b.crmAdmin ? "Remover admin" : "Tornar admin"}
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <Pagination variant="prev-next" page={page} pageCount={pageCount} href={(p) => withQuery(search, { page: p })} />
    </>
  );
}
