import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ActionResult } from "#server/http/action-result.ts";
import { TrackingFormIsland } from "./tracking-form.tsx";

/** The form as the Track Order page renders it after a lookup: an island, no router around it. */
function render(lookup: ActionResult) {
  return renderToStaticMarkup(<TrackingFormIsland orderId="ORD-2099-123" lookup={lookup} />);
}

describe("the Track Order form", () => {
  it("shows the last lookup's problem under the field, marked invalid", () => {
    const message = "No order has the ID ORD-2099-123. Please check the ID and try again.";
    const html = render({ ok: false, error: { code: "NOT_FOUND", message, fieldErrors: { orderId: message } } });
    expect(html).toContain(message);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="orderId"/);
  });

  it("shows no problem after a lookup that found the order", () => {
    const html = render({ ok: true });
    expect(html).not.toContain('aria-invalid="true"');
    expect(html).toContain('value="ORD-2099-123"');
  });

  it("is a plain GET form to /track-order, so it searches before (or without) its script", () => {
    const form = render({ ok: true }).match(/<form[^>]*>/)?.[0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/track-order"');
  });
});
