import type { RateLimitStore } from "./rate-limit-store.ts";
import { RateLimiter } from "./rate-limiter.ts";

/** The public forms' limits per client address, counted in the shared store. */
export function createRateLimits(store: RateLimitStore) {
  return {
    trackOrder: new RateLimiter(store, { name: "trackOrder", limit: 20, windowMs: 60_000 }),
    /**
     * The returns page's posts per client (a guest's order number and e-mail, a claim with its
     * photo): as Track Order's, so order numbers and addresses cannot be tried in bulk.
     */
    returnClaims: new RateLimiter(store, { name: "returnClaims", limit: 20, windowMs: 60_000 }),
    /**
     * Discount codes tried at checkout per client (Apply, and Place Order with a code): codes are
     * short, so they must not be guessed by trying many (decision 39).
     */
    discountCodeTries: new RateLimiter(store, { name: "discountCodeTries", limit: 20, windowMs: 10 * 60_000 }),
    /**
     * Refused tries of one code (by its key), from every client together: guessing one code's
     * letter by letter from many addresses meets this; a valid code's Applies are not counted.
     */
    discountCodeRefusals: new RateLimiter(store, { name: "discountCodeRefusals", limit: 30, windowMs: 10 * 60_000 }),
    subscribe: new RateLimiter(store, { name: "subscribe", limit: 10, windowMs: 60_000 }),
    contact: new RateLimiter(store, { name: "contact", limit: 5, windowMs: 60_000 }),
    /** Orders placed (checked forms only): each holds stock while it is paid for. */
    checkout: new RateLimiter(store, { name: "checkout", limit: 20, windowMs: 10 * 60_000 }),
    /**
     * Items ordered by invoice per client a day (server/checkout/invoice-allowance.ts): an invoice
     * order holds its stock unpaid until staff mark it paid or cancel it.
     */
    invoiceItems: new RateLimiter(store, { name: "invoiceItems", limit: 300, windowMs: 24 * 60 * 60_000 }),
    /**
     * Calls to Stripe a buyer's browser causes (the confirmation's check on the way back from
     * Stripe, Pay by card): the shop's Stripe API allowance is shared by every buyer.
     */
    cardPayment: new RateLimiter(store, { name: "cardPayment", limit: 30, windowMs: 60_000 }),
    /**
     * E-mails an invoice order sends its buyer unasked (the confirmation and the invoice) per
     * recipient a day (server/orders/invoice-mail-cap.ts): anyone may type any address at checkout.
     */
    invoiceMailsPerRecipient: new RateLimiter(store, {
      name: "invoiceMailsPerRecipient",
      limit: 20,
      windowMs: 24 * 60 * 60_000,
    }),
    /** Books CSV imports by an admin: each validates a file of up to 5 MB and writes in one transaction. */
    bookImport: new RateLimiter(store, { name: "bookImport", limit: 10, windowMs: 10 * 60_000 }),
    /**
     * Pages of the public book list (/resources/books) rendered for a client: only answers the
     * page cache did not have count, so a visitor paging through it never meets the limit.
     */
    bookList: new RateLimiter(store, { name: "bookList", limit: 60, windowMs: 60_000 }),
    /**
     * Free stories asked for by a client ("Get a Free Story"): each is a mail of up to 5 MB in the
     * shop's name, so a script must not make the shop a mail cannon. Past it: 429 with the wait.
     */
    freeStory: new RateLimiter(store, { name: "freeStory", limit: 10, windowMs: 60 * 60_000 }),
    /**
     * Free stories mailed to one mailbox a day (server/free-story/request-free-story.ts): anyone may
     * type any address. Past it the answer stays the same and nothing is sent, so nobody learns
     * anything about the address and nobody can fill its mailbox.
     */
    freeStoryPerAddress: new RateLimiter(store, { name: "freeStoryPerAddress", limit: 3, windowMs: 24 * 60 * 60_000 }),
    /** Invoice downloads asked for by a client (/orders/:id/invoice.pdf): each PDF costs 0.1–0.2 s of CPU. */
    orderDocuments: new RateLimiter(store, { name: "orderDocuments", limit: 30, windowMs: 60_000 }),
    /** Sales-tax quotes of the checkout page (/resources/tax-quote): each prices a cart; a buyer asks a few. */
    taxQuote: new RateLimiter(store, { name: "taxQuote", limit: 60, windowMs: 60_000 }),
    /** Tax exemption certificates an account sends, refused ones included: each is a file of up to 5 MB kept for years. */
    taxCertificateUploads: new RateLimiter(store, { name: "taxCertificateUploads", limit: 20, windowMs: 60 * 60_000 }),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
