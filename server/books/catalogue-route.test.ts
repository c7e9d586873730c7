import { describe, expect, it } from "vitest";
import { useFixture } from "#tests/support/test-fixture.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { bookRow } from "#tests/support/test-books.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

// The /books page through the real app and build (needs `npm run build`), over the seeded demo catalogue.
describe.each(TEST_ENGINES)("GET /books on %s", (engine) => {
  const t = useFixture(() => createTestApp(engine), "all");

  const get = (path: string) => t.app.request(path);
  // React separates adjacent text parts with empty comments.
  const html = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    return (await response.text()).replaceAll("<!-- -->", "");
  };
  const bookTitles = (page: string) => [...page.matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);

  it("server-renders the whole catalogue with the search form, title, description and canonical URL", async () => {
    const page = await html("/books");
    expect(page).toContain("<title>All Bible Stories | Little Scrolls Press</title>");
    expect(page).toMatch(/<meta name="description" content="Browse every illustrated Bible-story book/);
    expect(page).toMatch(/<link rel="canonical" href="[^"]*\/books"/);
    expect(page).toMatch(/<form role="search"[^>]*action="\/books" method="get">/);
    expect(bookTitles(page)).toHaveLength(13);
    expect(page).toContain(">Parables</option>");
    expect(page).toContain('<option value="5">5 years</option>');
    expect(page).toContain('<option value="0">Under 1</option>');
    expect(page).not.toContain('name="robots"');
  });

  it("searches with a typo, filters by tag and age, and sorts, all from the URL", async () => {
    const typo = await html("/books?q=samaritian");
    expect(bookTitles(typo)).toEqual(["The Good Samaritan"]);
    expect(typo).toContain("Showing results for <strong>samaritan</strong>");
    expect(typo).toContain('<meta name="robots" content="noindex, follow"/>');

    expect(bookTitles(await html("/books?tag=Parables"))).toEqual([
      "The Prodigal Son Comes Home",
      "The Good Samaritan",
    ]);
    // For a child of 4: Samaritan (4-8) is, The Prodigal Son (5-9) is not.
    expect(bookTitles(await html("/books?age=4&tag=Parables"))).toEqual(["The Good Samaritan"]);
    // For a 9-year-old: every book whose range includes 9, with words and paging alike.
    expect(bookTitles(await html("/books?age=9"))).toEqual([
      "Ruth and Naomi: Where You Go, I Will Go",
      "The Prodigal Son Comes Home",
      "Daniel in the Lions&#x27; Den",
      "Joseph and His Coat of Many Colors",
    ]);
    expect(bookTitles(await html("/books?q=son&age=9"))).toEqual(["The Prodigal Son Comes Home"]);
    const cheapest = bookTitles(await html("/books?tag=Easter&sort=price-asc"));
    expect(cheapest).toEqual(["He Is Risen! The Story of the Resurrection"]);
    const byPrice = bookTitles(await html("/books?tag=New%20Testament&sort=price-desc"));
    expect(byPrice).toHaveLength(4);

    // The client-side navigation's data request carries the same result.
    const data = await get("/books.data?q=samaritian");
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("The Good Samaritan");
  });

  it("says so kindly when nothing matches, with a link back to all books", async () => {
    const page = await html("/books?q=xylophone");
    expect(page).toContain("No books match your search");
    expect(page).toMatch(/<a[^>]*href="\/books"[^>]*>See all books<\/a>/);
  });

  it("sends odd URLs to the one clean URL of their search, never a 500", async () => {
    const cases: [string, string][] = [
      ["/books?q=&age=&tag=&sort=newest", "/books"],
      ["/books?sort=cheapest", "/books"],
      ["/books?page=0", "/books"],
      ["/books?page=abc&tag=Parables", "/books?tag=Parables"],
      ["/books?q=%20%20good%20%20samaritan%20", "/books?q=good+samaritan"],
      // The filter's old addresses, by an age range's label: its youngest age.
      ["/books?age=4-8&tag=Parables", "/books?age=4&tag=Parables"],
      ["/books?age=05", "/books?age=5"],
      ["/books?age=13", "/books"],
      [`/books?q=${"a".repeat(10_000)}`, `/books?q=${"a".repeat(100)}`],
    ];
    for (const [path, location] of cases) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(location);
    }
    // A page past the end shows the last page.
    const late = await html("/books?page=99999");
    expect(bookTitles(late)).toHaveLength(13);
    expect(late).toContain("page 1 of 1");
    for (const path of [
      "/books?q=%22NEAR(%2A",
      "/books?q=%E0%A4%A",
      "/books?q=%00",
      "/books?tag=%27%3B%20drop%20table%20books",
      `/books?age=${"9".repeat(500)}`,
      "/books?q=a&q=b&sort=rating&sort=price-asc",
    ]) {
      const response = await get(path);
      expect([200, 302], path).toContain(response.status);
    }
  });

  it("lists the catalogue in sitemap.xml and links related books from a book page", async () => {
    const answer = await get("/sitemap.xml");
    // A cache must ask again each time: after Coming Soon is switched on, the gate answers.
    expect(answer.headers.get("cache-control")).toBe("public, no-cache");
    const sitemap = await answer.text();
    expect(sitemap).toMatch(/<loc>[^<]*\/books<\/loc>/);
    const page = await html("/books/the-good-samaritan");
    expect(page).toContain("You may also like");
    const related = page.slice(page.indexOf("You may also like"));
    expect(bookTitles(related)[0]).toBe("The Prodigal Son Comes Home");
    expect(bookTitles(related)).toHaveLength(4);
    expect(bookTitles(related)).not.toContain("The Good Samaritan");
    expect(page).toContain('href="/books?tag=Parables"');
    expect(sitemap).toContain("/books/the-good-samaritan</loc>");
  });

  it("shows the page of a book with tags but no age range, or an age range but no tags", async () => {
    await t.services.db
      .insertInto("books")
      .values([
        bookRow(1, { slug: "tags-only", title: "Tags Only", tags: JSON.stringify(["Parables"]), age_range: null }),
        bookRow(2, { slug: "age-only", title: "Age Only", tags: "[]", age_range: "4-8", age_min: 4, age_max: 8 }),
      ])
      .execute();
    const tagsOnly = await html("/books/tags-only");
    expect(bookTitles(tagsOnly.slice(tagsOnly.indexOf("You may also like")))).toContain("The Good Samaritan");
    const ageOnly = await html("/books/age-only");
    expect(bookTitles(ageOnly.slice(ageOnly.indexOf("You may also like")))).toContain("The Good Samaritan");
  });
});
