import path from "node:path";
import { PackageX } from "lucide-react";
import { data } from "react-router";
import { isHttpsSite } from "#server/config/env.ts";
import { AppError } from "#server/errors/app-error.ts";
import { enforceRateLimit, runAction, type ActionFailure } from "#server/http/action-result.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { parseFields, readFormWithUpload, uploadRefusal, type FormWithUpload } from "#server/http/read-form.ts";
import { claimAccessOf, rememberProvenOrder } from "#server/returns/claim-proof-cookie.ts";
import { findClaimOrder } from "#server/returns/find-claim-order.ts";
import { getClaimPage } from "#server/returns/get-claim-page.ts";
import { requestReturnClaim } from "#server/returns/request-return-claim.ts";
import { formatLongDate } from "#common/dates.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { returnRequestPath, SITE_PAGES } from "#common/pages/site-paths.ts";
import { findClaimOrderSchema, returnClaimSchema } from "#common/returns/return-claim-schema.ts";
import {
  CLAIM_PHOTO_FIELD,
  CLAIM_PHOTO_MAX_BYTES,
  CLAIM_PHOTO_TOO_LARGE_MESSAGE,
  RETURN_REQUEST_INTENTS,
  RETURN_WINDOW_DAYS,
} from "#common/returns/return-claim-terms.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { ClaimForm, type ClaimValues } from "#app/features/returns/claim-form.tsx";
import { FindOrderForm } from "#app/features/returns/find-order-form.tsx";
import { MyClaims } from "#app/features/returns/my-claims.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/return-request";

const PAGE = SITE_PAGES.returnRequest;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: PAGE.title,
    description: `Return items or report damage within ${RETURN_WINDOW_DAYS} days of receipt.`,
    noindex: true,
  });
}

/** An island page (decision 21): its two forms are islands that post as documents. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/**
 * `?orderId=`: the order's claim form and claims, for whoever may claim on it (its account, the
 * browser that placed it or proved it here); anyone else gets the form asking for the proof.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, viewer } = context;
  const orderId = new URL(request.url).searchParams.get("orderId")?.trim() ?? "";
  const access = claimAccessOf({
    viewer,
    cookieHeader: request.headers.get("cookie"),
    appSecret: services.env.APP_SECRET,
  });
  const page = orderId ? await getClaimPage(services, { orderId, access }) : null;
  return { orderId, page, signedIn: viewer !== null };
}

type Intent = (typeof RETURN_REQUEST_INTENTS)[keyof typeof RETURN_REQUEST_INTENTS];

/**
 * The page's one action, by `intent`, each counted against the client's limit (as Track Order's):
 * a guest's proof (order number and e-mail: remembered in a signed cookie, then the order's page),
 * or a claim (multipart, the photo streamed to a temporary file of at most 10 MB, removed whatever
 * happens). Success redirects with a toast; a refusal renders the page again with the message
 * under the form, and what was typed.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, viewer, clientAddress } = context;
  // Set inside the use case, read after it (a refusal echoes what was posted, under its form).
  const posted: { upload: FormWithUpload | null; intent: Intent | null; form: FormData | null } = {
    upload: null,
    intent: null,
    form: null,
  };
  try {
    const answer = await runAction(services, async () => {
      await enforceRateLimit(services.rateLimits.returnClaims, clientAddress);
      try {
        posted.upload = await readFormWithUpload(request, {
          field: CLAIM_PHOTO_FIELD,
          maxFileBytes: CLAIM_PHOTO_MAX_BYTES,
          tooLargeMessage: CLAIM_PHOTO_TOO_LARGE_MESSAGE,
          tmpDir: path.join(services.env.DATA_DIR, "tmp"),
        });
      } catch (error) {
        posted.intent = RETURN_REQUEST_INTENTS.claim;
        throw uploadRefusal(error) ?? error;
      }
      const { form, file } = posted.upload;
      posted.form = form;
      const asked = form.get("intent");
      const intent = isIntent(asked) ? asked : null;
      posted.intent = intent;
      const cookieHeader = request.headers.get("cookie");
      switch (intent) {
        case RETURN_REQUEST_INTENTS.find: {
          const { orderId } = await findClaimOrder(services, parseFields(form, findClaimOrderSchema));
          const proof = rememberProvenOrder(cookieHeader, orderId, {
            appSecret: services.env.APP_SECRET,
            secure: isHttpsSite(services.env),
          });
          throw redirectWithToast(
            services,
            returnRequestPath(orderId),
            {
              title: "Order found",
              description: `You can now return items of order ${orderId} or report damage.`,
            },
            { headers: { "Set-Cookie": proof } },
          );
        }
        case RETURN_REQUEST_INTENTS.claim: {
          // The photo is the upload's (its size checked while it streamed, its bytes by the use case).
          form.delete(CLAIM_PHOTO_FIELD);
          const { photo: _photo, ...claim } = parseFields(form, returnClaimSchema);
          const access = claimAccessOf({ viewer, cookieHeader, appSecret: services.env.APP_SECRET });
          const sent = await requestReturnClaim(services, {
            claim,
            photo: file ? { path: file.path, size: file.size } : null,
            access,
          });
          throw redirectWithToast(services, returnRequestPath(sent.orderId), {
            title: "Request sent",
            description: "We have received your request and e-mailed you a copy. Our staff will answer by e-mail.",
          });
        }
        default:
          throw new AppError("VALIDATION", "Unknown action.");
      }
    });
    const failure = answer.data as ActionFailure;
    return data(
      { ...failure, intent: posted.intent, values: posted.form ? echo(posted.form) : {} },
      answer.init ?? undefined,
    );
  } finally {
    await posted.upload?.cleanup();
  }
}

function isIntent(value: unknown): value is Intent {
  return Object.values(RETURN_REQUEST_INTENTS).includes(value as Intent);
}

/** The posted text of each field, to fill the forms again after a refusal. */
function echo(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && name !== "intent") values[name] = value;
  }
  return values;
}

