import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ActionResult } from "#server/http/action-result.ts";
import { TrackingForm } from "./tracking-form.tsx";

/** The form as the Track Order page renders it after a lookup, inside a stub router. */
function render(lookup: ActionResult) {
  const Stub = createRoutesStub([
    { path: "/track-order", Component: () => <TrackingForm orderId="ORD-2099-123" busy={false} lookup={lookup} /> },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/track-order?orderId=ORD-2099-123"]} />);
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
});
