import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert, Button, CancelLink, Spinner, cx } from "~/components/ui";
import { formatBRL, parseDecimal } from "~/utils/format";
import { variantUrl } from "~/utils/images";
import { type EditorState, type EditorValues, type Tab, TABS, TAB_LABELS, tabIndex } from "~/modules/properties/editor/state";
import { FIELD_TAB, tabsWithErrors, validateTab } from "~/modules/properties/editor/schema";
import { isLocalIntent, parseIntent } from "~/modules/properties/editor/intents";
import { clearFixedErrors, reduceEditor } from "~/modules/properties/editor/reducer";
import { BasicsTab, DescriptionTab, FeaturesTab, LocationTab, ValuesTab, AmenitiesTab } from "./tabs";
import { ImagesTab } from "./images-tab";
import type { EditorView } from "~/modules/properties/editor/view";
import { type EditorReply, stateFromReply } from "~/modules/properties/editor/form-data";
import { propertyPath } from "~/modules/properties/vocabulary";

export type EditorProps = {
  mode: "admin" | "broker";
  view: EditorView;
  /** the action's reply (`submission.reply()`) after a post that stayed on the editor */
  reply?: EditorReply | null;
  /** where Cancelar goes: the list with its filters */
  listHref: string;
  /** after a create: links to the new property */
  createdLinks?: { viewHref: string; editHref: string; title: string } | null;
};

/**
 * The property editor (spec 01 §2, §4): a full-screen overlay holding ONE
 * form with all seven tabs. Only the current tab is visible; the others are
 * `hidden`, so their values are still posted and nothing typed is lost.
 * Without JavaScript every button is a submit with an `intent` and the
 * server applies the rules; with JavaScript the same reducer runs here and
 * only uploads, option writes (edit mode) and saving go to the server.
 */
let replies = 0;

export function PropertyEditor(props: EditorProps) {
  // A new server answer (or a new load) starts from its state.
  const answered = useMemo(() => (props.reply ? { state: stateFromReply(props.reply), key: `reply-${++replies}` } : null), [props.reply]);
  const source = answered ?? { state: props.view.initial, key: props.view.revision };
  return <EditorForm key={source.key} {...props} initial={source.state} />;
}