export default function ReturnRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { orderId, page, signedIn } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : null;
  const typed = failure?.values ?? {};
  const claimFailure = failure?.intent === RETURN_REQUEST_INTENTS.claim ? failure : null;
  const claimValues: ClaimValues = {
    kind: claimFailure ? (typed.kind ?? "") : "",
    reason: claimFailure ? (typed.reason ?? "") : "",
    quantities: Object.fromEntries(
      (page?.lines ?? []).map((line, index) => [
        line.itemId,
        claimFailure ? (typed[`lines.${index}.quantity`] ?? "0") : "0",
      ]),
    ),
  };
  const claimFormShown = Boolean(page && !page.refusal && page.lines.some((line) => line.claimable > 0));
  // A refusal no form on the page shows (too many posts, a claim from someone who cannot prove the order).
  const shownInForm =
    (failure?.intent === RETURN_REQUEST_INTENTS.find && !page) ||
    (failure?.intent === RETURN_REQUEST_INTENTS.claim && claimFormShown);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="flex items-center gap-3 font-serif text-4xl font-bold text-brand-800">
        <PackageX aria-hidden="true" className="size-8 flex-none" />
        {PAGE.title}
      </h1>
      <p className="mt-3 text-lg text-gray-700">
        Returns and damage reports are accepted within {RETURN_WINDOW_DAYS} days of receipt; items must be unused and in
        their original packaging, and your order number is your proof of purchase.
      </p>
      <FormAlert className="mt-6" message={failure && !shownInForm ? failure.error.message : null} />
      {page ? (
        <>
          <section
            aria-labelledby="claim-heading"
            className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8"
          >
            <h2 id="claim-heading" className="font-serif text-2xl font-bold text-brand-800">
              Order {page.orderId}
            </h2>
            <p className="mt-1 text-gray-700">
              Ordered {formatLongDate(page.orderDate.slice(0, 10))}
              {page.closesAt && !page.refusal
                ? `; requests are accepted until ${formatLongDate(page.closesAt.slice(0, 10))}${page.assumedReceipt ? " (counted from the expected delivery, as the order is not marked delivered yet)" : ""}.`
                : "."}
            </p>
            <div className="mt-5">
              {page.refusal ? (
                <p role="status" className="rounded-lg bg-yellow-50 p-4 text-yellow-950 ring-1 ring-yellow-700/30">
                  {page.refusal}
                </p>
              ) : !claimFormShown ? (
                <p role="status" className="text-gray-700">
                  Every item of this order is already in a request.
                </p>
              ) : (
                <ClaimForm
                  page={{ orderId: page.orderId, lines: page.lines }}
                  values={claimValues}
                  failure={claimFailure?.error}
                />
              )}
            </div>
          </section>
          {page.claims.length > 0 ? (
            <section aria-labelledby="claims-heading" className="mt-10">
              <h2 id="claims-heading" className="font-serif text-2xl font-bold text-brand-800">
                Your requests for this order
              </h2>
              <MyClaims claims={page.claims} currency={page.currency} />
            </section>
          ) : null}
        </>
      ) : (
        <section
          aria-labelledby="find-order-heading"
          className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8"
        >
          <h2 id="find-order-heading" className="font-serif text-2xl font-bold text-brand-800">
            Find your order
          </h2>
          <p className="mt-2 text-gray-700">
            {signedIn
              ? "Choose the order in your Order History, or enter its number and the e-mail address it was placed with."
              : "Enter your order number and the e-mail address the order was placed with."}
          </p>
          <div className="mt-5">
            <FindOrderForm
              values={{ orderId: typed.orderId ?? orderId, email: typed.email ?? "" }}
              failure={failure?.intent === RETURN_REQUEST_INTENTS.find && shownInForm ? failure.error : undefined}
            />
          </div>
        </section>
      )}
    </div>
  );
}
