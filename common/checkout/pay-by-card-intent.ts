/**
 * Intent of the confirmation page's "Pay by card" form. Apart from checkout-schema.ts, which
 * calls zod at its top level: the confirmation page checks no form in the browser (decision 16).
 */
export const PAY_BY_CARD_INTENT = "pay-by-card";
