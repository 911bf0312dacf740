import { Link, useNavigation } from "react-router";
import { MaterialRenameModal, MaterialUploadCard } from "~/components/brokers/material-forms";
import { Options, PageHeader, PageProblem, Select, buttonClass } from "~/components/ui";
import { ConfirmDelete } from "~/components/ui/confirm-modal";
import { formErrorOf, resultFor } from "~/components/ui/form";
import { ListScreen } from "~/components/ui/list-screen";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { can } from "~/modules/auth/permissions.server";
import { type MultipartOutcome, discardFiles, fileOf, isMultipart, readMultipartToDisk } from "~/modules/files/multipart.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { MATERIAL_MAX_BYTES, MATERIAL_MESSAGES, MATERIAL_PAGE_SIZES, formatBytes, materialActionSchema, readMaterialsQuery } from "~/modules/brokers/materials";
import { MaterialError, listMaterials, removeMaterial, renameMaterial, uploadMaterial } from "~/modules/brokers/materials.server";
import { AGENCY } from "~/modules/platform/agency";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { parseRecordId } from "~/utils/query-schema";
import { formatDate } from "~/utils/clock";
import { withQuery } from "~/utils/url";
import type { Route } from "./+types/courses";

export const meta: Route.MetaFunction = () => [{ title: "Cursos | Painel do corretor" }];

/** /broker/cursos (spec 03 §2.6): the course platform link; materials for everyone to download; upload, rename, remove for admins. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const query = readMaterialsQuery(url);
  const list = await listMaterials(user, query);
  const pick = (key: string) => (url.searchParams.has(key) ? (list.rows.find((r) => r.id === parseRecordId(url.searchParams.get(key))) ?? null) : null);
  return { ...list, q: query.q, size: query.size, search: url.search, isAdmin: can(user, "create", "material"), renaming: pick("rename"), confirm: pick("confirmDelete") };
}

/** The file never comes back in a reply (a browser cannot refill a file field). */
const HIDDEN = ["file"];

/** The upload's body may reach 50 MB: streamed to disk by the one upload reader, never held in memory. */
const UPLOAD_LIMITS = { maxRequestBytes: MATERIAL_MAX_BYTES + 1024 * 1024, files: { file: { maxBytes: MATERIAL_MAX_BYTES, maxFiles: 1 } }, maxFields: 20, maxFieldBytes: 16 * 1024 };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  // Only the upload is multipart: who may send up to 50 MB is decided before the body is read.
  let read: MultipartOutcome | null = null;
  if (isMultipart(request)) {
    if (!can(user, "create", "material")) return adminsOnly();
    read = await readMultipartToDisk(request, UPLOAD_LIMITS);
  }
  try {
    return await respond(user, read ?? request, read);
  } finally {
    if (read) await discardFiles(read.files);
  }
}

async function respond(user: Awaited<ReturnType<typeof requireBrokerArea>>, source: Request | MultipartOutcome, read: MultipartOutcome | null) {
  const submission = await parseSubmission(source instanceof Request ? source : source.fields, materialActionSchema);
  if (read?.problem) {
    const tooLarge = read.problem === "too-large";
    return replyWithErrors(submission, { fieldErrors: { file: [tooLarge ? MATERIAL_MESSAGES.tooLarge : MATERIAL_MESSAGES.badPost] }, hideFields: HIDDEN }, tooLarge ? 413 : 400);
  }
  if (submission.status !== "success") return replyWithErrors(submission, { hideFields: HIDDEN });
  const value = submission.value;
  const here = `/broker/cursos${value.intent === "upload" ? "" : withQuery(value.back, { rename: null, confirmDelete: null })}`;
  try {
    if (value.intent === "upload") {
      // the file was received on disk; its size, type and content are the service's to check
      await uploadMaterial(user, value.name, read ? fileOf(read, "file") : null);
      return redirectWithToast(here, { type: "success", message: MATERIAL_MESSAGES.uploaded });
    }
    if (value.intent === "rename") {
      await renameMaterial(user, value.id, value.name);
      return redirectWithToast(here, { type: "success", message: MATERIAL_MESSAGES.renamed });
    }
    await removeMaterial(user, value.id);
    return redirectWithToast(here, { type: "success", message: MATERIAL_MESSAGES.removed });
  } catch (error) {
    // beside the field it concerns; the name typed stays
    if (error instanceof MaterialError) {
      const field = value.intent === "delete" ? undefined : error.field;
      return replyWithErrors(submission, field ? { fieldErrors: { [field]: [error.message] }, hideFields: HIDDEN } : { formErrors: [error.message], hideFields: HIDDEN });
    }
    if ((error as { init?: { status?: number } })?.init?.status === 403) return replyWithErrors(submission, { formErrors: [MATERIAL_MESSAGES.adminsOnly], hideFields: HIDDEN }, 403);
    log.error("materials action failed", { intent: value.intent, ...errorFields(error) });
    const message = value.intent === "upload" ? MATERIAL_MESSAGES.uploadFailed : value.intent === "rename" ? MATERIAL_MESSAGES.renameFailed : MATERIAL_MESSAGES.removeFailed;
    return replyWithErrors(submission, { formErrors: [message], hideFields: HIDDEN }, 500);
  }
}

function adminsOnly() {
  return new Response(MATERIAL_MESSAGES.adminsOnly, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close" } });
}

export default function Courses({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, q, size, search, isAdmin, renaming, confirm } = loaderData;
  const busy = useNavigation().state !== "idle";
  const back = withQuery(search, { rename: null, confirmDelete: null });
  const deleteError = resultFor(actionData, "delete") ? formErrorOf(actionData) : undefined;
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
      <PageProblem message={deleteError} />
      {isAdmin ? <MaterialUploadCard lastResult={resultFor(actionData, "upload")} busy={busy} /> : null}
      <ListScreen
        search={{ label: "Buscar material", placeholder: "Buscar material", defaultValue: q }}
        filters={
          <div className="flex items-center gap-2">
            <label htmlFor="list-size" className="whitespace-nowrap text-sm text-slate-700">
              Por página
            </label>
            <Select id="list-size" name="size" defaultValue={String(size)} className="w-20!">
              <Options options={MATERIAL_PAGE_SIZES.map((s) => ({ value: s, label: s }))} />
            </Select>
          </div>
        }
        rows={rows}
        rowKey={(m) => m.id}
        caption="Materiais"
        empty={{ title: q ? "Nenhum material encontrado" : "Nenhum material disponível", children: q ? "Tente outra busca." : "Os materiais enviados pela imobiliária aparecem aqui." }}
        columns={[
          { key: "name", header: "Material", primary: true, cell: (m) => <span className="font-medium text-slate-900">{m.name}</span> },
          { key: "size", header: "Tamanho", cell: (m) => formatBytes(m.size) },
          { key: "updated", header: "Atualizado", cell: (m) => formatDate(m.updated_at) },
        ]}
        rowActions={(m) => (
          <>
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
          </>
        )}
        pager={{ page, pageCount, href: (p) => withQuery(search, { page: p, rename: null, confirmDelete: null }) }}
      />
      <p className="mt-3 text-sm text-slate-600">
        {total} {total === 1 ? "material" : "materiais"}
      </p>

      {renaming ? <MaterialRenameModal material={renaming} back={back} lastResult={resultFor(actionData, "rename")} busy={busy} /> : null}
      <ConfirmDelete record={confirm} subject={(m) => m.name} title="Remover material" question={MATERIAL_MESSAGES.confirmDelete} cancelTo={`/broker/cursos${back}`} back={back} submitLabel="Remover" pending={busy} />
    </div>
  );
}
