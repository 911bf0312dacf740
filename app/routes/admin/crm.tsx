import { Form, useNavigation } from "react-router";
import { Badge, Button, Card, PageHeader, PageProblem } from "~/components/ui";
import { formErrorOf } from "~/components/ui/form";
import { ListScreen } from "~/components/ui/list-screen";
import { requireAdminOrBroker } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { CRM_ADMIN_MESSAGES, crmAdminActionSchema, type CrmAdminRight } from "~/modules/crm/crm-admins";
import { crmAdminRights, listCrmAdminCandidates, setCrmAdmin } from "~/modules/crm/crm-admins.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import { readListQuery } from "~/utils/query-schema";
import { withQuery } from "~/utils/url";
import { ActiveBadge, brokerColumn, brokerListProps } from "~/components/brokers/broker-list";
import type { Route } from "./+types/crm";

export const meta: Route.MetaFunction = () => [{ title: "Admins do CRM | Administração" }, { name: "robots", content: "noindex" }];

/**
 * /admin/crm (spec 03 §2.11, §6): brokers with their CRM admin permission, a
 * grant/remove toggle and the permission summary. Administrators and brokers
 * granted CRM admin manage the list; any other broker sees only themselves
 * ('somente a si mesmo').
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdminOrBroker(request);
  const url = new URL(request.url);
  const input = readListQuery(url);
  const rights = crmAdminRights(user);
  try {
    return { ...(await listCrmAdminCandidates(input, user)), rights, search: url.search, error: null as string | null };
  } catch (error) {
    log.error("crm admin list failed", errorFields(error));
    return { rows: [], total: 0, admins: 0, page: 1, pageCount: 1, q: input.q, rights, search: url.search, error: CRM_ADMIN_MESSAGES.loadFailed };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdminOrBroker(request);
  const submission = await parseSubmission(request, crmAdminActionSchema);
  if (submission.status !== "success") return replyWithErrors(submission, { formErrors: [CRM_ADMIN_MESSAGES.notFound] });
  const { intent, id, back } = submission.value;
  const grant = intent === "grant";
  try {
    const result = await setCrmAdmin(user, id, grant);
    if (!result.ok) return replyWithErrors(submission, { formErrors: [result.error] }, result.status);
    return redirectWithToast(`/admin/crm${back}`, { type: "success", message: grant ? CRM_ADMIN_MESSAGES.granted(result.name) : CRM_ADMIN_MESSAGES.revoked(result.name) }, { status: 303 });
  } catch (error) {
    log.error("crm admin save failed", errorFields(error));
    return replyWithErrors(submission, { formErrors: [CRM_ADMIN_MESSAGES.saveFailed] }, 500);
  }
}

const RIGHT_TONE: Record<CrmAdminRight, "success" | "danger" | "warning"> = { permitido: "success", negado: "danger", "somente a si mesmo": "warning" };

export default function AdminCrm({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, admins, page, pageCount, q, rights, search, error } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const problem = error ?? formErrorOf(actionData);
  return (
    <>
      <PageHeader title="Admins do CRM" subtitle={`${admins} ${admins === 1 ? "admin do CRM" : "admins do CRM"} · ${total} ${total === 1 ? "corretor" : "corretores"}`} />
      <PageProblem message={problem} />
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
      <ListScreen
        {...brokerListProps(q, "Cadastre corretores em Corretores.")}
        rows={rows}
        caption="Corretores e a permissão de admin do CRM"
        columns={[
          { ...brokerColumn, cell: (b) => (
            <>
              <p className="font-medium text-slate-900">{b.name}</p>
              <p className="text-xs font-normal text-slate-500">{b.email}</p>
            </>
          ) },
          { key: "status", header: "Status", cell: (b) => <ActiveBadge active={b.isActive} /> },
          { key: "crm-admin", header: "Admin do CRM", cell: (b) => <Badge tone={b.crmAdmin ? "accent" : "neutral"}>{b.crmAdmin ? "Sim" : "Não"}</Badge> },
        ]}
        rowActions={(b) => (
          <Form method="post">
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
        )}
        pager={{ page, pageCount, href: (p) => withQuery(search, { page: p }) }}
      />
    </>
  );
}
