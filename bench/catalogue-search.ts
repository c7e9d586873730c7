// The catalogue search (/books) with 10,000 books: p95 of a search with words, a child's age, a
// topic tag and a sort, through the same use case the page calls. SQLite always; PostgreSQL too
// when TEST_DATABASE_URL is set (as the order-placement bench). Used by bench/run.ts.
import { sql } from "kysely";
import type { CatalogueParams, CatalogueSort } from "#common/books/catalogue-options.ts";
import { searchCatalogue } from "#server/books/search-catalogue.ts";
import type { DatabaseEngine, DatabaseHandle } from "#server/db/database.ts";
import { bookRow } from "#tests/support/test-books.ts";
import { withBenchDatabase } from "./bench-database.ts";
import { percentile } from "./percentile.ts";

const BOOKS = 10_000;
const BATCH = 250;
const WARM_UP = 30;
const SEARCHES = 300;

const AGES = ["2-5", "3-6", "3-8", "4-8", "5-9", "6-10", "8-12"];
const CHILD_AGES = [2, 3, 4, 5, 6, 7, 8, 9, 10];
const TAGS = [
  "Old Testament",
  "New Testament",
  "Christmas",
  "Easter",
  "Parables",
  "Prayer",
  "Heroes of Faith",
  "Miracles",
  "Forgiveness",
  "Courage",
];
const STORY_WORDS = (
  "shepherd king prophet river mountain desert garden temple promise rainbow ark lion den fish whale sea " +
  "star manger angel harvest bread water wine storm boat net journey brother sister father mother son " +
  "daughter friend stranger road city wall trumpet sling giant courage prayer faith hope love mercy grace " +
  "kindness forgiveness light darkness night morning feast wedding lamp oil seed field vineyard sheep lamb"
).split(" ");

export interface CatalogueSearchFigures {
  engine: DatabaseEngine;
  p50: number;
  p95: number;
}

export function catalogueSearchEngines(): DatabaseEngine[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

/** A small deterministic generator, so every run searches the same catalogue. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** A range's label with its numbers, as the book form stores them. */
function ages(label: string) {
  const [min, max] = label.split("-").map(Number);
  return { age_range: label, age_min: min!, age_max: max! };
}

async function fill(handle: DatabaseHandle): Promise<void> {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  // About 3,000 invented words beside the story words: a vocabulary the size of a real catalogue's.
  const syllables = ["ba", "lo", "mi", "ra", "te", "su", "ne", "ko", "da", "vi", "ha", "el", "or", "in"];
  const invented = Array.from({ length: 3000 }, () =>
    Array.from({ length: 2 + Math.floor(next() * 3) }, () => pick(syllables)).join(""),
  );
  const sentence = (words: number) =>
    Array.from({ length: words }, () => (next() < 0.4 ? pick(STORY_WORDS) : pick(invented))).join(" ");
  const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
  for (let start = 0; start < BOOKS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, BOOKS - start) }, (_, k) => {
      const i = start + k;
      const tags = [...new Set([pick(TAGS), pick(TAGS)])];
      return bookRow(i, {
        title: `The ${sentence(3)}`,
        author: `${pick(invented)} ${pick(invented)}`,
        description: `${sentence(30)}.`,
        price_cents: 500 + Math.floor(next() * 2000),
        rating: Math.round(next() * 50) / 10,
        reviews: Math.floor(next() * 400),
        ...ages(pick(AGES)),
        tags: JSON.stringify(tags),
        created_at: at(i),
        updated_at: at(i),
      });
    });
    await handle.db.insertInto("books").values(rows).execute();
  }
}

/** Searches as shoppers make them: one or two words, one of them sometimes misspelt, with every filter. */
function searches(): CatalogueParams[] {
  const next = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const sorts: CatalogueSort[] = ["newest", "price-asc", "price-desc", "rating"];
  const typo = (word: string) => word.slice(0, 2) + word.slice(3, 4) + word.slice(2, 3) + word.slice(4);
  return Array.from({ length: 50 }, (_, i) => ({
    q:
      i % 5 === 0
        ? typo(pick(STORY_WORDS.filter((w) => w.length >= 6)))
        : `${pick(STORY_WORDS)} ${i % 2 ? pick(STORY_WORDS) : ""}`.trim(),
    age: pick(CHILD_AGES),
    tag: pick(TAGS),
    sort: pick(sorts),
    page: 1,
  }));
}

export function measureCatalogueSearch(engine: DatabaseEngine): Promise<CatalogueSearchFigures> {
  return withBenchDatabase(engine, "catalogue", async (database) => {
    await fill(database);
    // Fresh statistics, as autovacuum would have them on a real shop's database.
    if (engine === "postgres") await sql`analyze`.execute(database.db);
    const queries = searches();
    for (let i = 0; i < WARM_UP; i++) await searchCatalogue({ database }, queries[i % queries.length]!);
    const times: number[] = [];
    for (let i = 0; i < SEARCHES; i++) {
      const started = performance.now();
      await searchCatalogue({ database }, queries[i % queries.length]!);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { engine, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  });
}
