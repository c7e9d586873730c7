import { expect, it } from "vitest";
import { safeRedirectTarget } from "./guards.ts";

it("accepts only same-site relative paths as a return target", () => {
  expect(safeRedirectTarget("/account")).toBe("/account");
  expect(safeRedirectTarget("/track-order?orderId=ORD-1#x")).toBe("/track-order?orderId=ORD-1#x");
  for (const bad of ["//evil.example", "https://evil.example", "/\\evil.example", "\\\\evil", "javascript:alert(1)", "", null, 42, "account"]) {
    expect(safeRedirectTarget(bad)).toBe("/");
  }
  expect(safeRedirectTarget("http://evil", "/admin")).toBe("/admin");
});
