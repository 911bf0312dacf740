import { useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button, Card, Field, Input, SelectBox, buttonClass, textOptions } from "~/components/ui";
import type { InvalidFilters } from "~/modules/catalogue/params";
import { NumberFilterField } from "./number-filter";

/** The broker catalogue's filters: a GET form; with JavaScript the city select submits itself. */

export type FilterValues = {
  q?: string;
  type?: string;
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  city?: string;
  neighborhood?: string;
  view: "grid" | "list";
  /** Prices the server could not read: shown back as typed, with the reason. */
  invalid?: InvalidFilters;
};

export function CatalogueFilters({
  values,
  kinds,
  bedroomOptions,
  cities,
  neighborhoods,
}: {
  values: FilterValues;
  kinds: { code: string; label: string }[];
  bedroomOptions: readonly number[];
  cities: string[];
  neighborhoods: string[];
}) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const cityChosen = Boolean(values.city);
  // Remount the form when the URL's filters change, so the defaultValues follow Back/Forward.
  const key = JSON.stringify(values);
  return (
    <Card className="mb-6 p-3 sm:p-4">
      <Form key={key} ref={formRef} method="get" role="search" aria-label="Filtrar imóveis" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {values.view === "list" ? <input type="hidden" name="view" value="list" /> : null}
        <Field label="Buscar" htmlFor="f-q" className="col-span-2">
          <Input id="f-q" name="q" type="search" defaultValue={values.q ?? ""} placeholder="Título, cidade, bairro ou endereço" />
        </Field>
        <SelectBox id="f-type" name="type" label="Tipo" defaultValue={values.type ?? ""} placeholder="Todos" options={kinds.map((k) => ({ value: k.code, label: k.label }))} />
        <SelectBox id="f-bedrooms" name="bedrooms" label="Quartos (mínimo)" defaultValue={values.bedrooms ?? ""} placeholder="Todos" options={bedroomOptions.map((n) => ({ value: n, label: `${n}+` }))} />
        <NumberFilterField id="f-min" name="minPrice" label="Preço mínimo (R$)" placeholder="0" value={String(values.minPrice ?? "")} bad={values.invalid?.minPrice} />
        <NumberFilterField id="f-max" name="maxPrice" label="Preço máximo (R$)" placeholder="Sem limite" value={String(values.maxPrice ?? "")} bad={values.invalid?.maxPrice} />
        <SelectBox
          id="f-city"
          name="city"
          label="Cidade"
          defaultValue={values.city ?? ""}
          placeholder="Todas"
          options={textOptions(cities)}
          onChange={(event) => {
            // The neighbourhood list depends on the city: reload at once, without the old neighbourhood.
            const form = new FormData(event.currentTarget.form ?? undefined);
            form.delete("neighborhood");
            for (const [k, v] of [...form.entries()]) if (v === "") form.delete(k);
            submit(form, { method: "get", preventScrollReset: true });
          }}
        />
        <SelectBox id="f-neighborhood" name="neighborhood" label="Bairro" hint={cityChosen ? undefined : "Escolha uma cidade primeiro."} defaultValue={values.neighborhood ?? ""} disabled={!cityChosen} placeholder="Todos" options={textOptions(neighborhoods)} />
        <div className="col-span-2 flex items-end justify-end gap-2 lg:col-span-4">
          <Link to={values.view === "list" ? "?view=list" : "."} className={buttonClass("ghost")}>
            Limpar filtros
          </Link>
          <Button type="submit">Filtrar</Button>
        </div>
      </Form>
    </Card>
  );
}
