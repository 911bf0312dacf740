import { useEffect, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Badge, Button, Card, Field, Input, Modal, Select, Textarea, buttonClass, cx } from "~/components/ui";
import { PLACEHOLDER_IMAGE, srcSet, variantUrl } from "~/utils/images";
import { STATUS_LABELS, priceDisplay } from "~/modules/properties/vocabulary";
import type { CatalogueCard } from "~/modules/catalogue/broker-catalogue.server";

/**
 * Pieces of the broker catalogue (/broker/properties). Every control is a
 * link or a GET form, so the page works without JavaScript; with it the
 * city select submits itself and the link modal gets a copy button.
 */
/** A card as the loader sends it (type only: nothing of the server module reaches the browser). */
export type CardData = CatalogueCard;

export type FilterValues = {
  q?: string;
  type?: string;
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  city?: string;
  neighborhood?: string;
  view: "grid" | "list";
};

/** The current URL's query with some keys changed (undefined removes a key). */
export function withParams(search: string, changes: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}

function Price({ card, className }: { card: CardData; className?: string }) {
  const price = priceDisplay(card);
  return (
    <p className={cx("font-bold text-brand-800", className)}>
      {price.main}
      {price.suffix ? <span className="text-sm font-medium text-slate-600">{price.suffix}</span> : null}
    </p>
  );
}

function Cover({ card, eager, className }: { card: CardData; eager: boolean; className?: string }) {
  const src = card.cover ?? PLACEHOLDER_IMAGE;
  return (
    <img
      src={card.cover ? variantUrl(src, 800) : src}
      srcSet={card.cover ? srcSet(src) : undefined}
      sizes="(min-width: 1280px) 360px, (min-width: 640px) 50vw, 100vw"
      alt=""
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={cx("bg-slate-200 object-cover", className)}
    />
  );
}

function Tags({ card }: { card: CardData }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge tone="info">{card.property_type}</Badge>
      {card.status !== "available" ? <Badge tone="warning">{STATUS_LABELS[card.status]}</Badge> : null}
      {card.featured ? <Badge tone="accent">Destaque</Badge> : null}
      {card.canEdit ? <Badge tone="success">Seu imóvel</Badge> : null}
    </div>
  );
}

function Facts({ card }: { card: CardData }) {
  const facts = [card.area > 0 ? `${card.area.toLocaleString("pt-BR")} m²` : null, card.bedrooms > 0 ? `${card.bedrooms} quarto${card.bedrooms > 1 ? "s" : ""}` : null].filter(Boolean);
  return facts.length ? <p className="text-sm text-slate-600">{facts.join(" · ")}</p> : null;
}

function Actions({ card, search }: { card: CardData; search: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={withParams(search, { link: card.id })} preventScrollReset className={buttonClass("secondary", "sm")} aria-label={`Gerar link de ${card.title}`}>
        Gerar link
      </Link>
      {card.canEdit ? (
        <Link to={`/broker/properties/${card.id}/editar${search && search !== "?" ? search : ""}`} className={buttonClass("ghost", "sm")} aria-label={`Editar ${card.title}`}>
          Editar
        </Link>
      ) : null}
    </div>
  );
}

