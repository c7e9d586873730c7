import { listNewestBooks, NEWEST_BOOKS_COUNT } from "#server/books/list-books.ts";
import { BookCard } from "#app/features/books/book-card.tsx";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const storeName = matches[0]?.loaderData?.store.name ?? "";
  const description = "Illustrated, biblically faithful Bible-story books for children, families, churches and schools.";
  return [
    { title: `${storeName} | Illustrated Bible Stories for Children` },
    { name: "description", content: description },
    { property: "og:title", content: storeName },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { books: await listNewestBooks(context.services.db, NEWEST_BOOKS_COUNT) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-brand-100">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center">
          <h1 className="font-serif text-4xl font-bold text-brand-800 sm:text-5xl">
            Bible stories your children will treasure
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg">
            Beautifully illustrated, biblically faithful books that bring God&apos;s Word to life for little hearts.
          </p>
        </div>
      </section>
      <section aria-labelledby="books-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="books-heading" className="font-serif text-3xl font-bold">
          Our newest Bible stories
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.books.map((book) => (
            <li key={book.id} className="flex">
              <BookCard book={book} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
