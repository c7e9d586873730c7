import { z } from "zod";
import { moneyTextToCents } from "./money.ts";

/**
 * A money field of a form: text (or a number) in, cents out, refused with `formatMessage` unless
 * it is an amount of at least 0 with at most 2 decimals, and with `tooHighMessage` above `maxCents`.
 */
export function moneySchema({
  formatMessage,
  tooHighMessage,
  maxCents,
  missingMessage = formatMessage,
}: {
  formatMessage: string;
  tooHighMessage: string;
  maxCents: number;
  missingMessage?: string;
}) {
  return z.union([z.string(), z.number()], { error: formatMessage }).transform((value, ctx) => {
    const text = String(value).trim();
    const cents = text === "" ? null : moneyTextToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: text === "" ? missingMessage : formatMessage });
      return z.NEVER;
    }
    if (cents > maxCents) {
      ctx.addIssue({ code: "custom", message: tooHighMessage });
      return z.NEVER;
    }
    return cents;
  });
}
