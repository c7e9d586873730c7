import { data, useSearchParams } from "react-router";
import { AppError } from "#server/errors/app-error.ts";
import { enforceRateLimit, type ActionFailure, type ActionResult } from "#server/http/action-result.ts";
import { flashedToast, type FlashedToast } from "#server/http/flash.ts";
import { trackOrder, type OrderTracking } from "#server/orders/track-order.ts";
import { ORDER_ID_REQUIRED_MESSAGE, ORDER_ID_REQUIRED_TITLE } from "#common/orders/order-id-required.ts";
import { orderIdInputSchema } from "#common/orders/tracking-schema.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { ServerToastIsland } from "#app/components/ui/server-toast.tsx";
import type { ToastMessage } from "#app/components/ui/toast.tsx";
import { TrackingFormIsland } from "#app/features/orders/tracking-form.tsx";
import { TrackingEmptyState, TrackingResult } from "#app/features/orders/tracking-result.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/track-order";

/** What a visit to /track-order found; the page renders each state. */
export type TrackOrderState =
  | { state: "empty" }
  | { state: "missing-id" }
  | { state: "not-found"; orderId: string }
  | { state: "rate-limited"; message: string }
  | { state: "found"; tracking: OrderTracking };

/** The loader's answer: the state, and the toast it sets (the page shows it). */
type TrackOrderPage = TrackOrderState & { toast: FlashedToast | null };

/** Longest id echoed back in the "not found" message; the rest of a pasted novel is cut. */
const ECHO_MAX_LENGTH = 80;

const MISSING_ID_TOAST: ToastMessage = {
  title: ORDER_ID_REQUIRED_TITLE,
  description: ORDER_ID_REQUIRED_MESSAGE,
  variant: "destructive",
};

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Track Your Order",
    description: "Enter your order ID to see your order's status, estimated delivery and every step of its journey.",
  });
}

/**
 * An island page (decision 21): only the form and the site's islands are hydrated; the result is
 * HTML. A search is a document load of this page with the id in its address.
 */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/**
 * The lookup is a GET (?orderId=…), so it runs here: a shared link or a reload shows the result
 * straight away. Only real lookups count toward the per-client limit, never the bare page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, clientAddress } = context;
  // The lookup's toast comes with its answer (each lookup a new id); the root shows it.
  const respond = (state: TrackOrderState, status = 200) => {
    const toast = toastFor(state);
    const page: TrackOrderPage = { ...state, toast: toast ? flashedToast(toast) : null };
    return data(page, { status });
  };

  const rawOrderId = new URL(request.url).searchParams.get("orderId");
  if (rawOrderId === null) return respond({ state: "empty" });
  const parsed = orderIdInputSchema.safeParse(rawOrderId);
  if (!parsed.success) return respond({ state: "missing-id" }, 400);

  try {
    await enforceRateLimit(services.rateLimits.trackOrder, clientAddress);
  } catch (error) {
    if (error instanceof AppError) return respond({ state: "rate-limited", message: error.message }, error.status);
    throw error;
  }

  const tracking = await trackOrder(services, { orderId: parsed.data });
  if (!tracking) {
    const orderId = parsed.data.length > ECHO_MAX_LENGTH ? `${parsed.data.slice(0, ECHO_MAX_LENGTH)}…` : parsed.data;
    return respond({ state: "not-found", orderId }, 404);
  }
  return respond({ state: "found", tracking });
}

function notFoundDescription(orderId: string): string {
  return `We couldn't find any tracking information for order ID ${orderId}.`;
}

/** The toast a lookup sets: its problem, or none when found (the result shows) or not asked. */
function toastFor(result: TrackOrderState): ToastMessage | null {
  switch (result.state) {
    case "missing-id":
      return MISSING_ID_TOAST;
    case "not-found":
      return { title: "Order Not Found", description: notFoundDescription(result.orderId), variant: "destructive" };
    case "rate-limited":
      return { title: "Too many lookups", description: result.message, variant: "destructive" };
    default:
      return null;
  }
}

/** A lookup as the form's answer: a refusal of its one field with the problem, or none. */
function lookupAnswer(result: TrackOrderState): ActionResult {
  const refused = (code: ActionFailure["error"]["code"], message: string): ActionFailure => ({
    ok: false,
    error: { code, message, fieldErrors: { orderId: message } },
  });
  switch (result.state) {
    case "missing-id":
      return refused("VALIDATION", ORDER_ID_REQUIRED_MESSAGE);
    case "not-found":
      return refused("NOT_FOUND", `${notFoundDescription(result.orderId)} Please check the ID and try again.`);
    case "rate-limited":
      return refused("RATE_LIMITED", result.message);
    default:
      return { ok: true };
  }
}

export default function TrackOrder({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      {/* The lookup's toast: a GET sets no cookie, so its answer carries it (server/http/flash.ts). */}
      <ServerToastIsland toast={loaderData.toast} />
      <header>
        <h1 className="font-serif text-4xl font-bold leading-tight text-brand-800 sm:text-5xl">Track Your Order</h1>
        <p className="mt-4 text-lg leading-8 text-gray-700">
          Enter your order ID to see where your books are on their way to you.
        </p>
      </header>
      <div className="mt-8">
        <TrackingFormIsland orderId={searchParams.get("orderId") ?? ""} lookup={lookupAnswer(loaderData)} />
      </div>
      <section aria-label="Tracking result" className="mt-8">
        {loaderData.state === "found" ? <TrackingResult tracking={loaderData.tracking} /> : <TrackingEmptyState />}
      </section>
    </div>
  );
}
