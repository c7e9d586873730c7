import type { ColumnType, Insertable, Selectable } from "kysely";
import type { EnquiryKind } from "#common/contact/contact-fields.ts";
import type { OrderStatusValue } from "#common/orders/order-status-schema.ts";
import type { PaymentMethod, PaymentStatus } from "#common/orders/payment-status.ts";
import type { TaxMode } from "#common/tax/sales-tax.ts";
import type {
  CertificateDocumentKind,
  CertificateStatus,
  OrganisationKind,
} from "#common/tax-exemptions/tax-exemption-terms.ts";

/**
 * The database as the application sees it. Times are ISO-8601 UTC strings on both engines
 * (PostgreSQL `timestamptz` values are converted on read, see database.ts). Booleans are
 * `0 | 1` on SQLite and `boolean` on PostgreSQL, hence `SqlBool`; read them with `Boolean()`.
 * Money is integer cents.
 */
export type Timestamp = string;
export type SqlBool = boolean | 0 | 1;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface BooksTable {
  id: string;
  slug: string;
  title: string;
  author: string;
  description: string;
  price_cents: number;
  original_price_cents: number | null;
  image_url: string | null;
  badge: string | null;
  rating: number | null;
  reviews: number | null;
  /** The age range's label as shown ("Ages 4–8"); the filter reads age_min and age_max. */
  age_range: string | null;
  /** The youngest and oldest age (whole years, 0–18) the book is for; both or neither (migration 0025). */
  age_min: Defaulted<number | null>;
  age_max: Defaulted<number | null>;
  stock: number | null;
  /**
   * Topic tags, a JSON array of strings (`["Christmas","Parables"]`); read it with `toBook`.
   * Triggers copy it into `book_tags` for indexed filtering (migration 0009).
   */
  tags: Defaulted<string>;
  /**
   * Quantity price breaks, a JSON list of `{ minQuantity, unitPriceCents }`, thresholds
   * increasing, `[]` for none (migration 0028, decision 36); read it with `toBook` or `readPriceBreaks`.
   */
  price_breaks: Defaulted<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A stored cover image (decision 10); `data` is null when the bytes live in a bucket. */
export interface CoverImagesTable {
  key: string;
  sha256: string;
  content_type: string;
  byte_length: number;
  data: Buffer | null;
  created_at: Timestamp;
}

/** The /uploads/covers/… URL a cover had before it moved into the store. */
export interface CoverImageAliasesTable {
  old_url: string;
  key: string;
  created_at: Timestamp;
}

/** One row per book and tag, written only by the triggers on `books.tags`. */
export interface BookTagsTable {
  book_id: string;
  tag: string;
}

/** The list itself lives with the form that offers it (ORDER_STATUSES), so the two cannot drift apart. */
export type OrderStatus = OrderStatusValue;

export interface OrdersTable {
  id: string;
  order_date: Timestamp;
  customer_email: string;
  total_cents: number;
  status: OrderStatus;
  estimated_delivery: string | null;
  updated_at: Timestamp;
  /** The account that placed the order while signed in; null for guests and the seeded samples. */
  user_id: string | null;
  /** The hidden token of the checkout page that placed it: a replayed POST finds this order. Unique. */
  checkout_token: string | null;
  customer_name: string | null;
  phone: string | null;
  /** Church, school or co-op, when the buyer gave one. */
  organisation: string | null;
  po_number: string | null;
  ship_street: string | null;
  ship_city: string | null;
  ship_region: string | null;
  ship_postal_code: string | null;
  /** ISO 3166-1 alpha-2. */
  ship_country: string | null;
  shipping_method_id: string | null;
  /** As chosen: the method may be renamed or removed later. */
  shipping_method_name: string | null;
  shipping_cents: Defaulted<number>;
  /** Sum of the lines; total_cents = subtotal_cents + shipping_cents. */
  subtotal_cents: Defaulted<number>;
  currency: Defaulted<string>;
  /** Null for orders from before checkout (the seeded samples). */
  payment_method: PaymentMethod | null;
  payment_status: Defaulted<PaymentStatus>;
  /** The provider's id of the payment, to refund it: Stripe's payment intent, PayPal's capture; null until paid. */
  payment_reference: string | null;
  stripe_session_id: string | null;
  /** While awaiting a card payment: when the held stock goes back if no payment arrived. */
  payment_expires_at: Timestamp | null;
  paid_at: Timestamp | null;
  amount_paid_cents: Defaulted<number>;
  amount_refunded_cents: Defaulted<number>;
  /** Sales tax charged (migration 0026); total_cents = subtotal_cents + shipping_cents + tax_cents. */
  tax_cents: Defaulted<number>;
  /** The exemption certificate that took the tax off (the audit trail), and its number as it was. */
  tax_exempt_certificate_id: ColumnType<string | null, string | null | undefined, string | null>;
  tax_exempt_certificate_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** True while this order holds units taken from stock (given back once on cancel or expiry). */
  stock_taken: Defaulted<SqlBool>;
  /** The rate-limit key of the client that placed it (server/security/client-key.ts); null before 0017. */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** A PayPal order's one PayPal order (Orders v2), once created; its capture id is payment_reference. */
  paypal_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A replacement order at no charge (a settled damage claim): the order it replaces (migration 0027). */
  replacement_for_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Stripe Tax (migration 0032): the calculation the tax came from, its transaction once confirmed, its reversal. */
  stripe_tax_calculation_id: ColumnType<string | null, string | null | undefined, string | null>;
  stripe_tax_transaction_id: ColumnType<string | null, string | null | undefined, string | null>;
  stripe_tax_reversal_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The part of amount_refunded_cents that gave back the sales tax alone (an exemption approved later). */
  tax_refunded_cents: Defaulted<number>;
  /** The discount code the order used (migration 0031, decision 39); null when none or deleted since. */
  discount_code_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The code as shown on the order ("Discount (SPRING10)"), copied: it outlives the code. */
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the code took off; total_cents = subtotal_cents - discount_cents + shipping_cents (+ tax). */
  discount_cents: Defaulted<number>;
  /** Who the per-customer limit counts: "user:<id>", else "email:<address lower-cased>". */
  discount_customer: ColumnType<string | null, string | null | undefined, string | null>;
  /** True while the order holds one of its code's uses (given back once on cancel or expiry). */
  discount_use_held: Defaulted<SqlBool>;
}

/** A discount code made in the back office (migration 0031, decision 39). */
export interface DiscountCodesTable {
  id: string;
  /** As staff typed it (shown on orders); `code_key` is it lower-cased, unique. */
  code: string;
  code_key: string;
  kind: "percent" | "fixed";
  percent: number | null;
  amount_cents: number | null;
  applies_to: "order" | "titles";
  /** JSON array of book ids, for applies_to = 'titles'. */
  book_ids: Defaulted<string>;
  min_quantity: number | null;
  min_subtotal_cents: number | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  /** Orders holding a use now (raised only by a conditional write, never past usage_limit). */
  uses: Defaulted<number>;
  active: Defaulted<SqlBool>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  /** Kept as a hint only; title and price below are the record and survive the book's deletion. */
  book_id: string | null;
  /** Set instead of book_id for a bundle line. */
  bundle_id: ColumnType<string | null, string | null | undefined, string | null>;
  title: string;
  unit_price_cents: number;
  quantity: number;
  position: number;
}

export interface OrderStatusHistoryTable {
  id: string;
  order_id: string;
  status: string;
  location: string | null;
  occurred_at: Timestamp;
  /** False for staff-only steps (e.g. a payment flagged for review): Track Order leaves them out. */
  customer_visible: Defaulted<SqlBool>;
  /** Staff detail, e.g. the refunded amount or why a payment was flagged. Never shown to customers. */
  note: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One parcel of an order (migration 0023): its carrier and tracking number, once per order. */
export interface OrderTrackingNumbersTable {
  id: string;
  order_id: string;
  /** One of CARRIERS (common/orders/carriers.ts); not checked by the database. */
  carrier: string;
  /** Upper case, single spaces: as trackingNumberSchema leaves it. */
  tracking_number: string;
  /** The order's parcels in the order they were entered (0, 1, …; gaps after a removal). */
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A staff note on an order (migration 0023). Never shown to customers. */
export interface OrderNotesTable {
  id: string;
  order_id: string;
  /** Null once the author's account is gone; `author_email` still names them. */
  author_user_id: string | null;
  author_email: string;
  body: string;
  created_at: Timestamp;
}

/** A part of a bundle: a book and how many of it, in display order (migrations 0012, 0030). */
export interface BundleBooksTable {
  bundle_id: string;
  book_id: string;
  position: number;
  /** Copies of the book in one bundle, 1–99 (migration 0030). */
  quantity: Defaulted<number>;
}

/** The books an order took through its bundle lines, per book (migration 0030): what a release gives back. */
export interface OrderBundleUnitsTable {
  order_id: string;
  book_id: string;
  quantity: number;
}

export interface BundlesTable {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  original_price_cents: number | null;
  savings: string | null;
  /**
   * The books it was defined with (the sum of its parts' counts, written on save): fewer live
   * parts mean a part was deleted, and the bundle is unavailable (decision 38).
   */
  book_count: number;
  /** JSON array of strings. */
  features: string;
  popular: SqlBool;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Each provider event id once (Stripe's, PayPal's `paypal:` ones): a replay finds its row and changes nothing. */
export interface PaymentEventsTable {
  id: string;
  order_id: string | null;
  type: string;
  received_at: Timestamp;
}

/** A mail to send, rendered from its order when sent; retried with growing waits until sent. */
export interface MailOutboxTable {
  id: string;
  dedupe_key: string;
  kind: string;
  order_id: string | null;
  created_at: Timestamp;
  attempts: Defaulted<number>;
  next_attempt_at: Timestamp;
  sent_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when the delivery job gave up (a day of failures); the row is no longer due. */
  failed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The certificate a tax exemption mail is about (its kinds: TAX_EXEMPTION_MAIL_KINDS); null for order mails. */
  tax_certificate_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address of a mail of no order (the free story); cleared once it is sent or given up. */
  recipient: ColumnType<string | null, string | null | undefined, string | null>;
  /** The return or damage claim a claim mail is about (its kinds: RETURN_CLAIM_MAIL_KINDS). */
  return_claim_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A customer's return or damage claim on an order, and staff's handling of it (migration 0027). */
export interface ReturnClaimsTable {
  id: string;
  order_id: string;
  kind: "return" | "damage";
  reason: string;
  status: "pending" | "approved" | "refused" | "settled";
  /** The signed-in account that sent it; null for a guest (who proved the order with its e-mail). */
  user_id: string | null;
  /** The photo's key in the private file store (a WebP the shop re-encoded), or null. */
  photo_key: string | null;
  photo_content_type: string | null;
  /** The claimed lines' amount at the order's prices: what a refund pays back. */
  amount_cents: number;
  created_at: Timestamp;
  decided_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The return instructions staff e-mailed when approving. */
  instructions: ColumnType<string | null, string | null | undefined, string | null>;
  refusal_reason: ColumnType<string | null, string | null | undefined, string | null>;
  settlement: ColumnType<
    "refund" | "replacement" | null,
    "refund" | "replacement" | null | undefined,
    "refund" | "replacement" | null
  >;
  refunded_cents: ColumnType<number | null, number | null | undefined, number | null>;
  replacement_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  settled_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** One line of a claim: an order line and how many of its copies (migration 0027). */
export interface ReturnClaimLinesTable {
  id: string;
  claim_id: string;
  order_item_id: string;
  quantity: number;
  amount_cents: number;
}

export interface StoreSettingsTable {
  /** Always "store": the table holds exactly one row. */
  id: string;
  store_name: string;
  contact_email: string;
  /** The seller's postal address on invoices and packing slips, lines separated by "\n"; null: none. */
  postal_address: ColumnType<string | null, string | null | undefined, string | null>;
  currency: string;
  enable_stripe: SqlBool;
  stripe_publishable_key: string | null;
  /** Encrypted with a key derived from APP_SECRET; never sent to a browser. */
  stripe_secret_key_encrypted: string | null;
  enable_paypal: SqlBool;
  paypal_client_id: string | null;
  enable_maintenance_mode: SqlBool;
  updated_at: Timestamp;
  /** Stripe's webhook signing secret (whsec_…), encrypted like the secret key; write-only. */
  stripe_webhook_secret_encrypted: ColumnType<string | null, string | null | undefined, string | null>;
  /** Pay by invoice / purchase order (churches, schools, co-ops). */
  enable_invoice: Defaulted<SqlBool>;
  /** E.g. "Net 30": printed on the invoice and the checkout page. */
  invoice_terms: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 3166-1 alpha-2 codes separated by commas; null ships everywhere. */
  shipping_countries: ColumnType<string | null, string | null | undefined, string | null>;
  /** The dashboard lists books with this many copies or fewer in stock. */
  low_stock_threshold: Defaulted<number>;
  /** PayPal's client secret, encrypted like the Stripe secret key; write-only. */
  paypal_client_secret_encrypted: ColumnType<string | null, string | null | undefined, string | null>;
  /** The id PayPal gave the shop's webhook: events are verified against it. */
  paypal_webhook_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shop's PayPal merchant (payer) id: a capture paid to another account is not the shop's. */
  paypal_merchant_id: ColumnType<string | null, string | null | undefined, string | null>;
  paypal_environment: Defaulted<"sandbox" | "live">;
  /** The footer's profile links: a JSON array of `StoredSocialLink` (common/settings/social-links.ts). */
  social_links: Defaulted<string>;
  /** How sales tax is computed (migration 0026, decision 29). */
  tax_mode: Defaulted<TaxMode>;
  /** The owner's home state (USPS code), or null. */
  tax_home_state: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One sales-tax rate the owner set (migration 0026): a US state ("US-IL") or a whole country ("CA"). */
export interface TaxRatesTable {
  jurisdiction: string;
  country: string;
  state: string | null;
  /** Thousandths of a percent: 6.25 % is 6250. */
  rate_thousandths: number;
  shipping_taxed: SqlBool;
  /** Off: kept on file, not charged ("collect only where registered"). */
  collecting: SqlBool;
}

/** The tax an order was charged per jurisdiction (migration 0026), its label copied. */
export interface OrderTaxLinesTable {
  order_id: string;
  jurisdiction: string;
  label: string;
  rate_thousandths: number;
  taxable_cents: number;
  tax_cents: number;
}

/** Bytes the shop keeps and never serves publicly (the free story), when the database is the file store. */
export interface PrivateFilesTable {
  key: string;
  content_type: string;
  byte_length: number;
  data: Buffer;
  created_at: Timestamp;
}

/** The one free story (id "story") the home page offers; its bytes are a private file. */
export interface FreeStoryTable {
  id: "story";
  file_key: string;
  /** The name it was uploaded with, cleaned: the attachment's name. */
  file_name: string;
  byte_length: number;
  uploaded_at: Timestamp;
}

export interface ShippingMethodsTable {
  id: string;
  settings_id: string;
  name: string;
  rate_cents: number;
  /** Added for each item after the first; 0 is a flat rate (decision 37). */
  per_item_cents: Defaulted<number>;
  /** An order subtotal from which this method ships free; null: never. */
  free_above_cents: ColumnType<number | null, number | null | undefined, number | null>;
  enabled: SqlBool;
  position: number;
}

export interface EmailSubscribersTable {
  id: string;
  email: string;
  subscribed_at: Timestamp;
  /** When the owner of the address followed the confirmation link; null while pending. Optional on insert. */
  confirmed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** When the last confirmation e-mail was sent (null: none yet, or the last one failed). */
  confirmation_sent_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface ProfilesTable {
  /** Equals user.id. */
  id: string;
  full_name: string | null;
  username: string | null;
  website: string | null;
  updated_at: Timestamp;
}

export interface ContactMessagesTable {
  id: string;
  full_name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Timestamp;
  /** Null until the message has been e-mailed to the store's contact address. */
  mail_sent_at: Timestamp | null;
  /** A church or school order enquiry (common/contact/contact-fields.ts `ENQUIRY_KINDS`); null otherwise. */
  enquiry: EnquiryKind | null;
  organisation: string | null;
}

/** The organisation an account buys for (migration 0022); one per account. */
export interface OrganisationsTable {
  user_id: string;
  name: string;
  kind: OrganisationKind;
  street: string;
  city: string;
  /** A USPS state code (common/us-states.ts). */
  state: string;
  postal_code: string;
  updated_at: Timestamp;
}

/**
 * A sales tax exemption certificate for one state, reviewed by staff (decision 30). Keeps the
 * address and organisation name it was sent with; outlives the account (`user_id` null).
 */
export interface TaxExemptionCertificatesTable {
  id: string;
  user_id: string | null;
  customer_email: string;
  organisation_name: string;
  organisation_kind: OrganisationKind;
  state: string;
  document_kind: CertificateDocumentKind;
  certificate_number: string;
  /** `YYYY-MM-DD`: valid through that (UTC) day. */
  expires_on: string;
  status: CertificateStatus;
  file_content_type: string;
  file_byte_length: number;
  submitted_at: Timestamp;
  reviewed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  reviewed_by: ColumnType<string | null, string | null | undefined, string | null>;
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the "expires soon" mail was queued: each certificate is reminded once. */
  expiry_reminder_queued_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** A certificate's file; `data` is null when the bytes live in the bucket. */
export interface TaxCertificateFilesTable {
  certificate_id: string;
  sha256: string;
  content_type: string;
  byte_length: number;
  data: Buffer | null;
  created_at: Timestamp;
}

/* better-auth's tables, with its own (camelCase) column names and the admin plugin's fields. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: SqlBool;
  image: string | null;
  createdAt: ColumnType<Timestamp, Timestamp | Date, Timestamp | Date>;
  updatedAt: ColumnType<Timestamp, Timestamp | Date, Timestamp | Date>;
  role: string | null;
  banned: SqlBool | null;
  banReason: string | null;
  banExpires: ColumnType<Timestamp | null, Timestamp | Date | null, Timestamp | Date | null>;
}

export interface SessionTable {
  id: string;
  expiresAt: ColumnType<Timestamp, Timestamp | Date, Timestamp | Date>;
  token: string;
  createdAt: ColumnType<Timestamp, Timestamp | Date, Timestamp | Date>;
  updatedAt: ColumnType<Timestamp, Timestamp | Date, Timestamp | Date>;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: ColumnType<Timestamp | null, Timestamp | Date | null, Timestamp | Date | null>;
  refreshTokenExpiresAt: ColumnType<Timestamp | null, Timestamp | Date | null, Timestamp | Date | null>;
  scope: string | null;
  password: string | null;
  createdAt: ColumnType<Timestamp, Timestamp | Date, Timestamp | Date>;
  updatedAt: ColumnType<Timestamp, Timestamp | Date, Timestamp | Date>;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: ColumnType<Timestamp, Timestamp | Date, Timestamp | Date>;
  createdAt: ColumnType<Timestamp, Timestamp | Date, Timestamp | Date>;
  updatedAt: ColumnType<Timestamp, Timestamp | Date, Timestamp | Date>;
}

/**
 * Counters of the rate limits, written only by rate-limiter-flexible (server/security/rate-limit-store.ts).
 * `expire` is epoch milliseconds.
 */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

/**
 * One row (id 1): a counter that every write to a page-shaping table bumps (database triggers,
 * migration 0014).
 */
export interface PageGenerationTable {
  id: number;
  generation: ColumnType<number, never, never>;
}

/** One-time links to create the first admin account (migration 0016): SHA-256 of the token only. */
export interface OwnerSetupTokensTable {
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface Database {
  books: BooksTable;
  cover_images: CoverImagesTable;
  cover_image_aliases: CoverImageAliasesTable;
  book_tags: BookTagsTable;
  bundles: BundlesTable;
  bundle_books: BundleBooksTable;
  order_bundle_units: OrderBundleUnitsTable;
  orders: OrdersTable;
  discount_codes: DiscountCodesTable;
  order_tax_lines: OrderTaxLinesTable;
  tax_rates: TaxRatesTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  order_tracking_numbers: OrderTrackingNumbersTable;
  order_notes: OrderNotesTable;
  store_settings: StoreSettingsTable;
  shipping_methods: ShippingMethodsTable;
  email_subscribers: EmailSubscribersTable;
  profiles: ProfilesTable;
  contact_messages: ContactMessagesTable;
  payment_events: PaymentEventsTable;
  mail_outbox: MailOutboxTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rate_limits: RateLimitsTable;
  page_generation: PageGenerationTable;
  owner_setup_tokens: OwnerSetupTokensTable;
  organisations: OrganisationsTable;
  tax_exemption_certificates: TaxExemptionCertificatesTable;
  tax_certificate_files: TaxCertificateFilesTable;
  private_files: PrivateFilesTable;
  free_story: FreeStoryTable;
  return_claims: ReturnClaimsTable;
  return_claim_lines: ReturnClaimLinesTable;
}

export type BookRow = Selectable<BooksTable>;
export type NewBook = Insertable<BooksTable>;
export type StoreSettingsRow = Selectable<StoreSettingsTable>;
