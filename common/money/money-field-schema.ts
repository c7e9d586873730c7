import { z } from "zod";
import { moneyTextToCents } from "./money.ts";

/**
 * A money field of a form: text (or a number) in, cents out, refused with `formatMessage` unless
 * it is an amount of at least 0 with at most 2 decimals, and with `tooHighMessage` above `maxCents`.
 * An optional field gives `emptyAs` for an empty (or absent) value instead of `missingMessage`.
 */
export function moneySchema<Empty extends number | null = never>({
  formatMessage,
  tooHighMessage,
  maxCents,
  missingMessage = formatMessage,
  emptyAs,
}: {
  formatMessage: string;
  tooHighMessage: string;
  maxCents: number;
  missingMessage?: string;
  emptyAs?: Empty;
}) {
  const field = z.union([z.string(), z.number()], { error: formatMessage });
  return (emptyAs === undefined ? field : field.nullish()).transform((value, ctx): number | Empty => {
    const text = String(value ?? "").trim();
    if (text === "" && emptyAs !== undefined) return emptyAs;
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
