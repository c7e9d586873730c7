import { Link, useSubmit } from "react-router";
import type { Bundle } from "#server/books/bundle.ts";
import type { ActionFailure } from "#server/http/action-result.ts";
import { BUNDLE_FIELDS, BUNDLE_INTENTS, BUNDLE_LIMITS, bundleSchema } from "#common/books/bundle-schema.ts";
import { centsToMoneyText } from "#common/money/money.ts";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";

/** The form's fields as text: a bundle's, or what was typed before a refusal. */
export interface BundleFormValues {
  name: string;
  description: string;
  price: string;
  originalPrice: string;
  savings: string;
  features: string;
  popular: boolean;
  parts: { bookId: string; quantity: string }[];
}

/** The values a bundle shows in the form, or those a refused post carried (so nothing typed is lost). */
export function bundleFormValues(source: Bundle | FormData): BundleFormValues {
  if (!(source instanceof FormData)) {
    return {
      name: source.name,
      description: source.description,
      price: centsToMoneyText(source.priceCents),
      originalPrice: source.originalPriceCents === null ? "" : centsToMoneyText(source.originalPriceCents),
      savings: source.savings ?? "",
      features: source.features.join("\n"),
      popular: source.popular,
      parts: source.books.map((book) => ({ bookId: book.id, quantity: String(book.quantity) })),
    };
  }
  const field = (name: string, max = 2000) => {
    const value = source.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const parts: BundleFormValues["parts"] = [];
  for (let row = 0; row < BUNDLE_LIMITS.parts + BLANK_ROWS; row++) {
    const bookId = field(`parts.${row}.bookId`, 100);
    const quantity = field(`parts.${row}.quantity`, 10);
    if (bookId || quantity) parts.push({ bookId, quantity });
  }
  return {
    name: field("name"),
    description: field("description"),
    price: field("price", 20),
    originalPrice: field("originalPrice", 20),
    savings: field("savings", 100),
    features: field("features"),
    popular: source.get("popular") === "on",
    parts,
  };
}

/** What a new bundle's form shows: nothing. */
const NEW_BUNDLE: BundleFormValues = {
  name: "",
  description: "",
  price: "",
  originalPrice: "",
  savings: "",
  features: "",
  popular: false,
  parts: [],
};

/** Empty part rows under the chosen ones: enough for "12 × a title + 1 teacher's guide" without scripts. */
const BLANK_ROWS = 3;

/**
 * Create or edit a bundle: name, texts, price, and its parts (a title from the catalogue and its
 * copies per set, a row each). Checked with the shared schema before posting; the server checks it
 * again and that every title exists. Works as a plain form post without scripts.
 */
export function BundleForm({
  bundleId,
  books,
  values,
  missingParts,
  failure,
}: {
  bundleId: string | null;
  books: { id: string; title: string; stock: number | null }[];
  values: BundleFormValues | null;
  /** Books of the bundle deleted from the catalogue since it was saved: it is unavailable until replaced. */
  missingParts: number;
  failure?: ActionFailure["error"] | undefined;
}) {
  const submit = useSubmit();
  const { popular, parts: chosen, ...texts } = values ?? NEW_BUNDLE;
  const { fieldErrors, field, formProps, clear } = useRouteForm({
    schema: bundleSchema,
    defaultValues: texts,
    fieldOrder: BUNDLE_FIELDS,
    failureTitle: "Error saving bundle",
    clearOnInput: true,
    initialResult: failure ? { ok: false, error: failure } : undefined,
    post: (_form, data) => void submit(data, { method: "post" }),
    // The parts' message belongs to the rows: the first title takes the keyboard.
    focus: (field) => (field === "parts" ? document.querySelector<HTMLElement>('[name="parts.0.bookId"]') : undefined),
  });
  const rows = [...chosen, ...Array.from({ length: BLANK_ROWS }, () => ({ bookId: "", quantity: "" }))].slice(
    0,
    Math.max(BUNDLE_LIMITS.parts, chosen.length),
  );
  const partsErrorId = "bundle-parts-error";
  return (
    <form
      {...formProps}
      method="post"
      className="mt-6 grid max-w-3xl gap-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-6"
    >
      <h2 className="font-serif text-2xl font-bold text-brand-800">{bundleId ? "Edit bundle" : "New bundle"}</h2>
      <input type="hidden" name="intent" value={bundleId ? BUNDLE_INTENTS.update : BUNDLE_INTENTS.create} />
      {bundleId ? <input type="hidden" name="id" value={bundleId} /> : null}
      {missingParts > 0 ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {missingParts === 1 ? "1 book" : `${missingParts} books`} of this bundle {missingParts === 1 ? "was" : "were"}{" "}
          deleted from the catalogue: it cannot be bought until its titles are chosen again.
        </p>
      ) : null}
      <FormField label="Name" maxLength={BUNDLE_LIMITS.name} {...field("name")} required />
      <FormField
        multiline
        label="Description"
        maxLength={BUNDLE_LIMITS.description}
        {...field("description")}
        required
      />
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <FormField label="Price ($)" inputMode="decimal" {...field("price")} required />
        <FormField
          label="Original price ($)"
          inputMode="decimal"
          hint="Optional, shown struck through."
          {...field("originalPrice")}
        />
        <FormField
          label="Savings label"
          hint="Optional, e.g. Save 22%."
          maxLength={BUNDLE_LIMITS.savings}
          {...field("savings")}
        />
      </div>
      <FormField
        multiline
        label="What's included"
        hint={`One line each, at most ${BUNDLE_LIMITS.features} lines.`}
        {...field("features")}
      />
      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" name="popular" defaultChecked={popular} className="size-5" />
        Mark as Most Popular
      </label>
      {/* The rows share one message: a change to any row clears it. */}
      <fieldset
        className="grid gap-3"
        aria-describedby={fieldErrors.parts ? partsErrorId : undefined}
        onInput={() => clear("parts")}
      >
        <legend className="font-medium">Titles in one set</legend>
        <p className="text-sm text-gray-700">
          Choose each title and its copies per set (1 to {BUNDLE_LIMITS.maxCopies}), e.g. 12 copies of a story and 1
          teacher's guide. Leave unused rows empty.
        </p>
        <ol className="grid gap-3">
          {rows.map((row, index) => (
            <li key={index} className="grid items-end gap-2 sm:grid-cols-[minmax(0,1fr)_9rem]">
              <FormField select label={`Title ${index + 1}`} name={`parts.${index}.bookId`} defaultValue={row.bookId}>
                <option value="">No title</option>
                {books.map((book) => (
                  <option key={book.id} value={book.id}>
                    {book.title}
                    {book.stock === null ? "" : ` (${book.stock} in stock)`}
                  </option>
                ))}
              </FormField>
              <FormField
                label={`Copies of title ${index + 1}`}
                name={`parts.${index}.quantity`}
                inputMode="numeric"
                size={4}
                maxLength={2}
                defaultValue={row.quantity}
              />
            </li>
          ))}
        </ol>
        {fieldErrors.parts ? (
          <p id={partsErrorId} role="alert" className="text-sm font-medium text-red-700">
            {fieldErrors.parts}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={ADMIN_PAGES.bundles.path} className={buttonStyles.secondary}>
          Cancel
        </Link>
        <button type="submit" className={buttonStyles.primary}>
          {bundleId ? "Save Bundle" : "Create Bundle"}
        </button>
      </div>
    </form>
  );
}
