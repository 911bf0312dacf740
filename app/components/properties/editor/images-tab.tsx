import { type Dispatch, type RefObject, type SetStateAction, useRef } from "react";
import { Alert, Button, Field, Input, Options, Select, cx, optionsOf } from "~/components/ui";
import { variantUrl } from "~/utils/images";
import { type EditorState, WATERMARK_POSITIONS, WATERMARK_POSITION_LABELS, WATERMARK_FIELDS } from "~/modules/properties/editor/state";
import { watermarkLabelField } from "~/modules/properties/editor/intents";
import type { EditorView } from "~/modules/properties/editor/view";
import { LIMITS } from "~/modules/properties/editor/state";
import { MB, PHOTO_LIMITS } from "~/modules/properties/photo-upload";

/** What the server would refuse, said before sending (with JavaScript): too many files, or files over the size limit. */
export function photoChoiceProblems(files: readonly { name: string; size: number }[], current: number): string[] {
  const problems: string[] = [];
  if (files.length > PHOTO_LIMITS.maxFiles) problems.push(`Erro ao enviar imagem: no máximo ${PHOTO_LIMITS.maxFiles} imagens por envio.`);
  if (current + files.length > LIMITS.images) problems.push(`Erro ao enviar imagem: o imóvel pode ter no máximo ${LIMITS.images} fotos (tem ${current}).`);
  for (const f of files) if (f.size > PHOTO_LIMITS.maxFileBytes) problems.push(`Erro ao enviar imagem: ${f.name}: arquivo maior que ${Math.round(PHOTO_LIMITS.maxFileBytes / MB)} MB`);
  return problems;
}

/**
 * Photos and watermark. Choosing files and pressing 'Enviar imagens' (with
 * JavaScript: just choosing) posts them; they are added after the current
 * photos (issue 24, a deviation from spec 01 written in decisions.md), and
 * like removals and the order they only count once the property is saved.
 * The first photo is the cover. In broker mode the watermark is fixed.
 */
