import { describe, expect, it } from "vitest";
import { useFixture } from "#tests/support/test-fixture.ts";
import { createTestApp } from "#tests/support/test-app.ts";

// A method an address does not take, through the real app and build (needs `npm run build`).
describe("a request with a method the address does not take", () => {
  const t = useFixture(() => createTestApp("sqlite"), "all");

  const send = (method: string, path: string) =>
    t.app.request(path, {
      method,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: method === "GET" ? undefined : "a=1",
    });

  it("gets a plain 405 that names no route, on pages, data requests and resource routes", async () => {
    for (const [method, path] of [
      ["POST", "/books"],
      ["DELETE", "/"],
      ["POST", "/help-center"],
      ["POST", "/books.data"],
      ["PUT", "/books/the-good-samaritan.data"],
      ["POST", "/_root.data"],
      ["POST", "/no-such-page.data"],
      ["OPTIONS", "/help-center"],
      ["POST", "/resources/books"],
      ["POST", "/resources/books.data"],
      ["POST", "/sitemap.xml"],
      ["PATCH", "/robots.txt"],
    ] as const) {
      const response = await send(method, path);
      const label = `${method} ${path}`;
      expect(response.status, label).toBe(405);
      expect(response.headers.get("allow"), label).toBe("GET, HEAD");
      expect(response.headers.get("content-type"), label).toMatch(/^text\/plain/);
      const body = await response.text();
      expect(body, label).toBe(`This address does not accept ${method} requests.`);
    }
  });

  it("tells a visit to the newsletter form's address that it takes posts only", async () => {
    const response = await send("GET", "/resources/subscribe");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.text()).toBe("This address does not accept GET requests.");
    // A data request's answer does not carry the route's headers: the words only.
    const data = await send("GET", "/resources/subscribe.data");
    expect(data.status).toBe(405);
    expect(await data.text()).toBe("This address does not accept GET requests.");
  });
});
