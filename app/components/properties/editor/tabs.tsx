import { Suspense, lazy, useEffect, useState, type Dispatch, type ReactNode, type SetStateAction } from "react";
import { Alert, Button, Field, Input, Options, Select, Textarea, cx, optionsOf, textOptions } from "~/components/ui";
import { formatArea, formatNumber } from "~/utils/format";
import { type AmenityList, type EditorDrafts, type EditorState, type EditorValues, LIMITS } from "~/modules/properties/editor/state";
import { currentYear } from "~/modules/properties/editor/schema";
import { CONSTRUCTION_LABELS, FACING_LABELS, PROPERTY_KINDS, PURPOSE_LABELS, STATUS_LABELS, SUGGESTED_AMENITIES, SUGGESTED_NEARBY, TYPE_LABELS } from "~/modules/properties/vocabulary";
import { ADDRESS_DISPLAYS, ADDRESS_DISPLAY_LABELS, UF_CODES, UF_NAMES, isUf, maskPostalCode } from "~/modules/properties/address";
import { ListEditor } from "./list-editor";
import type { MapTiles } from "./location-map";
import { parseCoordinate } from "~/modules/properties/editor/schema";

/** Leaflet and the pin come in their own chunk, fetched only when the Localização tab is shown with JavaScript. */
const LocationMap = lazy(() => import("./location-map"));

type SetValue = <K extends keyof EditorValues>(name: K, value: EditorValues[K]) => void;
type TabProps = { state: EditorState; setValue: SetValue };

/** Props of a text-like control bound to one value, with its error wiring. */
function bind(state: EditorState, setValue: SetValue, name: keyof EditorValues) {
  const error = state.errors[name];
  return {
    id: `pe-${name}`,
    name,
    value: String(state.values[name] ?? ""),
    onChange: (e: { target: { value: string } }) => setValue(name, e.target.value as never),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `pe-${name}-error` : undefined,
  };
}

function Grid({ children, cols = 2 }: { children: ReactNode; cols?: 2 | 3 | 4 }) {
  return <div className={cx("grid gap-4", cols === 2 && "sm:grid-cols-2", cols === 3 && "sm:grid-cols-3", cols === 4 && "grid-cols-2 sm:grid-cols-4")}>{children}</div>;
}

function Panel({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 md:p-5">
      {title ? <h3 className="text-sm font-semibold text-slate-900">{title}</h3> : null}
      {children}
    </div>
  );
}

function Check({ name, label, checked, onChange, hint }: { name: string; label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-800">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-0.5 size-4 rounded border-slate-300 text-brand-700" />
      <span>
        {label}
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </span>
    </label>
  );
}

