import type { KeyboardEvent } from "react";
import { type AmenityList, AMENITY_LIST_LABELS } from "~/modules/properties/editor/state";
import { visibleSuggestions } from "~/modules/properties/editor/reducer";
import { Button, Input } from "~/components/ui";

/**
 * One list of amenities: chips with a remove button, a box added with Enter
 * (JavaScript) or the Adicionar button (a post), and up to six suggestions.
 */
export function ListEditor({
  list,
  items,
  draft,
  suggestions,
  placeholder,
  onDraft,
  onAdd,
}: {
  list: AmenityList;
  items: string[];
  draft: string;
  suggestions: readonly string[];
  placeholder: string;
  onDraft: (value: string) => void;
  onAdd: () => void;
}) {
  const inputId = `pe-new-${list}`;
  const shown = visibleSuggestions(suggestions, items);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      onAdd();
    }
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{AMENITY_LIST_LABELS[list]}</legend>
      {items.map((item) => (
        <input key={item} type="hidden" name={list} value={item} />
      ))}
      {items.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${AMENITY_LIST_LABELS[list]} escolhidas`}>
          {items.map((item, i) => (
            <li key={item} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
              {item}
              <button
                type="submit"
                name="intent"
                value={`remove-item:${list}:${i}`}
                className="grid size-5 place-items-center rounded-full text-brand-700 hover:bg-brand-100"
                aria-label={`Remover ${item}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-500">Nenhum item adicionado.</p>
      )}
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Adicionar em {AMENITY_LIST_LABELS[list]}
        </label>
        <Input id={inputId} name={`new_${list}`} value={draft} onChange={(e) => onDraft(e.target.value)} onKeyDown={onKeyDown} placeholder={placeholder} maxLength={80} className="h-9" />
        <Button type="submit" name="intent" value={`add-item:${list}`} variant="secondary" size="sm" className="h-9 shrink-0">
          Adicionar
        </Button>
      </div>
      {shown.length ? (
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="text-xs text-slate-500">Sugestões:</span>
          {shown.map((s) => (
            <button
              key={s}
              type="submit"
              name="intent"
              value={`suggest:${list}:${s}`}
              className="rounded-full border border-dashed border-slate-300 px-2.5 py-0.5 text-xs text-slate-700 hover:border-brand-400 hover:text-brand-700"
            >
              + {s}
            </button>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
