import { sql, type Kysely } from "kysely";
import type { DatabaseEngine, DatabaseHandle } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";

/**
 * The typo step of the catalogue search (decision 12): each word typed is checked against the
 * words the catalogue actually holds, and one that matches nothing is replaced by the closest
 * word that does. SQLite reads its vocabulary from the FTS5 index (`books_fts_vocab`),
 * PostgreSQL from `book_search_words` (kept by a trigger); the choice itself is made here, so
 * both engines correct the same way.
 */

/** More words than this are ignored: each one costs a look-up. */
export const MAX_QUERY_WORDS = 8;
/** A longer "word" is not a word anybody typed on purpose. */
const MAX_WORD_LENGTH = 40;
/** Shorter words are never corrected: too many words are one letter away from them. */
const MIN_CORRECTED_LENGTH = 4;

/**
 * The first text after every text that starts with `prefix`, in byte (code point) order: the
 * prefix with its last character moved one on ("sa" → "sb"). A plain upper bound lets FTS5's
 * vocabulary and PostgreSQL's index read just that range.
 */
function afterPrefix(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  // U+10FFFF never ends a real word; U+D7FF is followed by surrogates, which text never holds.
  const next = last === 0xd7ff ? 0xe000 : last + 1;
  return chars.join("") + String.fromCodePoint(Math.min(next, 0x10ffff));
}

/**
 * The words of a query as the engine's tokenizer sees them: runs of letters and digits, lower
 * case. SQLite's tokenizer also drops accents (`remove_diacritics`); PostgreSQL's `simple`
 * configuration keeps them.
 */
export function queryWords(query: string, engine: DatabaseEngine): string[] {
  let text = query.normalize("NFKC").toLowerCase();
  if (engine === "sqlite") text = text.normalize("NFD").replace(/\p{M}/gu, "");
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length <= MAX_WORD_LENGTH))].slice(0, MAX_QUERY_WORDS);
}

interface VocabularyWord {
  term: string;
  books: number;
}

/** Words of the catalogue from `from` (inclusive) up to `to` (exclusive), in byte order. */
async function vocabulary(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  range: { from: string; to: string; minLength?: number; maxLength?: number; limit?: number },
): Promise<VocabularyWord[]> {
  const minLength = range.minLength ?? 0;
  const maxLength = range.maxLength ?? MAX_WORD_LENGTH;
  const limit = range.limit ?? 10_000;
  const query =
    engine === "sqlite"
      ? sql<VocabularyWord>`select term, doc as books from books_fts_vocab
          where term >= ${range.from} and term < ${range.to} and length(term) between ${minLength} and ${maxLength}
          limit ${limit}`
      : sql<VocabularyWord>`select word as term, books from book_search_words
          where word >= ${range.from} and word < ${range.to} and length(word) between ${minLength} and ${maxLength}
          limit ${limit}`;
  return (await query.execute(db)).rows;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbouring letters each cost one ("samaritian" → "samaritan" is 1, "smaaritan" is 1).
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The word to search for instead of `word`: itself when some catalogue word starts with it (the
 * search matches prefixes), else the closest catalogue word with the same first letter, at most
 * one edit away for words up to 5 letters and two for longer ones (more books, then alphabetical
 * order, break ties); null when there is none.
 */
async function correctWord(db: Kysely<Database>, engine: DatabaseEngine, word: string): Promise<string | null> {
  if ((await vocabulary(db, engine, { from: word, to: afterPrefix(word), limit: 1 })).length > 0) return word;
  if (word.length < MIN_CORRECTED_LENGTH) return null;
  const allowed = word.length <= 5 ? 1 : 2;
  const first = String.fromCodePoint(word.codePointAt(0)!);
  const candidates = await vocabulary(db, engine, {
    from: first,
    to: afterPrefix(first),
    minLength: word.length - allowed,
    maxLength: word.length + allowed,
  });
  let best: { term: string; distance: number; books: number } | null = null;
  for (const { term, books } of candidates) {
    const distance = editDistance(word, term);
    if (distance > allowed) continue;
    const count = Number(books);
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && (count > best.books || (count === best.books && term < best.term)))
    ) {
      best = { term, distance, books: count };
    }
  }
  return best?.term ?? null;
}

export interface CorrectedWords {
  /** The words to search for, in the order typed. */
  words: string[];
  /** True when at least one word was replaced: the page says what it searched for instead. */
  corrected: boolean;
}

/**
 * Corrects each query word against the catalogue's vocabulary. A word with no close match is
 * kept as typed, so the search honestly finds nothing rather than ignoring part of the query.
 */
export async function correctQueryWords(
  { database: { db, engine } }: { database: Pick<DatabaseHandle, "db" | "engine"> },
  { words }: { words: string[] },
): Promise<CorrectedWords> {
  const corrected = await Promise.all(words.map((word) => correctWord(db, engine, word)));
  return {
    words: corrected.map((replacement, i) => replacement ?? words[i]!),
    corrected: corrected.some((replacement, i) => replacement !== null && replacement !== words[i]),
  };
}