export function BasicsTab({ state, setValue, hideFeatured }: TabProps & { hideFeatured: boolean }) {
  const e = state.errors;
  const year = currentYear();
  return (
    <Panel>
      <Field label="Título" htmlFor="pe-title" error={e.title}>
        <Input {...bind(state, setValue, "title")} maxLength={LIMITS.title} placeholder="Ex.: Casa com 3 quartos no Jardim Europa" autoComplete="off" />
      </Field>
      <Grid>
        <Field label="Categoria de busca" htmlFor="pe-type" error={e.type}>
          <Select {...bind(state, setValue, "type")}>
            {Object.entries(TYPE_LABELS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Tipo de imóvel" htmlFor="pe-property_type" error={e.property_type}>
          <Select {...bind(state, setValue, "property_type")}>
            <Options options={textOptions(PROPERTY_KINDS)} />
          </Select>
        </Field>
        <Field label="Status da construção" htmlFor="pe-construction_status" error={e.construction_status}>
          <Select {...bind(state, setValue, "construction_status")}>
            {Object.entries(CONSTRUCTION_LABELS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Ano de construção" htmlFor="pe-construction_year" error={e.construction_year} hint={`Opcional, de 1900 a ${year}`}>
          <Input {...bind(state, setValue, "construction_year")} type="number" min={1900} max={year} step={1} inputMode="numeric" />
        </Field>
        <Field label="Finalidade" htmlFor="pe-purpose" error={e.purpose}>
          <Select {...bind(state, setValue, "purpose")}>
            {Object.entries(PURPOSE_LABELS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status" htmlFor="pe-status" error={e.status}>
          <Select {...bind(state, setValue, "status")}>
            {Object.entries(STATUS_LABELS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
      </Grid>
      {hideFeatured ? null : <Check name="featured" label="Destacar imóvel" hint="Aparece nos destaques da página inicial." checked={state.values.featured} onChange={(v) => setValue("featured", v)} />}
    </Panel>
  );
}

/**
 * The address (issue 24): street, number, complement, CEP (masked while
 * typing with JavaScript; without it the server reads it with or without
 * the hyphen), neighbourhood, city, state (SP unless chosen), and what the
 * site and the portals may show of it.
 */
/** The pin on a map (JavaScript only; without it the two fields are the way to set the place). */
function LocationPicker({ state, setValue, tiles }: TabProps & { tiles: MapTiles }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  const lat = parseCoordinate(state.values.latitude, 90);
  const lng = parseCoordinate(state.values.longitude, 180);
  const text = (n: number) => n.toFixed(6).replace(".", ",");
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">Arraste o marcador ou clique no mapa para preencher a latitude e a longitude.</p>
      <Suspense fallback={<div className="h-72 w-full animate-pulse rounded-lg bg-slate-100 sm:h-80" />}>
        <LocationMap
          lat={lat !== null && lng !== null ? lat : null}
          lng={lat !== null && lng !== null ? lng : null}
          tiles={tiles}
          onPick={(la, ln) => {
            setValue("latitude", text(la));
            setValue("longitude", text(ln));
          }}
        />
      </Suspense>
    </div>
  );
}

export function LocationTab({ state, setValue, mapTiles }: TabProps & { mapTiles?: MapTiles }) {
  const e = state.errors;
  const cep = bind(state, setValue, "postal_code");
  return (
    <Panel>
      <Field label="Endereço (rua, avenida…)" htmlFor="pe-address" error={e.address} hint="Sem o número: ele tem o seu campo.">
        <Input {...bind(state, setValue, "address")} maxLength={LIMITS.address} placeholder="Ex.: Avenida Paulista" autoComplete="off" />
      </Field>
      <Grid cols={3}>
        <Field label="Número" htmlFor="pe-street_number" error={e.street_number} hint="Opcional (ex.: 120 ou S/N)">
          <Input {...bind(state, setValue, "street_number")} maxLength={LIMITS.streetNumber} autoComplete="off" />
        </Field>
        <Field label="Complemento" htmlFor="pe-complement" error={e.complement} hint="Opcional; nunca aparece no site">
          <Input {...bind(state, setValue, "complement")} maxLength={LIMITS.complement} placeholder="Ex.: Apto 52, bloco B" autoComplete="off" />
        </Field>
        <Field label="CEP" htmlFor="pe-postal_code" error={e.postal_code} hint="00000-000; o OLX, o ZAP e o VivaReal exigem">
          <Input {...cep} onChange={(event) => setValue("postal_code", maskPostalCode(event.target.value))} inputMode="numeric" maxLength={10} placeholder="00000-000" autoComplete="postal-code" />
        </Field>
      </Grid>
      <Grid cols={3}>
        <Field label="Bairro" htmlFor="pe-neighborhood" error={e.neighborhood}>
          <Input {...bind(state, setValue, "neighborhood")} maxLength={LIMITS.neighborhood} autoComplete="off" />
        </Field>
        <Field label="Cidade" htmlFor="pe-city" error={e.city}>
          <Input {...bind(state, setValue, "city")} maxLength={LIMITS.city} autoComplete="off" />
        </Field>
        <Field label="Estado" htmlFor="pe-state" error={e.state}>
          <Select {...bind(state, setValue, "state")}>
            {isUf(state.values.state) ? null : <option value={state.values.state}>Selecione</option>}
            <Options options={UF_CODES.map((uf) => ({ value: uf, label: `${UF_NAMES[uf]} (${uf})` }))} />
          </Select>
        </Field>
      </Grid>
      <Field
        label="O que mostrar do endereço"
        htmlFor="pe-address_display"
        error={e.address_display}
        hint="Vale para a página do imóvel e para os portais. Os portais recebem o endereço inteiro para localizar o imóvel, mas só mostram o que estiver escolhido aqui."
      >
        <Select {...bind(state, setValue, "address_display")}>
          <Options options={optionsOf(ADDRESS_DISPLAYS, ADDRESS_DISPLAY_LABELS)} />
        </Select>
      </Field>
      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Posição no mapa</legend>
        <p className="text-sm text-slate-600">Opcional. Sem ela, o imóvel fica fora do mapa de imóveis do site. Com &lsquo;Só bairro e cidade&rsquo;, o site mostra um ponto aproximado (cerca de 100 m).</p>
        <Grid cols={2}>
          <Field label="Latitude" htmlFor="pe-latitude" error={e.latitude} hint="Entre -90 e 90 (ex.: -23,5505)">
            <Input {...bind(state, setValue, "latitude")} inputMode="decimal" maxLength={20} placeholder="-23,5505" autoComplete="off" />
          </Field>
          <Field label="Longitude" htmlFor="pe-longitude" error={e.longitude} hint="Entre -180 e 180 (ex.: -46,6333)">
            <Input {...bind(state, setValue, "longitude")} inputMode="decimal" maxLength={20} placeholder="-46,6333" autoComplete="off" />
          </Field>
        </Grid>
        {mapTiles ? <LocationPicker state={state} setValue={setValue} tiles={mapTiles} /> : null}
      </fieldset>
    </Panel>
  );
}

function NumberField({ state, setValue, name, label, decimal = false, hint }: TabProps & { name: keyof EditorValues; label: string; decimal?: boolean; hint?: string }) {
  return (
    <Field label={label} htmlFor={`pe-${name}`} error={state.errors[name]} hint={hint}>
      {decimal ? (
        <Input {...bind(state, setValue, name)} type="text" inputMode="decimal" autoComplete="off" />
      ) : (
        <Input {...bind(state, setValue, name)} type="number" min={0} step={1} inputMode="numeric" />
      )}
    </Field>
  );
}

export function FeaturesTab({
  state,
  setValue,
  setState,
  pendingIntent,
}: TabProps & { setState: Dispatch<SetStateAction<EditorState>>; pendingIntent: string | null }) {
  const p = { state, setValue };
  const setDraft = (name: keyof EditorDrafts, value: string) => setState((s) => ({ ...s, drafts: { ...s.drafts, [name]: value } }));
  return (
    <>
      <Panel>
        <Grid cols={3}>
          <NumberField {...p} name="area" label="Área (m²)" decimal />
          <NumberField {...p} name="bedrooms" label="Quartos" />
          <NumberField {...p} name="bathrooms" label="Banheiros" />
          <NumberField {...p} name="suites" label="Suítes" />
          <NumberField {...p} name="parking_spots" label="Vagas" />
          <Field label="Orientação solar" htmlFor="pe-facing_direction" error={state.errors.facing_direction}>
            <Select {...bind(state, setValue, "facing_direction")}>
              <option value="">Não informada</option>
              {Object.entries(FACING_LABELS).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <NumberField {...p} name="floor" label="Andar" hint="Opcional" />
          <NumberField {...p} name="total_floors" label="Total de andares" hint="Opcional" />
        </Grid>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Check name="furnished" label="Mobiliado" checked={state.values.furnished} onChange={(v) => setValue("furnished", v)} />
          <Check name="pets_allowed" label="Aceita animais" checked={state.values.pets_allowed} onChange={(v) => setValue("pets_allowed", v)} />
        </div>
      </Panel>

      <Panel title="Opções de planta">
        <p className="-mt-2 text-xs text-slate-600">Variações de metragem e cômodos (até {LIMITS.options}).</p>
        {state.values.options.map((o) => (
          <input key={o.id} type="hidden" name="options" value={JSON.stringify(o)} />
        ))}
        {state.values.options.length ? (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Opções cadastradas">
            {state.values.options.map((o, i) => (
              <li key={o.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span>
                  <span className="font-medium">Opção {i + 1}:</span> {formatArea(o.area)} · {o.bedrooms} quarto(s) · {o.bathrooms} banheiro(s)
                  {o.suites ? ` · ${o.suites} suíte(s)` : ""}
                </span>
                <Button type="submit" name="intent" value={`remove-option:${o.id}`} variant="ghost-danger" size="sm" pending={pendingIntent === `remove-option:${o.id}`}>
                  Remover
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {state.optionsNotice ? <Alert tone={state.optionsNotice.tone === "info" ? "info" : state.optionsNotice.tone}>{state.optionsNotice.text}</Alert> : null}
        <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-5">
          {(
            [
              ["opt_area", "Área (m²)"],
              ["opt_bedrooms", "Quartos"],
              ["opt_bathrooms", "Banheiros"],
              ["opt_suites", "Suítes"],
            ] as const
          ).map(([name, label]) => (
            <Field key={name} label={label} htmlFor={`pe-${name}`}>
              <Input id={`pe-${name}`} name={name} value={state.drafts[name]} onChange={(e) => setDraft(name, e.target.value)} inputMode="decimal" autoComplete="off" className="h-9" />
            </Field>
          ))}
          <Button type="submit" name="intent" value="add-option" variant="secondary" size="sm" className="col-span-2 h-9 whitespace-nowrap sm:col-span-1" pending={pendingIntent === "add-option"}>
            Adicionar opção
          </Button>
        </div>
      </Panel>
    </>
  );
}

export function ValuesTab({ state, setValue }: TabProps) {
  const p = { state, setValue };
  const purpose = state.values.purpose;
  return (
    <Panel>
      <p className="text-xs text-slate-600">Valores em reais; aceita vírgula nos centavos (ex.: 450.000,00).</p>
      <Grid>
        <NumberField {...p} name="price" label="Preço de venda (R$)" decimal hint={purpose === "rent" ? "Opcional para aluguel" : "Obrigatório para venda"} />
        <NumberField {...p} name="rent_price" label="Valor do aluguel (R$/mês)" decimal hint={purpose === "sale" ? "Opcional para venda" : "Obrigatório para aluguel"} />
        <NumberField {...p} name="condo_fee" label="Condomínio (R$/mês)" decimal />
        <NumberField {...p} name="iptu" label="IPTU (R$)" decimal />
      </Grid>
    </Panel>
  );
}

export function AmenitiesTab({ state, setState, dispatch }: { state: EditorState; setState: Dispatch<SetStateAction<EditorState>>; dispatch: (intent: string) => void }) {
  const draftName = (list: AmenityList) => `new_${list}` as keyof EditorDrafts;
  const setDraft = (list: AmenityList, value: string) => setState((s) => ({ ...s, drafts: { ...s.drafts, [draftName(list)]: value } }));
  const errors = [state.errors.amenities, state.errors.nearby_amenities, state.errors.special_features].filter(Boolean);
  return (
    <Panel>
      {errors.length ? <Alert tone="danger">{errors[0]}</Alert> : null}
      <ListEditor list="amenities" items={state.values.amenities} draft={state.drafts.new_amenities} suggestions={SUGGESTED_AMENITIES} placeholder="Ex.: Piscina" onDraft={(v) => setDraft("amenities", v)} onAdd={() => dispatch("add-item:amenities")} />
      <ListEditor
        list="nearby_amenities"
        items={state.values.nearby_amenities}
        draft={state.drafts.new_nearby_amenities}
        suggestions={SUGGESTED_NEARBY}
        placeholder="Ex.: Escola"
        onDraft={(v) => setDraft("nearby_amenities", v)}
        onAdd={() => dispatch("add-item:nearby_amenities")}
      />
      <ListEditor
        list="special_features"
        items={state.values.special_features}
        draft={state.drafts.new_special_features}
        suggestions={[]}
        placeholder="Ex.: Vista para o mar"
        onDraft={(v) => setDraft("special_features", v)}
        onAdd={() => dispatch("add-item:special_features")}
      />
    </Panel>
  );
}

export function DescriptionTab({ state, setValue }: TabProps) {
  return (
    <Panel>
      <Field label="Descrição" htmlFor="pe-description" error={state.errors.description} hint={`Quebras de linha são mantidas. Até ${formatNumber(LIMITS.description)} caracteres.`}>
        <Textarea {...bind(state, setValue, "description")} rows={6} />
      </Field>
    </Panel>
  );
}
