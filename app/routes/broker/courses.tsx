import { Form, Link, data, useNavigation } from "react-router";
import { z } from "zod";
import { Alert, Button, Card, EmptyState, Field, Input, Modal, PageHeader, Select, Table, buttonClass, tdClass, thClass } from "~/components/ui";
import { Pagination } from "~/components/ui/pagination";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { MATERIAL_MAX_BYTES, MATERIAL_MESSAGES, MATERIAL_PAGE_SIZES, formatBytes } from "~/modules/brokers/materials";
import { MaterialError, listMaterials, removeMaterial, renameMaterial, uploadMaterial } from "~/modules/brokers/materials.server";
import { AGENCY } from "~/modules/platform/agency";
import { errorFields, log } from "~/modules/platform/logger.server";
import { formatDate } from "~/utils/clock";
import { withQuery } from "~/utils/url";
import type { Route } from "./+types/courses";

export const meta: Route.MetaFunction = () => [{ title: "Cursos | Painel do corretor" }];

/** /broker/cursos (spec 03 §2.6): the course platform link; materials for everyone to download; upload, rename, remove for admins. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const size = MATERIAL_PAGE_SIZES.find((s) => s === Number(url.searchParams.get("size"))) ?? 10;
  const q = url.searchParams.get("q") ?? "";
  const list = await listMaterials(user, { q, page: Number(url.searchParams.get("page")) || 1, size });
  const target = Number(url.searchParams.get("rename") ?? url.searchParams.get("confirmDelete"));
  return {
    ...list,
    q,
    size,
    search: url.search,
    isAdmin: user.role === "admin",
    renaming: url.searchParams.has("rename") ? (list.rows.find((r) => r.id === target) ?? null) : null,
    confirm: url.searchParams.has("confirmDelete") ? (list.rows.find((r) => r.id === target) ?? null) : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const form = await request.formData();
  const intent = z.enum(["upload", "rename", "delete"]).safeParse(form.get("intent"));
  if (!intent.success) return data({ error: "Ação desconhecida", intent: "" }, { status: 400 });
  const id = Number(form.get("id"));
  const back = String(form.get("back") ?? "");
  const here = `/broker/cursos${back.startsWith("?") ? withQuery(back, { rename: null, confirmDelete: null }) : ""}`;
  try {
    if (intent.data === "upload") {
      const file = form.get("file");
      await uploadMaterial(user, String(form.get("name") ?? ""), file instanceof File ? file : null);
      return redirectWithToast("/broker/cursos", { type: "success", message: MATERIAL_MESSAGES.uploaded });
    }
    if (intent.data === "rename") {
      await renameMaterial(user, id, String(form.get("name") ?? ""));
      return redirectWithToast(here, { type: "success", message: MATERIAL_MESSAGES.renamed });
    }
    await removeMaterial(user, id);
    return redirectWithToast(here, { type: "success", message: MATERIAL_MESSAGES.removed });
  } catch (error) {
    if (error instanceof MaterialError) return data({ error: error.message, intent: intent.data }, { status: 400 });
    const status = (error as { init?: { status?: number } })?.init?.status;
    if (status === 403) return data({ error: "Somente administradores gerenciam os materiais.", intent: intent.data }, { status: 403 });
    log.error("materials action failed", { intent: intent.data, ...errorFields(error) });
    return data({ error: intent.data === "upload" ? MATERIAL_MESSAGES.uploadFailed : intent.data === "rename" ? MATERIAL_MESSAGES.renameFailed : MATERIAL_MESSAGES.removeFailed, intent: intent.data }, { status: 500 });
  }
}

export default function Courses({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, q, size, search, isAdmin, renaming, confirm } = loaderData;
  const busy = useNavigation().state !== "idle";
  const error = actionData && "error" in actionData ? actionData : null;
  const back = withQuery(search, { rename: null, confirmDelete: null });
  return (
    <div>
      <PageHeader
        title="Cursos"
        subtitle="Materiais de apoio da imobiliária e a plataforma de cursos."
        actions={
          <a href={AGENCY.coursesPlatform} target="_blank" rel="noreferrer" className={buttonClass("primary")}>
            Plataforma de cursos
          </a>
        }
      />
      {error && error.intent !== "upload" ? (
        <Alert tone="danger" className="mb-4">
          {error.error}
        </Alert>
      ) : null}
      {isAdmin ? (
        <Card className="mb-4 p-5" as="section">
          <h2 className="text-lg font-semibold text-slate-900">Enviar material</h2>
          <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
            <input type="hidden" name="intent" value="upload" />
            <Field label="Nome do material" htmlFor="material-name" hint="Letras, números, espaços, hífens e sublinhados.">
              <Input id="material-name" name="name" maxLength={100} required />
            </Field>
            <Field label="Arquivo" htmlFor="material-file" hint={`Até ${formatBytes(MATERIAL_MAX_BYTES)}.`}>
              <Input id="material-file" name="file" type="file" required />
            </Field>
            <Button type="submit" pending={busy}>
              Enviar
            </Button>
          </Form>
          {error?.intent === "upload" ? (
            <Alert tone="danger" className="mt-3">
              {error.error}
            </Alert>
          ) : null}
        </Card>
      ) : null}
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
        <Field label="Buscar material" htmlFor="q" className="min-w-56 flex-1">
          <Input id="q" name="q" type="search" defaultValue={q} maxLength={100} />
        </Field>
        <Field label="Por página" htmlFor="size">
          <Select id="size" name="size" defaultValue={String(size)}>
            {MATERIAL_PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>
      {rows.length === 0 ? (
        <EmptyState title={q ? "Nenhum material encontrado" : "Nenhum material disponível"}>{q ? "Tente outra busca." : "Os materiais enviados pela imobiliária aparecem aqui."}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <Table>
            <thead>
              <tr>
                <th className={thClass}>Material</th>
                <th className={thClass}>Tamanho</th>
                <th className={thClass}>Atualizado</th>
                <th className={thClass}>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id}>
                  <td className={tdClass}>
                    <span className="font-medium text-slate-900">{m.name}</span>
                  </td>
                  <td className={tdClass}>{formatBytes(m.size)}</td>
                  <td className={tdClass}>{formatDate(m.updated_at)}</td>
                  <td className={tdClass}>
                    <div className="flex flex-wrap justify-end gap-1">
                      <a href={m.url} download className={buttonClass("secondary", "sm")} aria-label={`Baixar ${m.name}`}>
                        Baixar
                      </a>
                      {isAdmin ? (
                        <>
                          <Link to={withQuery(search, { rename: m.id, confirmDelete: null })} preventScrollReset className={buttonClass("ghost", "sm")} aria-label={`Renomear ${m.name}`}>
                            Renomear
                          </Link>
                          <Link to={withQuery(search, { confirmDelete: m.id, rename: null })} preventScrollReset className={buttonClass("ghost", "sm", "text-danger-700")} aria-label={`Remover ${m.name}`}>
                            Remover
                          </Link>
                        </>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <p className="mt-3 text-sm text-slate-600">
        {total} {total === 1 ? "material" : "materiais"}
      </p>
      <Pagination variant="prev-next" page={page} pageCount={pageCount} href={(p) => withQuery(search, { page: p })} />

      {renaming ? (
        <Modal title="Renomear material">
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="id" value={renaming.id} />
            <input type="hidden" name="back" value={back} />
            <Field label="Novo nome" htmlFor="rename-name">
              <Input id="rename-name" name="name" defaultValue={renaming.name} maxLength={100} autoFocus />
            </Field>
            <div className="flex justify-end gap-2">
              <Link to={`/broker/cursos${back}`} className={buttonClass("secondary")}>
                Cancelar
              </Link>
              <Button type="submit" pending={busy}>
                Salvar
              </Button>
            </div>
          </Form>
        </Modal>
      ) : null}
      {confirm ? (
        <Modal
          title="Remover material"
          footer={
            <>
              <Link to={`/broker/cursos${back}`} className={buttonClass("secondary")}>
                Cancelar
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={confirm.id} />
                <input type="hidden" name="back" value={back} />
                <Button type="submit" variant="danger" pending={busy} autoFocus>
                  Remover
                </Button>
              </Form>
            </>
          }
        >
          <p className="text-sm text-slate-700">{MATERIAL_MESSAGES.confirmDelete}</p>
          <p className="mt-2 text-sm font-medium text-slate-900">{confirm.name}</p>
        </Modal>
      ) : null}
    </div>
  );
}
