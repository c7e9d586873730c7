import { afterEach, beforeEach } from "vitest";
import { startPayPalStandIn, type PayPalStandIn } from "./paypal-stand-in.ts";
import { webhookRecorder } from "./stand-in-server.ts";

/**
 * For a test file that drives the PayPal stand-in directly: a fresh stand-in for each test, closed
 * after it, whose webhooks are kept in `received` (emptied before each test). Read the stand-in
 * inside tests or later hooks (it is filled in beforeEach).
 */
export function useRecordedPayPalStandIn() {
  const standIn = {} as PayPalStandIn;
  const webhooks = webhookRecorder();
  beforeEach(async () => {
    webhooks.received.length = 0;
    Object.assign(standIn, await startPayPalStandIn({ webhookUrl: webhooks.target }));
  });
  afterEach(() => standIn.close());
  return { standIn, received: webhooks.received };
}
