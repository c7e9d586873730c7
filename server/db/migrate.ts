import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from "kysely";
import type { DatabaseHandle } from "./database.ts";
import type { MigrationContext } from "./migration-context.ts";
import * as initialSchema from "./migrations/0001-initial-schema.ts";
import * as contactMessages from "./migrations/0002-contact-messages.ts";
import * as orderIdLowerIndex from "./migrations/0003-order-id-lower-index.ts";
import * as orderOwner from "./migrations/0004-order-owner.ts";
import * as subscriberConfirmation from "./migrations/0005-subscriber-confirmation.ts";
import * as checkout from "./migrations/0006-checkout.ts";
import * as coverImages from "./migrations/0007-cover-images.ts";
import * as rateLimits from "./migrations/0008-rate-limits.ts";
import * as bookTagsSearch from "./migrations/0009-book-tags-search.ts";
import * as lowStockThreshold from "./migrations/0010-low-stock-threshold.ts";
import * as bundleBooks from "./migrations/0012-bundle-books.ts";
import * as pageGeneration from "./migrations/0014-page-generation.ts";
import * as ordersPaymentReferenceIndex from "./migrations/0015-orders-payment-reference-index.ts";
import * as ownerSetupTokens from "./migrations/0016-owner-setup-tokens.ts";
import * as orderClientKey from "./migrations/0017-order-client-key.ts";
import * as contactEnquiries from "./migrations/0018-contact-enquiries.ts";
import * as storePostalAddress from "./migrations/0019-store-postal-address.ts";
import * as paypalPayments from "./migrations/0020-paypal-payments.ts";
import * as taxExemptions from "./migrations/0022-tax-exemptions.ts";
import * as trackingNumbersStaffNotes from "./migrations/0023-tracking-numbers-staff-notes.ts";
import * as freeStorySocialLinks from "./migrations/0024-free-story-social-links.ts";
import * as bookAgeNumbers from "./migrations/0025-book-age-numbers.ts";
import * as salesTax from "./migrations/0026-sales-tax.ts";
import * as returnClaims from "./migrations/0027-return-claims.ts";
import * as bookPriceBreaks from "./migrations/0028-book-price-breaks.ts";
import * as shippingByItems from "./migrations/0029-shipping-by-items.ts";
import * as bundlesOfBooks from "./migrations/0030-bundles-of-books.ts";
import * as discountCodes from "./migrations/0031-discount-codes.ts";
import * as stripeTax from "./migrations/0032-stripe-tax.ts";

interface MigrationModule {
  up(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
  down?(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
}

/**
 * Every migration, in order. Listed here rather than read from a folder so that the bundled
 * server carries them; names sort in the order they run and are never renamed.
 */
const migrations: Record<string, MigrationModule> = {
  "0001-initial-schema": initialSchema,
  "0002-contact-messages": contactMessages,
  "0003-order-id-lower-index": orderIdLowerIndex,
  "0004-order-owner": orderOwner,
  "0005-subscriber-confirmation": subscriberConfirmation,
  "0006-checkout": checkout,
  "0007-cover-images": coverImages,
  "0008-rate-limits": rateLimits,
  "0009-book-tags-search": bookTagsSearch,
  "0010-low-stock-threshold": lowStockThreshold,
  "0012-bundle-books": bundleBooks,
  "0014-page-generation": pageGeneration,
  "0015-orders-payment-reference-index": ordersPaymentReferenceIndex,
  "0016-owner-setup-tokens": ownerSetupTokens,
  "0017-order-client-key": orderClientKey,
  "0018-contact-enquiries": contactEnquiries,
  "0019-store-postal-address": storePostalAddress,
  "0020-paypal-payments": paypalPayments,
  "0022-tax-exemptions": taxExemptions,
  "0023-tracking-numbers-staff-notes": trackingNumbersStaffNotes,
  "0024-free-story-social-links": freeStorySocialLinks,
  "0025-book-age-numbers": bookAgeNumbers,
  "0026-sales-tax": salesTax,
  "0027-return-claims": returnClaims,
  "0028-book-price-breaks": bookPriceBreaks,
  "0029-shipping-by-items": shippingByItems,
  "0030-bundles-of-books": bundlesOfBooks,
  "0031-discount-codes": discountCodes,
  "0032-stripe-tax": stripeTax,
};

class ListedMigrationProvider implements MigrationProvider {
  constructor(private readonly context: MigrationContext) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const result: Record<string, Migration> = {};
    for (const [name, module] of Object.entries(migrations)) {
      result[name] = {
        up: (db) => module.up(db, this.context),
        down: module.down ? (db) => module.down!(db, this.context) : undefined,
      };
    }
    return result;
  }
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/**
 * Applies every pending migration. Kysely records them in `kysely_migration` and, on PostgreSQL,
 * holds an advisory lock meanwhile, so two processes starting together apply each one once.
 * Returns the names applied by this call.
 */
export async function migrateToLatest(handle: DatabaseHandle, options: { upTo?: string } = {}): Promise<string[]> {
  const context: MigrationContext = {
    engine: handle.engine,
    timestamp: handle.engine === "sqlite" ? "text" : "timestamptz",
  };
  const migrator = new Migrator({ db: handle.db, provider: new ListedMigrationProvider(context) });
  // `upTo` (tests of a migration on data written before it): stop after that one.
  const { error, results }: MigrationResultSet = options.upTo
    ? await migrator.migrateTo(options.upTo)
    : await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new MigrationError(`Migration ${failed ?? "(setup)"} failed: ${String((error as Error).message ?? error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