export function ImagesTab({
  state,
  setState,
  mode,
  view,
  formRef,
  pendingIntent,
}: {
  state: EditorState;
  setState: Dispatch<SetStateAction<EditorState>>;
  mode: "admin" | "broker";
  view: EditorView;
  formRef: RefObject<HTMLFormElement | null>;
  pendingIntent: string | null;
}) {
  const uploadRef = useRef<HTMLButtonElement>(null);
  const broker = mode === "broker";
  const images = state.values.images;
  const wm = state.watermark;
  const setWm = (key: keyof EditorState["watermark"], value: string) => setState((s) => ({ ...s, watermark: { ...s.watermark, [key]: value } }));
  const uploading = pendingIntent === "upload-images";
  const library = view.watermarks;
  const chosenLogo = broker ? view.forcedWatermark?.logoUrl : wm.logo;
  const opacity = Number(wm.opacity);
  return (
    <>
      {images.map((url) => (
        <input key={url} type="hidden" name="images" value={url} />
      ))}

      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 md:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="text-sm font-semibold text-slate-900">
            Marca d'água {broker ? <span className="font-normal text-slate-600">(obrigatória - utilize a logo)</span> : <span className="font-normal text-slate-600">(opcional)</span>}
          </h3>
          {chosenLogo ? <img src={chosenLogo} alt="Logo escolhida" className="h-8 max-w-40 rounded bg-slate-700 object-contain p-1" /> : null}
        </div>
        {broker ? (
          <Alert tone="info">A logo da Lar Imóveis é aplicada automaticamente em todas as fotos: no centro, com 50% de opacidade e 25% da largura.</Alert>
        ) : null}
        {state.watermarkNotice ? (
          <Alert tone={state.watermarkNotice.tone} title={state.watermarkNotice.title}>
            {state.watermarkNotice.text}
          </Alert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Logo" htmlFor="pe-wm-logo">
            <Select id="pe-wm-logo" name={WATERMARK_FIELDS.logoUrl} value={broker ? (view.forcedWatermark?.logoUrl ?? "") : wm.logo} onChange={(e) => setWm("logo", e.target.value)} disabled={broker}>
              {broker ? null : <option value="">Sem marca d'água</option>}
              <Options options={library.map((w) => ({ value: w.url, label: w.name }))} />
              {broker && view.forcedWatermark && !library.some((w) => w.url === view.forcedWatermark?.logoUrl) ? <option value={view.forcedWatermark.logoUrl}>Logo Lar Imóveis</option> : null}
            </Select>
          </Field>
          <Field label="Posição" htmlFor="pe-wm-position">
            <Select id="pe-wm-position" name={WATERMARK_FIELDS.position} value={wm.position} onChange={(e) => setWm("position", e.target.value)} disabled={broker}>
              <Options options={optionsOf(WATERMARK_POSITIONS, WATERMARK_POSITION_LABELS)} />
            </Select>
          </Field>
          <Field label={`Opacidade: ${Number.isFinite(opacity) ? Math.round(opacity * 100) : 50}%`} htmlFor="pe-wm-opacity">
            <input id="pe-wm-opacity" type="range" name={WATERMARK_FIELDS.opacity} min={0} max={1} step={0.01} value={wm.opacity} onChange={(e) => setWm("opacity", e.target.value)} disabled={broker} className="w-full accent-brand-700" />
          </Field>
          <Field label={`Tamanho: ${wm.size}% da largura`} htmlFor="pe-wm-size">
            <input id="pe-wm-size" type="range" name={WATERMARK_FIELDS.sizePercent} min={10} max={50} step={1} value={wm.size} onChange={(e) => setWm("size", e.target.value)} disabled={broker} className="w-full accent-brand-700" />
          </Field>
        </div>
        {broker ? null : (
          <>
            <div className="flex flex-col gap-2 border-t border-slate-100 pt-3 sm:flex-row sm:items-end">
              <Field label="Nova logo para a biblioteca" htmlFor="pe-wm-file" className="min-w-0 flex-1">
                <Input id="pe-wm-file" type="file" name={WATERMARK_FIELDS.file} accept="image/png,image/jpeg,image/webp" className={FILE_INPUT} />
              </Field>
              <Button type="submit" name="intent" value="upload-watermark" variant="secondary" size="sm" pending={pendingIntent === "upload-watermark"}>
                Enviar logo
              </Button>
            </div>
            <WatermarkLibrary library={library} chosen={wm.logo} pendingIntent={pendingIntent} />
          </>
        )}
      </div>

      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 md:p-5">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Field
            label="Fotos do imóvel"
            htmlFor="pe-photos"
            className="min-w-0 flex-1"
            hint={`JPG, PNG ou WebP, até ${Math.round(PHOTO_LIMITS.maxFileBytes / MB)} MB cada. Novas fotos entram depois das atuais; a primeira é a capa.${view.propertyId ? " As mudanças nas fotos só valem ao clicar em Salvar; Cancelar as descarta." : ""}`}
            error={state.errors.images}
          >
            <Input
              id="pe-photos"
              type="file"
              name="photos"
              multiple
              accept="image/jpeg,image/png,image/webp"
              className={FILE_INPUT}
              aria-invalid={state.uploadErrors.length || state.errors.images ? true : undefined}
              aria-describedby={state.uploadErrors.length ? "pe-photos-upload-errors" : state.errors.images ? "pe-photos-error" : undefined}
              onChange={(e) => {
                // With JavaScript, choosing the files is enough; what the server would refuse is said at once.
                const files = Array.from(e.target.files ?? []);
                if (!files.length) return;
                const problems = photoChoiceProblems(files, images.length);
                if (problems.length) {
                  e.target.value = "";
                  setState((s) => ({ ...s, uploadErrors: problems }));
                  return;
                }
                formRef.current?.requestSubmit(uploadRef.current);
              }}
            />
          </Field>
          <Button ref={uploadRef} type="submit" name="intent" value="upload-images" variant="secondary" pending={uploading}>
            Enviar imagens
          </Button>
        </div>
        {state.uploadErrors.length ? (
          <div id="pe-photos-upload-errors">
            <Alert tone="danger" title="Alguns arquivos não foram enviados">
              <ul className="list-inside list-disc [overflow-wrap:anywhere]">
                {state.uploadErrors.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            </Alert>
          </div>
        ) : null}
        {images.length ? (
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Fotos (a primeira é a capa)">
            {images.map((url, i) => (
              <li key={url} className={cx("overflow-hidden rounded-md border bg-white", i === 0 ? "border-brand-400 ring-1 ring-brand-300" : "border-slate-200")} data-testid="editor-photo">
                <div className="relative aspect-[4/3] bg-slate-100">
                  <img src={variantUrl(url, 400)} alt={`Foto ${i + 1}`} className="size-full object-cover" loading="lazy" data-src={url} />
                  {i === 0 ? <span className="absolute left-1.5 top-1.5 rounded bg-brand-700 px-1.5 py-0.5 text-[11px] font-semibold text-white">Capa</span> : null}
                </div>
                <div className="flex items-center justify-between gap-1 px-1.5 py-1">
                  <span className="text-xs text-slate-500">{i + 1}</span>
                  <div className="flex gap-0.5">
                    <IconButton intent={`move-image-up:${i}`} label={`Mover foto ${i + 1} para cima`} disabled={i === 0}>
                      ↑
                    </IconButton>
                    <IconButton intent={`move-image-down:${i}`} label={`Mover foto ${i + 1} para baixo`} disabled={i === images.length - 1}>
                      ↓
                    </IconButton>
                    <IconButton intent={`remove-image:${i}`} label={`Remover foto ${i + 1}`} danger>
                      ✕
                    </IconButton>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">Nenhuma foto enviada ainda.</p>
        )}
      </div>
    </>
  );
}

/** A file input that fits a phone: the name wraps instead of being cut off. */
const FILE_INPUT = "h-auto w-full min-w-0 max-w-full whitespace-normal break-all py-1.5 text-sm file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1 file:text-sm";

/** The admin's logo library: a thumbnail and a name per logo, rename and remove (the project logo is fixed). */
function WatermarkLibrary({ library, chosen, pendingIntent }: { library: EditorView["watermarks"]; chosen: string; pendingIntent: string | null }) {
  if (!library.length) return null;
  return (
    <details className="rounded-md border border-slate-200" open={library.length <= 4 || undefined}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">Biblioteca de logos ({library.length})</summary>
      <ul className="divide-y divide-slate-100" aria-label="Biblioteca de logos">
        {library.map((w) => (
          <li key={w.url} className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center" data-testid="watermark-item">
            <div className="flex min-w-0 items-center gap-3 sm:w-56">
              <span className="grid h-10 w-16 shrink-0 place-items-center rounded bg-slate-600 bg-[linear-gradient(45deg,#64748b_25%,transparent_25%,transparent_75%,#64748b_75%),linear-gradient(45deg,#64748b_25%,transparent_25%,transparent_75%,#64748b_75%)] bg-[length:10px_10px] bg-[position:0_0,5px_5px] p-1">
                <img src={w.url} alt="" className="max-h-8 max-w-14 object-contain" loading="lazy" />
              </span>
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900">{w.name}</span>
                <span className="block truncate text-xs text-slate-500">
                  {w.file}
                  {w.url === chosen ? " · em uso" : ""}
                </span>
              </span>
            </div>
            {w.fixed ? (
              <p className="text-xs text-slate-500 sm:ml-auto">Logo fixa dos corretores</p>
            ) : (
              <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
                <label htmlFor={`wm-label-${w.file}`} className="sr-only">
                  Nome da logo {w.name}
                </label>
                <Input id={`wm-label-${w.file}`} name={watermarkLabelField(w.file)} defaultValue={w.name === w.file ? "" : w.name} placeholder="Nome da logo" maxLength={80} className="h-8 w-44 text-sm" />
                <Button type="submit" name="intent" value={`rename-watermark:${w.file}`} variant="secondary" size="sm" pending={pendingIntent === `rename-watermark:${w.file}`}>
                  Renomear
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value={`remove-watermark:${w.file}`}
                  variant="ghost-danger"
                  size="sm"
                  pending={pendingIntent === `remove-watermark:${w.file}`}
                  onClick={(e) => {
                    if (!window.confirm(`Remover a logo "${w.name}" da biblioteca? As fotos já enviadas continuam com a marca.`)) e.preventDefault();
                  }}
                >
                  Remover
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

function IconButton({ intent, label, disabled, danger, children }: { intent: string; label: string; disabled?: boolean; danger?: boolean; children: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      aria-label={label}
      title={label}
      disabled={disabled}
      className={cx("grid size-7 place-items-center rounded text-sm hover:bg-slate-100 disabled:opacity-30", danger ? "text-danger-700" : "text-slate-700")}
    >
      {children}
    </button>
  );
}
