import type * as ReturnClaimSchema from "#common/returns/return-claim-schema.ts";

/** The forms' shared check (zod), fetched when a form is first sent: the page itself carries no zod. */
let checkLoading: Promise<typeof ReturnClaimSchema> | undefined;
export function loadReturnClaimCheck() {
  checkLoading ??= import("#common/returns/return-claim-schema.ts");
  return checkLoading;
}
