import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * The catalogue's search and topics (decision 12). Books gain `tags`, a JSON array of strings
 * read with the row; `book_tags` holds one row per book and tag so a topic filter is an index
 * look-up. Words of title, author and description are searched with the engine's own full-text
 * index: an FTS5 table on SQLite (`books_fts`, its rows keyed through `book_search_ids`), a
 * stored tsvector with a GIN index on PostgreSQL (`book_search_documents`), where
 * `book_search_words` counts the books each word appears in (the vocabulary that the typo step
 * corrects query words against; SQLite reads it from FTS5 itself through `books_fts_vocab`).
 *
 * Triggers keep all of it in step with `books`, in the transaction of the write, whoever writes
 * (the admin form, an import, the seed). Updates that touch only stock or price do not fire them.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable("books")
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .createTable("book_tags")
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("book_tags_pkey", ["book_id", "tag"])
    .execute();
  await createColumnIndex(db, "book_tags_tag_idx", "book_tags", ["tag", "book_id"]);
  // With the id: the search checks a book's tags and words by id without reading the row.
  await createColumnIndex(db, "books_age_range_idx", "books", ["age_range", "id"]);

  if (engine === "sqlite") await sqliteSearch(db);
  else await postgresSearch(db);
}

async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  // FTS5 rows are keyed by an integer: each book gets one here. Not the books' own rowid, which
  // VACUUM may renumber (books has a text key); not the book id kept in the FTS table, which
  // costs a lookup of FTS5's content per matching row.
  await sql`create table book_search_ids (
    id integer primary key,
    book_id text not null unique references books (id) on delete cascade
  )`.execute(db);
  await sql`create virtual table books_fts using fts5(
    title, author, description,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create virtual table books_fts_vocab using fts5vocab(books_fts, 'row')`.execute(db);
  await sql`create trigger books_search_insert after insert on books begin
    insert into book_search_ids (book_id) values (new.id);
    insert into books_fts (rowid, title, author, description)
      values ((select id from book_search_ids where book_id = new.id), new.title, new.author, new.description);
    insert into book_tags (book_id, tag) select distinct new.id, value from json_each(new.tags) where type = 'text';
  end`.execute(db);
  await sql`create trigger books_search_update after update of title, author, description on books begin
    delete from books_fts where rowid = (select id from book_search_ids where book_id = old.id);
    insert into books_fts (rowid, title, author, description)
      values ((select id from book_search_ids where book_id = new.id), new.title, new.author, new.description);
  end`.execute(db);
  await sql`create trigger books_tags_update after update of tags on books begin
    delete from book_tags where book_id = old.id;
    insert into book_tags (book_id, tag) select distinct new.id, value from json_each(new.tags) where type = 'text';
  end`.execute(db);
  await sql`create trigger books_search_delete before delete on books begin
    delete from books_fts where rowid = (select id from book_search_ids where book_id = old.id);
    delete from book_search_ids where book_id = old.id;
  end`.execute(db);
  await sql`insert into book_search_ids (book_id) select id from books`.execute(db);
  await sql`insert into books_fts (rowid, title, author, description)
    select book_search_ids.id, title, author, description from books join book_search_ids on book_search_ids.book_id = books.id`.execute(
    db,
  );
}

/** The searched text of a book row (`new` or `old` in a trigger). */
const postgresDocument = (row: string) =>
  `to_tsvector('simple'::regconfig, ${row}.title || ' ' || ${row}.author || ' ' || ${row}.description)`;

async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  // Stored, not an index over an expression: a plan that filters by age or tag first would
  // otherwise parse every candidate's description again (measured: 0.1 ms a book).
  await sql`create table book_search_documents (
    book_id text primary key references books (id) on delete cascade,
    document tsvector not null
  )`.execute(db);
  await sql`create index book_search_documents_idx on book_search_documents using gin (document)`.execute(db);
  // collate "C": the typo step reads words by byte range (a prefix, a first letter).
  await sql`create table book_search_words (
    word text collate "C" primary key,
    books integer not null check (books >= 0)
  )`.execute(db);
  await sql
    .raw(
      `create function books_search_sync() returns trigger language plpgsql as $$
      declare
        document tsvector;
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          document := ${postgresDocument("old")};
          update book_search_words set books = books - 1 where word in (select unnest(tsvector_to_array(document)));
          delete from book_search_words
            where books <= 0 and word in (select unnest(tsvector_to_array(document)));
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          document := ${postgresDocument("new")};
          insert into book_search_documents (book_id, document) values (new.id, document)
            on conflict (book_id) do update set document = excluded.document;
          insert into book_search_words (word, books)
            select unnest(tsvector_to_array(document)), 1
            order by 1
            on conflict (word) do update set books = book_search_words.books + 1;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger books_search_words after insert or delete or update of title, author, description
    on books for each row execute function books_search_sync()`.execute(db);
  await sql`create function books_tags_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        delete from book_tags where book_id = old.id;
      end if;
      insert into book_tags (book_id, tag)
        select distinct new.id, tag from jsonb_array_elements_text(new.tags::jsonb) as t(tag)
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger books_tags after insert or update of tags on books
    for each row execute function books_tags_sync()`.execute(db);
  await sql
    .raw(`insert into book_search_documents (book_id, document) select id, ${postgresDocument("books")} from books`)
    .execute(db);
  await sql`insert into book_search_words (word, books)
    select word, count(*) from book_search_documents, unnest(tsvector_to_array(document)) as w(word) group by word`.execute(
    db,
  );
}
