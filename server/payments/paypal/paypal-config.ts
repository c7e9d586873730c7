import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { SecretBoxError } from "#server/settings/secret-box.ts";
import { decryptPayPalClientSecret } from "#server/settings/store-settings.ts";
import {
  createPayPalClient,
  payPalCheckoutOrigin,
  type PayPalClient,
  type PayPalCredentials,
} from "./paypal-client.ts";
import { isPayPalCurrency } from "./paypal-money.ts";

/**
 * The one way the server reads PayPal's settings (Store Settings; the client secret write-only
 * there, stored encrypted), as stripe-keys.ts does for Stripe. Two questions, asked differently:
 * - may checkout offer PayPal now? (`loadPayPalCheckoutConfig`: the toggle on, every part set and
 *   readable, a currency PayPal takes);
 * - may the shop settle a PayPal order already placed? (`loadPayPalSettlement`: the toggle is
 *   ignored, so switching PayPal off never strands an order being paid, captured or refunded).
 */
type ConfigDeps = { db: Kysely<Database>; env: Pick<Env, "APP_SECRET"> };

export interface PayPalSettlement {
  credentials: PayPalCredentials;
  /** Null when none is set: no event can be verified. */
  webhookId: string | null;
  /** Null when none is set: no capture's payee can be checked (it is flagged for review). */
  merchantId: string | null;
}

export type PayPalCheckoutConfig = PayPalSettlement & { webhookId: string; merchantId: string };

interface StoredPayPalSettings {
  enabled: boolean;
  currency: string;
  environment: "sandbox" | "live";
  clientId: string | null;
  clientSecret: string | null;
  /** A secret is stored but can no longer be decrypted (APP_SECRET changed since). */
  secretUnreadable: boolean;
  webhookId: string | null;
  merchantId: string | null;
}

async function loadStored({ db, env }: ConfigDeps): Promise<StoredPayPalSettings | null> {
  const row = await db
    .selectFrom("store_settings")
    .select([
      "enable_paypal",
      "currency",
      "paypal_environment",
      "paypal_client_id",
      "paypal_client_secret_encrypted",
      "paypal_webhook_id",
      "paypal_merchant_id",
    ])
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  if (!row) return null;
  let clientSecret: string | null = null;
  let secretUnreadable = false;
  try {
    clientSecret = decryptPayPalClientSecret(row, env.APP_SECRET);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    secretUnreadable = true;
  }
  return {
    enabled: Boolean(row.enable_paypal),
    currency: row.currency,
    environment: row.paypal_environment,
    clientId: row.paypal_client_id?.trim() || null,
    clientSecret,
    secretUnreadable,
    webhookId: row.paypal_webhook_id?.trim() || null,
    merchantId: row.paypal_merchant_id?.trim() || null,
  };
}

/**
 * What Store Settings must still be given before checkout offers PayPal, in the screen's words
 * (empty: PayPal is offered). Checkout's own test, so the screen never says otherwise.
 */
export async function payPalMissingSettings(deps: ConfigDeps): Promise<string[]> {
  const stored = await loadStored(deps);
  if (!stored) return ["switch PayPal on", "the client ID", "the client secret", "the webhook ID", "the merchant ID"];
  const missing: string[] = [];
  if (!stored.enabled) missing.push("switch PayPal on");
  if (!stored.clientId) missing.push("the client ID");
  if (stored.secretUnreadable) missing.push("the client secret (enter it again: it can no longer be read)");
  else if (!stored.clientSecret) missing.push("the client secret");
  if (!stored.webhookId) missing.push("the webhook ID");
  if (!stored.merchantId) missing.push("the merchant ID");
  if (!isPayPalCurrency(stored.currency)) missing.push(`a currency PayPal takes (not ${stored.currency})`);
  return missing;
}

/** PayPal's settings when checkout may offer it: on, complete and readable, in a currency PayPal takes. */
export async function loadPayPalCheckoutConfig(deps: ConfigDeps): Promise<PayPalCheckoutConfig | null> {
  const stored = await loadStored(deps);
  if (!stored?.enabled || !isPayPalCurrency(stored.currency)) return null;
  const settlement = settlementOf(stored);
  if (!settlement?.webhookId || !settlement.merchantId) return null;
  return { ...settlement, webhookId: settlement.webhookId, merchantId: settlement.merchantId };
}

/** PayPal's credentials and ids, toggle or not: for orders already placed. Null without credentials. */
export async function loadPayPalSettlement(deps: ConfigDeps): Promise<PayPalSettlement | null> {
  const stored = await loadStored(deps);
  return stored ? settlementOf(stored) : null;
}

function settlementOf(stored: StoredPayPalSettings): PayPalSettlement | null {
  if (!stored.clientId || !stored.clientSecret) return null;
  return {
    credentials: { environment: stored.environment, clientId: stored.clientId, clientSecret: stored.clientSecret },
    webhookId: stored.webhookId,
    merchantId: stored.merchantId,
  };
}

/**
 * The PayPal client for these credentials: one per set of credentials and API address, so its
 * access token is fetched once and kept (the client renews it), not once per request. Keyed by
 * a hash of everything it was built from, so new credentials get a new client; a few at most.
 */
const clients = new Map<string, PayPalClient>();
const MAX_CLIENTS = 4;

export function payPalClientFor(credentials: PayPalCredentials, env: Pick<Env, "PAYPAL_API_URL">): PayPalClient {
  const key = createHash("sha256")
    .update(
      JSON.stringify([credentials.environment, credentials.clientId, credentials.clientSecret, env.PAYPAL_API_URL]),
    )
    .digest("hex");
  const known = clients.get(key);
  if (known) return known;
  const client = createPayPalClient(credentials, env);
  if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
  clients.set(key, client);
  return client;
}

/**
 * Where Place Order's answer may send the browser for PayPal (its approval page), for the
 * Content-Security-Policy's `form-action`, which browsers check a form's redirects against. Both
 * environments: the one in use is a setting that may change while the server runs. With
 * PAYPAL_API_URL (tests), the stand-in's.
 */
export function payPalFormTargets(env: Pick<Env, "PAYPAL_API_URL">): string[] {
  return [...new Set([payPalCheckoutOrigin("live", env), payPalCheckoutOrigin("sandbox", env)])];
}
