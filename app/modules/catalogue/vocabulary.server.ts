import { catalogueVocabularyPage, type IndexedWord } from "#db/fulltext";
import { log } from "~/modules/platform/logger.server";
import { db } from "~/modules/platform/db.server";
import { catalogueVersion } from "./version.server";
import { configScoped } from "~/modules/platform/config.server";

/**
 * The words of the public catalogue's index, kept in memory so a search can
 * match inside words (issue 13, item 8): what the visitor typed is looked
 * for inside each known word ('partamento' → 'apartamento', 'aulo' →
 * 'paulo'), and the word index is then asked for those words, which costs
 * what a word-start search costs.
 *
 * The list follows the catalogue (catalogue_version). Reading it takes about
 * 70 µs a word, so when the last read was quick (a small agency, the tests)
 * a change is read before answering; when it was slow, the search answers
 * with the previous list while a new one is read in pages in the
 * background, so only a word that appeared in the last moments can be
 * missed inside (its start is always found by the index itself).
 */
const PAGE_SIZE = 500;
const INLINE_REFRESH_MS = 20;
/** A fragment found inside more words than this is too vague to help; the most used of them are kept. */
const MAX_INSIDE_WORDS = 64;

type Vocabulary = { version: number; words: IndexedWord[]; readMs: number };
/** The list in memory belongs to one database (configScoped). */
const memory = configScoped(() => ({ current: null as Vocabulary | null, refreshing: null as Promise<Vocabulary> | null }));

async function read(version: number): Promise<Vocabulary> {
  const started = performance.now();
  const words: IndexedWord[] = [];
  let after = "";
  for (;;) {
    const page = await catalogueVocabularyPage(db(), after, PAGE_SIZE);
    words.push(...page);
    if (page.length < PAGE_SIZE) break;
    after = page[page.length - 1]!.term;
    // Let other requests run between pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Most used first, so a vague fragment keeps the words that matter.
  words.sort((a, b) => b.documents - a.documents);
  return { version, words, readMs: performance.now() - started };
}

function refresh(version: number): Promise<Vocabulary> {
  const held = memory();
  held.refreshing ??= read(version)
    .then((v) => (held.current = v))
    .finally(() => (held.refreshing = null));
  return held.refreshing;
}

/** The current vocabulary's lookup: the indexed words that contain `folded` after their first letter. */
export async function insideWordsLookup(): Promise<(folded: string) => string[]> {
  return (await catalogueWordLookups()).insideWords;
}

/**
 * What a search asks the vocabulary: `insideWords` (above), and
 * `onlyItselfStarts`: whether no indexed word but `folded` itself starts with
 * `folded` (then PostgreSQL's index is asked for the word, not for its
 * prefix: the same rows, found without walking the prefix's entries; see
 * db/fulltext.ts). It answers true only while the list in memory is the
 * catalogue's current one, so a word added a moment ago is still found by
 * its start.
 */
export async function catalogueWordLookups(): Promise<{ insideWords: (folded: string) => string[]; onlyItselfStarts: (folded: string) => boolean }> {
  const version = await catalogueVersion();
  let vocabulary = memory().current;
  if (!vocabulary) vocabulary = await refresh(version);
  else if (vocabulary.version !== version) {
    const next = refresh(version);
    if (vocabulary.readMs <= INLINE_REFRESH_MS) vocabulary = await next;
    else next.catch((error: unknown) => log.warn("catalogue vocabulary refresh failed", { error: String(error) }));
  }
  const words = vocabulary.words;
  const isCurrent = vocabulary.version === version;
  return {
    insideWords: (folded) => {
      const found: string[] = [];
      for (const w of words) {
        if (w.term.length > folded.length && !w.term.startsWith(folded) && w.term.includes(folded)) {
          found.push(w.term);
          if (found.length === MAX_INSIDE_WORDS) break;
        }
      }
      return found;
    },
    onlyItselfStarts: (folded) => isCurrent && !words.some((w) => w.term.length > folded.length && w.term.startsWith(folded)),
  };
}
