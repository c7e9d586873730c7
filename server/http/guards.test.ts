import { expect, it } from "vitest";
import { safeRedirectTarget } from "#server/http/guards.ts";

it("accepts only same-site relative paths as a return target", () => {
  expect(safeRedirectTarget("/account")).toBe("/account");
  expect(safeRedirectTarget("/track-order?orderId=ORD-1#x")).toBe("/track-order?orderId=ORD-1#x");
  for (const bad of [
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "\\\\evil",
    "javascript:alert(1)",
    "",
    null,
    42,
    "account",
  ]) {
    expect(safeRedirectTarget(bad)).toBe("/");
  }
  expect(safeRedirectTarget("http://evil", "/admin")).toBe("/admin");
});

it("refuses paths that only become another host once the URL is resolved", () => {
  const offSite = [
    "/.//evil.example",
    "/x/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/./\\evil.example",
    "/\\evil",
    "/%5Cevil",
    "/%5C%5Cevil",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "https://evil",
    "//evil",
    "///evil",
    "/%0A/evil",
  ];
  for (const bad of offSite) expect(safeRedirectTarget(bad, "/account"), JSON.stringify(bad)).toBe("/account");
});

it("keeps ordinary paths, resolved, with their query and fragment", () => {
  expect(safeRedirectTarget("/books/./the-good-samaritan")).toBe("/books/the-good-samaritan");
  expect(safeRedirectTarget("/x/../order-history?page=2")).toBe("/order-history?page=2");
  expect(safeRedirectTarget("/track-order?orderId=%2F%2Fevil")).toBe("/track-order?orderId=%2F%2Fevil");
  expect(safeRedirectTarget("/")).toBe("/");
});
