import { Form, Link, data, useNavigation } from "react-router";
import { z } from "zod";
import { Alert, Badge, Button, EmptyState, Input, Modal, PageHeader, Table, buttonClass, tdClass, thClass } from "~/components/ui";
import { CopyButton } from "~/components/ui/copy-button";
import { Pagination } from "~/components/ui/pagination";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { BROKER_ADMIN_MESSAGES } from "~/modules/brokers/broker-form";
import { listBrokersForAdmin } from "~/modules/brokers/brokers.server";
import { deleteBrokerAccount, setBrokerActive } from "~/modules/brokers/management.server";
import { parseRef } from "~/modules/leads/referral";
import { config } from "~/modules/platform/config.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import { formatPhone } from "~/utils/phone";
import { withQuery } from "~/utils/url";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Corretores | Administração" }, { name: "robots", content: "noindex" }];

/** /admin/corretores (spec 03 §2.11): search, page, activate/deactivate, delete with confirmation (?confirmDelete=), each broker's reference link. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const confirmId = parseRef(url.searchParams.get("confirmDelete"));
  try {
    const list = await listBrokersForAdmin(user, { q, page });
    return { ...list, search: url.search, publicUrl: config().publicUrl, confirm: list.rows.find((r) => r.id === confirmId) ?? null, error: null };
  } catch (error) {
    log.error("broker list failed", errorFields(error));
    return { rows: [], total: 0, page: 1, pageCount: 1, q, search: url.search, publicUrl: config().publicUrl, confirm: null, error: BROKER_ADMIN_MESSAGES.loadFailed };
  }
}

const actionSchema = z.object({ intent: z.enum(["activate", "deactivate", "delete"]), id: z.string().transform((v, ctx) => parseRef(v) ?? (ctx.addIssue({ code: "custom", message: "id" }), z.NEVER)) });

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const parsed = actionSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  // the list's own query string to return to; anything else is dropped
  const backRaw = String(form.get("back") ?? "");
  const back = backRaw.startsWith("?") ? withQuery(backRaw, { confirmDelete: null }) : "";
  if (!parsed.success) return data({ error: BROKER_ADMIN_MESSAGES.notFound }, { status: 400 });
  const { intent, id } = parsed.data;
  if (intent === "delete") {
    let removed = false;
    try {
      removed = await deleteBrokerAccount(user, id);
    } catch (error) {
      log.error("broker delete failed", { brokerId: id, ...errorFields(error) });
    }
    if (!removed) return data({ error: BROKER_ADMIN_MESSAGES.deleteFailed }, { status: 400 });
    return redirectWithToast(`/admin/corretores${back}`, { type: "success", message: BROKER_ADMIN_MESSAGES.deleted });
  }
  const changed = await setBrokerActive(user, id, intent === "activate");
  if (!changed) return data({ error: BROKER_ADMIN_MESSAGES.notFound }, { status: 404 });
  return redirectWithToast(`/admin/corretores${back}`, { type: "success", message: intent === "activate" ? BROKER_ADMIN_MESSAGES.activated : BROKER_ADMIN_MESSAGES.deactivated });
}

export default function AdminBrokers({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, q, search, publicUrl, confirm, error } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const problem = error ?? (actionData && "error" in actionData ? actionData.error : null);
  const back = withQuery(search, { confirmDelete: null });
  return (
    <>
      <PageHeader
        title="Corretores"
        subtitle={`${total} ${total === 1 ? "corretor" : "corretores"}${q ? " encontrados" : ""}`}
        actions={
          <Link to="/admin/corretores/novo" className={buttonClass("primary")}>
            + Novo corretor
          </Link>
        }
      />
      {problem ? (
        <Alert tone="danger" className="mb-4">
          {problem}
        </Alert>
      ) : null}
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
        <EmptyState title={q ? "Nenhum corretor encontrado" : "Nenhum corretor cadastrado"}>{q ? "Tente outro nome ou e-mail." : "Cadastre o primeiro corretor."}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <Table>
            <thead>
              <tr>
                <th className={thClass}>Corretor</th>
                <th className={thClass}>Telefone</th>
                <th className={thClass}>Status</th>
                <th className={thClass}>Link de referência</th>
                <th className={thClass}>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => {
                const refLink = `${publicUrl}/imoveis?ref=${b.id}`;
                return (
                  <tr key={b.id}>
                    <td className={tdClass}>
                      <p className="font-medium text-slate-900">{b.name}</p>
                      <p className="text-xs text-slate-500">{b.email}</p>
                      {b.custom_url_path ? <p className="text-xs text-slate-500">/corretor/{b.custom_url_path}</p> : null}
                    </td>
                    <td className={tdClass}>{b.phone ? formatPhone(b.phone) : "—"}</td>
                    <td className={tdClass}>
                      <Badge tone={b.is_active ? "success" : "neutral"}>{b.is_active ? "Ativo" : "Inativo"}</Badge>
                    </td>
                    <td className={tdClass}>
                      <label className="sr-only" htmlFor={`ref-${b.id}`}>
                        Link de referência de {b.name}
                      </label>
                      <input id={`ref-${b.id}`} readOnly value={refLink} className="w-56 truncate rounded border border-slate-200 bg-slate-50 px-2 py-1 text-xs text-slate-700" onFocus={(e) => e.currentTarget.select()} />
                      <CopyButton text={refLink} label="Copiar" copiedMessage="Copiado" className="mt-1" />
                    </td>
                    <td className={tdClass}>
                      <div className="flex flex-wrap justify-end gap-1">
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
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
      <Pagination variant="prev-next" page={page} pageCount={pageCount} href={(p) => withQuery(search, { page: p })} />
      {confirm ? (
        <Modal
          title="Excluir corretor"
          footer={
            <>
              <Link to={`/admin/corretores${back}`} preventScrollReset className={buttonClass("secondary")}>
                Cancelar
              </Link>
              <Form method="post">
                <input type="hidden" name="id" value={confirm.id} />
                <input type="hidden" name="back" value={back} />
                <Button type="submit" name="intent" value="delete" variant="danger" pending={busy} autoFocus>
                  Excluir
                </Button>
              </Form>
            </>
          }
        >
          <p className="text-sm text-slate-700">{BROKER_ADMIN_MESSAGES.confirmDelete}</p>
          <p className="mt-2 text-sm font-medium text-slate-900">{confirm.name}</p>
        </Modal>
      ) : null}
    </>
  );
}
