import { lazyCheck } from "#app/components/forms/lazy-check.ts";

/** The forms' shared check (zod), fetched when a form is first sent: the page itself carries no zod. */
export const loadReturnClaimCheck = lazyCheck(() => import("#common/returns/return-claim-schema.ts"));
