import { describe, expect, it } from "vitest";
import { formValues } from "#common/forms/form-values.ts";
import { RETURN_CLAIM_MESSAGES } from "./return-claim-terms.ts";
import { returnClaimSchema } from "./return-claim-schema.ts";
import { postedForm } from "#tests/support/posted-form.ts";

describe("the claim form's schema", () => {
  it("reads numbered lines, with or without a photo field", () => {
    const form = postedForm({
      orderId: "ORD-1",
      kind: "damage",
      "lines.0.itemId": "a",
      "lines.0.quantity": "2",
      "lines.1.itemId": "b",
      reason: "Torn.",
    });
    const parsed = returnClaimSchema.parse(formValues(form, returnClaimSchema));
    expect(parsed.lines).toEqual([
      { itemId: "a", quantity: 2 },
      { itemId: "b", quantity: 0 },
    ]);
    expect(parsed.photo).toBeUndefined();
  });

  it("asks for at least one copy, a whole number, and a reason", () => {
    const result = returnClaimSchema.safeParse(
      formValues(
        postedForm({ orderId: "ORD-1", kind: "return", "lines.0.itemId": "a", "lines.0.quantity": "0", reason: " " }),
        returnClaimSchema,
      ),
    );
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain(RETURN_CLAIM_MESSAGES.noLines);
    expect(messages).toContain("Please tell us what is wrong.");
    const fraction = returnClaimSchema.safeParse(
      formValues(
        postedForm({ orderId: "ORD-1", kind: "return", "lines.0.itemId": "a", "lines.0.quantity": "1.5", reason: "x" }),
        returnClaimSchema,
      ),
    );
    expect(fraction.error!.issues[0]!.message).toBe("Please enter a whole number of copies.");
  });
});
