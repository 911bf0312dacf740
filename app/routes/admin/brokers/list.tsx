import { Form, Link, useNavigation } from "react-router";
import { BrokerIdentity } from "~/components/brokers/broker-identity";
import { Button, PageHeader, PageProblem, buttonClass } from "~/components/ui";
import { ConfirmDelete } from "~/components/ui/confirm-modal";
import { CopyButton } from "~/components/ui/copy-button";
import { formErrorOf } from "~/components/ui/form";
import { ListScreen } from "~/components/ui/list-screen";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { BROKER_ADMIN_MESSAGES, brokerListActionSchema } from "~/modules/brokers/broker-form";
import { listBrokersForAdmin } from "~/modules/brokers/brokers.server";
import { deleteBrokerAccount, setBrokerActive } from "~/modules/brokers/management.server";
import { parseRef } from "~/modules/leads/referral";
import { config } from "~/modules/platform/config.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { formatPhone } from "~/utils/phone";
import { readListQuery } from "~/utils/query-schema";
import { withQuery } from "~/utils/url";
import { ActiveBadge, brokerColumn, brokerListProps } from "~/components/brokers/broker-list";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Corretores | Administração" }, { name: "robots", content: "noindex" }];

/** /admin/corretores (spec 03 §2.11): search, page, activate/deactivate, delete with confirmation (?confirmDelete=), each broker's reference link. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const query = readListQuery(url);
  const confirmId = parseRef(url.searchParams.get("confirmDelete"));
  const base = { search: url.search, publicUrl: config().publicUrl };
  try {
    const list = await listBrokersForAdmin(user, query);
    return { ...list, ...base, confirm: list.rows.find((r) => r.id === confirmId) ?? null, error: null as string | null };
  } catch (error) {
    log.error("broker list failed", errorFields(error));
    return { rows: [], total: 0, page: 1, pageCount: 1, q: query.q, ...base, confirm: null, error: BROKER_ADMIN_MESSAGES.loadFailed as string };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const submission = await parseSubmission(request, brokerListActionSchema);
  if (submission.status !== "success") return replyWithErrors(submission, { formErrors: [BROKER_ADMIN_MESSAGES.notFound] });
  const { intent, id } = submission.value;
  const back = `/admin/corretores${withQuery(submission.value.back, { confirmDelete: null })}`;
  if (intent === "delete") {
    let removed = false;
    try {
      removed = await deleteBrokerAccount(user, id);
    } catch (error) {
      log.error("broker delete failed", { brokerId: id, ...errorFields(error) });
    }
    if (!removed) return replyWithErrors(submission, { formErrors: [BROKER_ADMIN_MESSAGES.deleteFailed] });
    return redirectWithToast(back, { type: "success", message: BROKER_ADMIN_MESSAGES.deleted });
  }
  if (!(await setBrokerActive(user, id, intent === "activate"))) return replyWithErrors(submission, { formErrors: [BROKER_ADMIN_MESSAGES.notFound] }, 404);
  return redirectWithToast(back, { type: "success", message: intent === "activate" ? BROKER_ADMIN_MESSAGES.activated : BROKER_ADMIN_MESSAGES.deactivated });
}

export default function AdminBrokers({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, q, search, publicUrl, confirm, error } = loaderData;
  const busy = useNavigation().state !== "idle";
  const problem = error ?? formErrorOf(actionData);
  const back = withQuery(search, { confirmDelete: null });
  return (
    <>
      <PageHeader
        title="Corretores"
        subtitle={`${total} ${total === 1 ? "corretor" : "corretores"}${q ? " encontrados" : ""}`}
        createLink={{ to: "/admin/corretores/novo", label: "+ Novo corretor" }}
      />
      <PageProblem message={problem} />
      <ListScreen
        {...brokerListProps(q, "Cadastre o primeiro corretor.")}
        rows={rows}
        caption="Corretores"
        columns={[
          { ...brokerColumn, cell: (b) => <BrokerIdentity broker={b} extra={b.custom_url_path ? <p className="text-xs font-normal text-slate-600">/corretor/{b.custom_url_path}</p> : null} /> },
          { key: "phone", header: "Telefone", cell: (b) => (b.phone ? formatPhone(b.phone) : "—") },
          { key: "status", header: "Status", cell: (b) => <ActiveBadge active={b.is_active} /> },
          {
            key: "ref",
            header: "Link de referência",
            cell: (b) => {
              const refLink = `${publicUrl}/imoveis?ref=${b.id}`;
              return (
                <div className="min-w-0 max-w-xs">
                  <label className="sr-only" htmlFor={`ref-${b.id}`}>
                    Link de referência de {b.name}
                  </label>
                  <input id={`ref-${b.id}`} readOnly value={refLink} className="block w-full min-w-0 truncate rounded border border-slate-200 bg-slate-50 px-2 py-1 text-xs text-slate-700" onFocus={(e) => e.currentTarget.select()} />
                  <CopyButton text={refLink} label="Copiar" copiedMessage="Copiado" className="mt-1" />
                </div>
              );
            },
          },
        ]}
        rowActions={(b) => (
          <>
            <Link to={`/admin/corretores/${b.id}/editar`} className={buttonClass("secondary", "sm")} aria-label={`Editar ${b.name}`}>
              Editar
            </Link>
            <Form method="post">
              <input type="hidden" name="id" value={b.id} />
              <input type="hidden" name="back" value={back} />
              <Button type="submit" size="sm" variant="ghost" name="intent" value={b.is_active ? "deactivate" : "activate"} disabled={busy} aria-label={`${b.is_active ? "Desativar" : "Ativar"} ${b.name}`}>
                {b.is_active ? "Desativar" : "Ativar"}
              </Button>
            </Form>
            <Link to={withQuery(search, { confirmDelete: b.id })} preventScrollReset className={buttonClass("ghost", "sm", "text-danger-700 hover:bg-danger-50")} aria-label={`Excluir ${b.name}`}>
              Excluir
            </Link>
          </>
        )}
        pager={{ page, pageCount, href: (p) => withQuery(search, { page: p, confirmDelete: null }) }}
      />
      <ConfirmDelete record={confirm} subject={(b) => b.name} title="Excluir corretor" question={BROKER_ADMIN_MESSAGES.confirmDelete} cancelTo={`/admin/corretores${back}`} back={back} pending={busy} />
    </>
  );
}
