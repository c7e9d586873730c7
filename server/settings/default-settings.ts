/**
 * The store's settings before an admin changes them: written into the settings row by the seed,
 * and used as-is when no row exists yet. The store's name and contact address live in that row;
 * this is the only place in code that knows their first values.
 */
export const DEFAULT_STORE_SETTINGS = {
  storeName: "Little Scrolls Press",
  contactEmail: "hello@littlescrolls.example",
  currency: "USD",
  enableStripe: true,
  enablePaypal: false,
  enableMaintenanceMode: false,
  shippingMethods: [
    { name: "Standard Shipping", rateCents: 500, enabled: true },
    { name: "Express Shipping", rateCents: 1500, enabled: true },
  ],
} as const;

export const STORE_SETTINGS_ID = "store";