export function PropertyGrid({ cards, search }: { cards: CardData[]; search: string }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Imóveis">
      {cards.map((card, i) => (
        <li key={card.id}>
          <Card as="article" className="flex h-full flex-col overflow-hidden">
            <Cover card={card} eager={i < 3} className="aspect-[4/3] w-full" />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <Tags card={card} />
              <h2 className="line-clamp-2 text-base font-semibold text-slate-900">{card.title}</h2>
              <p className="text-sm text-slate-600" data-testid="card-place">
                {card.city}
                {card.neighborhood ? ` · ${card.neighborhood}` : ""}
              </p>
              <Facts card={card} />
              <Price card={card} className="mt-auto text-lg" />
              <Actions card={card} search={search} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function PropertyList({ cards, search }: { cards: CardData[]; search: string }) {
  return (
    <ul className="space-y-3" aria-label="Imóveis">
      {cards.map((card, i) => (
        <li key={card.id}>
          <Card as="article" className="flex items-start gap-3 overflow-hidden p-3 sm:items-center sm:gap-4">
            <Cover card={card} eager={i < 3} className="aspect-[4/3] w-28 shrink-0 rounded-lg sm:w-40" />
            <div className="min-w-0 flex-1 space-y-1">
              <Tags card={card} />
              <h2 className="line-clamp-2 text-base font-semibold text-slate-900 sm:line-clamp-1">{card.title}</h2>
              <p className="text-sm text-slate-600" data-testid="card-place">
                {card.city}
                {card.neighborhood ? ` · ${card.neighborhood}` : ""}
              </p>
              <Facts card={card} />
              <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
                <Price card={card} />
                <Actions card={card} search={search} />
              </div>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function ViewToggle({ view, search }: { view: "grid" | "list"; search: string }) {
  const options = [
    { value: "grid", label: "Grade", icon: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" },
    { value: "list", label: "Lista", icon: "M4 6h16M4 12h16M4 18h16" },
  ] as const;
  return (
    <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5" role="group" aria-label="Visualização">
      {options.map((o) => (
        <Link
          key={o.value}
          to={withParams(search, { view: o.value === "grid" ? undefined : o.value, link: undefined })}
          preventScrollReset
          aria-current={view === o.value ? "page" : undefined}
          className={cx("inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium", view === o.value ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100")}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d={o.icon} />
          </svg>
          {o.label}
        </Link>
      ))}
    </div>
  );
}

export function Pager({ items, page, pageCount, search }: { items: (number | "ellipsis")[]; page: number; pageCount: number; search: string }) {
  if (pageCount <= 1) return null;
  const href = (p: number) => withParams(search, { page: p === 1 ? undefined : p, link: undefined });
  const arrow = "inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium";
  return (
    <nav className="mt-8 flex flex-wrap items-center justify-center gap-1" aria-label="Paginação">
      {page > 1 ? (
        <Link to={href(page - 1)} className={cx(arrow, "text-slate-700 hover:bg-slate-200")} rel="prev">
          <span aria-hidden="true" className="sm:hidden">‹</span>
          <span className="max-sm:sr-only">Anterior</span>
        </Link>
      ) : (
        <span className={cx(arrow, "text-slate-400")} aria-hidden="true">
          <span className="sm:hidden">‹</span>
          <span className="max-sm:hidden">Anterior</span>
        </span>
      )}
      {items.map((item, i) =>
        item === "ellipsis" ? (
          <span key={`e${i}`} className="px-2 text-slate-500" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item}
            to={href(item)}
            aria-current={item === page ? "page" : undefined}
            aria-label={`Página ${item}`}
            className={cx("inline-flex size-9 items-center justify-center rounded-lg text-sm font-semibold", item === page ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-200")}
          >
            {item}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={href(page + 1)} className={cx(arrow, "text-slate-700 hover:bg-slate-200")} rel="next">
          <span aria-hidden="true" className="sm:hidden">›</span>
          <span className="max-sm:sr-only">Próxima</span>
        </Link>
      ) : (
        <span className={cx(arrow, "text-slate-400")} aria-hidden="true">
          <span className="sm:hidden">›</span>
          <span className="max-sm:hidden">Próxima</span>
        </span>
      )}
    </nav>
  );
}

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
        <Field label="Tipo" htmlFor="f-type">
          <Select id="f-type" name="type" defaultValue={values.type ?? ""}>
            <option value="">Todos</option>
            {kinds.map((k) => (
              <option key={k.code} value={k.code}>
                {k.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Quartos (mínimo)" htmlFor="f-bedrooms">
          <Select id="f-bedrooms" name="bedrooms" defaultValue={values.bedrooms ?? ""}>
            <option value="">Todos</option>
            {bedroomOptions.map((n) => (
              <option key={n} value={n}>
                {n}+
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Preço mínimo (R$)" htmlFor="f-min">
          <Input id="f-min" name="minPrice" inputMode="decimal" defaultValue={values.minPrice ?? ""} placeholder="0" />
        </Field>
        <Field label="Preço máximo (R$)" htmlFor="f-max">
          <Input id="f-max" name="maxPrice" inputMode="decimal" defaultValue={values.maxPrice ?? ""} placeholder="Sem limite" />
        </Field>
        <Field label="Cidade" htmlFor="f-city">
          <Select
            id="f-city"
            name="city"
            defaultValue={values.city ?? ""}
            onChange={(event) => {
              // The neighbourhood list depends on the city: reload at once, without the old neighbourhood.
              const form = new FormData(event.currentTarget.form ?? undefined);
              form.delete("neighborhood");
              for (const [k, v] of [...form.entries()]) if (v === "") form.delete(k);
              submit(form, { method: "get", preventScrollReset: true });
            }}
          >
            <option value="">Todas</option>
            {cities.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Bairro" htmlFor="f-neighborhood" hint={cityChosen ? undefined : "Escolha uma cidade primeiro."}>
          <Select id="f-neighborhood" name="neighborhood" defaultValue={values.neighborhood ?? ""} disabled={!cityChosen}>
            <option value="">Todos</option>
            {neighborhoods.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </Field>
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

export function ReferralLinkModal({ title, url, closeHref, hasRef }: { title: string; url: string; closeHref: string; hasRef: boolean }) {
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState<"ok" | "fail" | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2000); // spec: copy confirmation 2 s
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("ok");
    } catch {
      inputRef.current?.select();
      setCopied("fail");
    }
  }
  return (
    <Modal
      title="Link de indicação"
      labelledBy="referral-title"
      footer={
        <Link to={closeHref} preventScrollReset className={buttonClass("secondary")}>
          Fechar
        </Link>
      }
    >
      <p className="text-sm text-slate-700">
        Compartilhe o link de <strong>{title}</strong>. {hasRef ? "Os contatos feitos por ele chegam para você." : "Sem código de corretor: os contatos vão para a imobiliária."}
      </p>
      <label htmlFor="referral-url" className="mt-4 block text-sm font-medium text-slate-800">
        Link
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <Textarea id="referral-url" ref={inputRef} readOnly rows={3} value={url} onFocus={(e) => e.currentTarget.select()} className="resize-none break-all font-mono text-xs" />
        {hydrated ? (
          <Button onClick={copy} className="shrink-0">
            Copiar link
          </Button>
        ) : null}
      </div>
      <p className="mt-2 min-h-5 text-sm" role="status" aria-live="polite">
        {copied === "ok" ? <span className="text-success-700">Link copiado!</span> : null}
        {copied === "fail" ? <span className="text-danger-700">Não foi possível copiar o link.</span> : null}
        {!hydrated ? <span className="text-slate-600">Selecione o link e copie (Ctrl+C).</span> : null}
      </p>
    </Modal>
  );
}