function EditorForm({ mode, view, listHref, initial, createdLinks }: EditorProps & { initial: EditorState }) {
  const [state, setState] = useState<EditorState>(initial);
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const editing = view.propertyId !== null;
  const broker = mode === "broker";
  const pendingIntent = navigation.state !== "idle" && navigation.formData ? String(navigation.formData.get("intent") ?? "") : null;
  const [showSuccess, setShowSuccess] = useState(view.success.length > 0);
  useEffect(() => {
    // /integracao-xml links to the field that fixes a rule (…?tab=location#pe-postal_code): put the cursor there.
    const target = window.location.hash.startsWith("#pe-") ? document.getElementById(window.location.hash.slice(1)) : null;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) target.focus();
  }, []);
  useEffect(() => {
    if (!view.success.length) return;
    const t = setTimeout(() => setShowSuccess(false), 3000);
    return () => clearTimeout(t);
  }, [view.success]);

  const dispatchLocal = (raw: string) => setState((s) => reduceEditor(s, parseIntent(raw)));
  const setValue = <K extends keyof EditorValues>(name: K, value: EditorValues[K]) => setState((s) => clearFixedErrors({ ...s, values: { ...s.values, [name]: value } }));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
    const intent = parseIntent(submitter?.getAttribute("name") === "intent" ? submitter.value : "refresh");
    if (isLocalIntent(intent, editing)) {
      e.preventDefault();
      setState((s) => reduceEditor(s, intent));
      return;
    }
    if (intent.kind === "save") {
      const checked = reduceEditor(state, intent);
      if (Object.keys(checked.errors).length) {
        e.preventDefault();
        setState(checked);
      }
    }
  };

  const dots = tabsWithErrors(state);
  const current = state.tab;
  const at = tabIndex(current);
  const last = at === TABS.length - 1;
  const saveBlocked = broker && state.values.images.length === 0;
  const saving = pendingIntent === "save";
  const tabError = (tab: Tab) => Object.entries(state.errors).find(([field]) => FIELD_TAB[field] === tab)?.[1];
  const title = state.values.title.trim() || "Novo Imóvel";

  return (
    <div className="fixed inset-0 z-50 flex flex-col bg-slate-100" role="dialog" aria-modal="true" aria-labelledby="pe-heading">
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        noValidate
        replace
        preventScrollReset
        onSubmit={onSubmit}
        className="flex min-h-0 flex-1 flex-col"
        aria-busy={navigation.state !== "idle" || undefined}
      >
        {/* Enter in a text box: the first submit button; it only keeps what was typed. */}
        <button type="submit" name="intent" value="refresh" tabIndex={-1} aria-hidden="true" className="sr-only">
          Atualizar
        </button>
        <input type="hidden" name="tab" value={current} />
        {state.visited.map((t) => (
          <input key={t} type="hidden" name="visited" value={t} />
        ))}
        {state.draftFolder ? <input type="hidden" name="draftFolder" value={state.draftFolder} /> : null}

        <EditorHeader values={state.values} title={title} listHref={listHref} editing={editing} saveBlocked={saveBlocked} saving={saving} slug={view.slug} />

        <div className="flex min-h-0 flex-1 flex-col md:flex-row">
          <nav aria-label="Etapas do cadastro" className="shrink-0 border-b border-slate-200 bg-white md:w-60 md:border-b-0 md:border-r">
            {/* Phones: the steps wrap (no hidden scroll position to restore without JavaScript). */}
            <ol className="flex flex-wrap gap-1 px-2 py-2 md:flex-col md:flex-nowrap md:gap-0.5 md:px-3 md:py-4">
              {TABS.map((tab, i) => {
                const active = tab === current;
                const message = active ? tabError(tab) : undefined;
                return (
                  <li key={tab} className="shrink-0">
                    <button
                      type="submit"
                      name="intent"
                      value={`goto:${tab}`}
                      aria-current={active ? "step" : undefined}
                      className={cx(
                        "flex w-full items-center gap-1.5 rounded-md px-2 py-1.5 text-left text-xs md:gap-2 md:px-2.5 md:py-2 md:text-sm",
                        active ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-50",
                      )}
                    >
                      <span className={cx("grid size-5 shrink-0 place-items-center rounded-full text-[11px] font-semibold", active ? "bg-brand-700 text-white" : "bg-slate-200 text-slate-700")}>{i + 1}</span>
                      <span className="whitespace-nowrap">{TAB_LABELS[tab]}</span>
                      {dots.includes(tab) ? (
                        <span className="ml-auto size-2 shrink-0 rounded-full bg-danger-600" data-testid={`tab-error-${tab}`}>
                          <span className="sr-only"> (com erros)</span>
                        </span>
                      ) : null}
                    </button>
                    {message ? <p className="hidden px-2.5 pb-1 pl-10 text-xs text-danger-700 md:block">{message}</p> : null}
                  </li>
                );
              })}
            </ol>
            {dots.length ? (
              <ul className="space-y-0.5 border-t border-slate-100 px-3 py-2 text-xs text-danger-700 md:hidden" aria-label="Etapas com erros">
                {dots.map((tab) => (
                  <li key={tab}>
                    <strong>{TAB_LABELS[tab]}:</strong> {tabError(tab) ?? Object.values(validateTab(tab, state.values))[0] ?? "verifique os campos"}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="hidden gap-2 border-t border-slate-200 px-3 py-3 md:flex md:flex-col">
              <CancelAndSave listHref={listHref} editing={editing} saveBlocked={saveBlocked} saving={saving} keepScroll />
            </div>
          </nav>

          <main className="min-h-0 flex-1 overflow-y-auto" id="pe-content">
            <div className="mx-auto max-w-3xl space-y-4 px-4 py-5 md:px-8">
              {showSuccess && view.success.length ? (
                <Alert tone="success">
                  {view.success.map((m) => (
                    <p key={m}>{m}</p>
                  ))}
                </Alert>
              ) : null}
              {createdLinks ? (
                <Alert tone="info" title={createdLinks.title}>
                  <p className="flex flex-wrap gap-x-4 gap-y-1">
                    <a href={createdLinks.viewHref} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
                      Ver no site
                    </a>
                    <Link to={createdLinks.editHref} className="font-medium text-brand-700 underline">
                      Editar este imóvel
                    </Link>
                  </p>
                </Alert>
              ) : null}
              {state.banner ? (
                <Alert tone={state.banner.tone === "danger" ? "danger" : state.banner.tone} title={state.banner.title}>
                  <p>{state.banner.text}</p>
                </Alert>
              ) : null}
              <h2 className="text-lg font-semibold text-slate-900">{TAB_LABELS[current]}</h2>

              <TabPanel tab="basics" current={current}>
                <BasicsTab state={state} setValue={setValue} hideFeatured={broker} />
              </TabPanel>
              <TabPanel tab="location" current={current}>
                <LocationTab state={state} setValue={setValue} mapTiles={view.mapTiles} />
              </TabPanel>
              <TabPanel tab="features" current={current}>
                <FeaturesTab state={state} setValue={setValue} setState={setState} pendingIntent={pendingIntent} />
              </TabPanel>
              <TabPanel tab="values" current={current}>
                <ValuesTab state={state} setValue={setValue} />
              </TabPanel>
              <TabPanel tab="amenities" current={current}>
                <AmenitiesTab state={state} setState={setState} dispatch={dispatchLocal} />
              </TabPanel>
              <TabPanel tab="description" current={current}>
                <DescriptionTab state={state} setValue={setValue} />
              </TabPanel>
              <TabPanel tab="images" current={current}>
                <ImagesTab state={state} setState={setState} mode={mode} view={view} formRef={formRef} pendingIntent={pendingIntent} />
              </TabPanel>
            </div>
          </main>
        </div>

        <footer className="flex items-center justify-between gap-2 border-t border-slate-200 bg-white px-4 py-3 md:px-6">
          <Button type="submit" name="intent" value="prev" variant="secondary" disabled={at === 0}>
            Anterior
          </Button>
          <p className="hidden text-xs text-slate-500 sm:block">
            Etapa {at + 1} de {TABS.length}
          </p>
          {last ? (
            <Button type="submit" name="intent" value="save" disabled={saveBlocked} pending={saving}>
              {editing ? "Salvar Alterações" : "Cadastrar Imóvel"}
            </Button>
          ) : (
            <Button type="submit" name="intent" value="next">
              Próximo
            </Button>
          )}
        </footer>
      </Form>
    </div>
  );
}

function TabPanel({ tab, current, children }: { tab: Tab; current: Tab; children: ReactNode }) {
  return (
    <section hidden={tab !== current} aria-label={TAB_LABELS[tab]} data-tab={tab} className="space-y-4">
      {children}
    </section>
  );
}

function headerPrice(values: EditorValues): string {
  const sale = parseDecimal(values.price) ?? 0;
  const rent = parseDecimal(values.rent_price) ?? 0;
  if (values.purpose === "rent" || (sale <= 0 && rent > 0)) return `${formatBRL(rent)}/mês`;
  return formatBRL(sale);
}

function EditorHeader({
  values,
  title,
  listHref,
  editing,
  saveBlocked,
  saving,
  slug,
}: {
  values: EditorValues;
  title: string;
  listHref: string;
  editing: boolean;
  saveBlocked: boolean;
  saving: boolean;
  slug: string | null;
}) {
  const cover = values.images[0];
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-4 py-3 md:flex-nowrap md:px-6">
      <div className="size-10 shrink-0 overflow-hidden rounded-md bg-slate-200 md:size-12">
        {cover ? <img src={variantUrl(cover, 400)} alt="" className="size-full object-cover" /> : <span className="grid size-full place-items-center text-xs text-slate-600">Foto</span>}
      </div>
      <div className="min-w-0 flex-1">
        <h1 id="pe-heading" className="line-clamp-2 break-words text-base font-semibold text-slate-900 md:line-clamp-1">
          {title}
        </h1>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600">
          <span className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700" data-testid="pe-kind">
            {values.property_type || "—"}
          </span>
          {values.city.trim() ? <span>{values.city.trim()}</span> : null}
          <span className="font-semibold text-slate-800" data-testid="pe-price">
            {headerPrice(values)}
          </span>
          {editing && slug ? (
            <a href={propertyPath({ slug })} target="_blank" rel="noreferrer" className="text-brand-700 hover:underline">
              Ver no site
            </a>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 basis-full justify-end gap-2 md:hidden">
        <CancelAndSave listHref={listHref} editing={editing} saveBlocked={saveBlocked} saving={saving} />
      </div>
    </header>
  );
}

export function PendingText({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-slate-600">
      <Spinner /> {children}
    </span>
  );
}

/** 'Cancelar' back to the list and, once the property exists, 'Salvar': in the side column on a wide screen, in the header on a phone. */
function CancelAndSave({ listHref, editing, saveBlocked, saving, keepScroll }: { listHref: string; editing: boolean; saveBlocked: boolean; saving: boolean; keepScroll?: boolean }) {
  return (
    <>
      <CancelLink to={listHref} size="sm" preventScrollReset={keepScroll} />
      {editing ? (
        <Button type="submit" name="intent" value="save" size="sm" disabled={saveBlocked} pending={saving}>
          Salvar
        </Button>
      ) : null}
    </>
  );
}
