import { ImageIcon, Loader2 } from "lucide-react";
import { useRevalidator } from "react-router";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import type { Book } from "#server/books/book.ts";
import type { ActionFailure, ActionResult } from "#server/http/action-result.ts";
import {
  BOOK_FIELDS,
  BOOK_INTENTS,
  BOOK_LIMITS,
  bookToFormValues,
  bookFormSchema,
  NEW_BOOK_ID_FIELD,
  STOCK_SHOWN_FIELD,
  type BookField,
  type BookIntent,
} from "#common/books/book-schema.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { showToast } from "#app/components/ui/toast.tsx";
import { useCheckedForm } from "#app/components/forms/use-checked-form.ts";
import { BOOK_AGE_LIMITS } from "#common/books/age-range.ts";
import { COVER_FIELD, COVER_LIMITS } from "#common/books/cover-limits.ts";
import { CoverImageError, resizeCoverImage } from "./resize-cover.ts";
import { UploadProgress, usePostWithProgress } from "./upload-progress.tsx";
import { PriceBreakRows } from "./price-break-rows.tsx";

/** What the books action answers for a save. */
type SaveBookResult = ActionResult<{ book: { id: string; title: string } }>;

/** The toasts the books action sets (shown by the root). */
export const BOOK_TOASTS = {
  [BOOK_INTENTS.create]: { title: "Success!", description: "Book added successfully." },
  [BOOK_INTENTS.update]: { title: "Success!", description: "Book updated successfully." },
  [BOOK_INTENTS.delete]: { title: "Book deleted", description: "The book has been removed." },
} satisfies Record<BookIntent, { title: string; description: string }>;

/** The title of the toast for a refused book action: a refused image is told apart from the rest. */
export function bookFailureTitle(intent: unknown, error: ActionFailure["error"]): string {
  if (intent === BOOK_INTENTS.delete) return "Error deleting book";
  return error.fieldErrors?.[COVER_FIELD] ? "Image upload failed" : "Error saving book";
}

/** The inputs of the schema's money fields (cents typed as a decimal) and of its counts. */
const MONEY_INPUT = { type: "number", min: 0, step: 0.01, inputMode: "decimal" } as const;
const COUNT_INPUT = { type: "number", min: 0, step: 1, inputMode: "numeric" } as const;
const AGE_INPUT = {
  type: "number",
  min: BOOK_AGE_LIMITS.min,
  max: BOOK_AGE_LIMITS.max,
  step: 1,
  inputMode: "numeric",
} as const;

/** The fields in display order, the cover last: the first refused one takes the keyboard. */
const FOCUS_ORDER = [...BOOK_FIELDS, COVER_FIELD];

interface ChosenCover {
  blob: Blob;
  previewUrl: string;
  width: number;
  height: number;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The "Add New Book" / "Edit Book" modal. The form is checked here with the server's schema,
 * the cover is resized in the browser and previewed, and the save is posted with upload
 * progress; the server checks everything again. `onSaved` runs after a successful save.
 */
export function BookFormDialog({
  open,
  book,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  /** The book being edited; null for a new one. */
  book: Book | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (book: { id: string; title: string }, mode: "create" | "update") => void;
}) {
  const revalidator = useRevalidator();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [values] = useState(() => bookToFormValues(book ?? undefined));
  // One id per opening of Add Book: a save sent again after a lost answer finds the book it added.
  const [newBookId] = useState(randomUuid);
  // The server's answer to the last save; a cover refused while resizing, before any save.
  const [result, setResult] = useState<SaveBookResult | undefined>();
  const [coverError, setCoverError] = useState<string | null>(null);
  const [cover, setCover] = useState<ChosenCover | null>(null);
  const [preparing, setPreparing] = useState(false);
  const { sending: saving, progress, post } = usePostWithProgress<SaveBookResult>("/admin/books");
  const mode = book ? "update" : "create";

  // The preview is an object URL: let it go when it is replaced or the dialog goes away.
  useEffect(() => {
    if (!cover) return;
    return () => URL.revokeObjectURL(cover.previewUrl);
  }, [cover]);

  const dropCover = (message: string | null) => {
    setCover(null);
    if (fileInputRef.current) fileInputRef.current.value = "";
    setCoverError(message);
  };
  // Refused here, before any post: the browser is the only one to know, so it shows the toast.
  const refuseCover = (message: string) => {
    dropCover(message);
    showToast({ title: "Image upload failed", description: message, variant: "destructive" });
  };

  async function onCoverChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setPreparing(true);
    try {
      const resized = await resizeCoverImage(file);
      setCover({ ...resized, previewUrl: URL.createObjectURL(resized.blob) });
      setCoverError(null);
      clear(COVER_FIELD);
    } catch (error) {
      refuseCover(error instanceof CoverImageError ? error.message : new CoverImageError().message);
    } finally {
      setPreparing(false);
    }
  }

  /** Posts a checked form with its cover, with upload progress (the form kit's `post`). */
  async function save(form: FormData) {
    form.set("intent", mode === "create" ? BOOK_INTENTS.create : BOOK_INTENTS.update);
    if (!book) form.set(NEW_BOOK_ID_FIELD, newBookId);
    if (book) {
      form.set("id", book.id);
      // The stock the page last showed for this book (orders move it): see updateBook.
      form.set(STOCK_SHOWN_FIELD, book.stock === null ? "" : String(book.stock));
    }
    if (cover) form.set(COVER_FIELD, cover.blob, cover.blob.type === "image/webp" ? "cover.webp" : "cover.jpg");

    const outcome = await post(form);
    if (!outcome) return;
    if (outcome.kind === "failed") {
      // No answer from the action (network, body limit, gate): no server toast to show.
      showToast({ title: "Error saving book", description: outcome.message, variant: "destructive" });
      return;
    }
    const answer = outcome.data;
    if (answer.ok) {
      onSaved(answer.book, mode);
      return;
    }
    // The action set its toast; the root shows it once its loader has run again.
    void revalidator.revalidate();
    // The server refused the image: nothing was saved; the admin picks another file.
    if (answer.error.fieldErrors?.[COVER_FIELD]) dropCover(null);
    setResult(answer);
  }

  const {
    fieldErrors: errors,
    clear,
    formProps,
  } = useCheckedForm({
    schema: bookFormSchema,
    fieldOrder: FOCUS_ORDER,
    failureTitle: "Error saving book",
    // A field's message goes as soon as the admin changes that field; the next save checks again.
    clearOnInput: true,
    result,
    // The file picker posts no field of its own (only the resized copy is sent).
    focus: (field) => (field === COVER_FIELD ? fileInputRef.current : undefined),
    post: (_form, data) => void save(data),
  });

  const busy = saving || preparing;
  const previewUrl = cover?.previewUrl ?? book?.imageUrl ?? null;
  const field = (name: BookField) => ({ name, defaultValue: values[name], error: errors[name] });

  return (
    <Dialog
      open={open}
      // A save in flight is not interrupted: its answer decides what the admin sees next.
      onOpenChange={(next) => {
        if (!saving) onOpenChange(next);
      }}
      title={book ? "Edit Book" : "Add New Book"}
      wide
    >
      <form
        {...formProps}
        onSubmit={(event) => {
          if (saving || preparing) return event.preventDefault();
          formProps.onSubmit(event);
        }}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        aria-busy={busy}
      >
        <FormField label="Title" required maxLength={BOOK_LIMITS.title} className="sm:col-span-2" {...field("title")} />
        <FormField
          label="Author"
          required
          maxLength={BOOK_LIMITS.author}
          className="sm:col-span-2"
          {...field("author")}
        />
        <FormField
          multiline
          label="Description"
          className="sm:col-span-2"
          required
          maxLength={BOOK_LIMITS.description}
          rows={4}
          {...field("description")}
        />
        <FormField label="Price ($)" required {...MONEY_INPUT} {...field("price")} />
        <FormField label="Original price ($)" {...MONEY_INPUT} {...field("originalPrice")} />
        <FormField
          label="Badge"
          maxLength={BOOK_LIMITS.badge}
          placeholder="e.g. Bestseller, New Release"
          {...field("badge")}
        />
        <FormField label="Age range" maxLength={BOOK_LIMITS.ageRange} placeholder="e.g. 3-8" {...field("ageRange")} />
        <FormField
          label="Youngest age"
          {...AGE_INPUT}
          hint="The catalogue's age filter finds the book from this age. Left empty, read from the age range."
          {...field("ageMin")}
        />
        <FormField label="Oldest age" {...AGE_INPUT} hint="Up to this age (18 at most)." {...field("ageMax")} />
        <FormField
          label="Rating (0-5)"
          type="number"
          min={0}
          max={5}
          step={0.1}
          inputMode="decimal"
          {...field("rating")}
        />
        <FormField label="Reviews" {...COUNT_INPUT} {...field("reviews")} />
        <FormField label="Stock" {...COUNT_INPUT} hint="Leave empty if stock is not tracked." {...field("stock")} />
        <FormField
          label="Tags"
          maxLength={BOOK_LIMITS.tagsText}
          className="sm:col-span-2"
          placeholder="e.g. New Testament, Parables"
          hint={`Topics shoppers can filter by, separated by commas (up to ${BOOK_LIMITS.tags}).`}
          {...field("tags")}
        />
        <PriceBreakRows breaks={book?.priceBreaks ?? []} errors={errors} />

        <fieldset className="grid min-w-0 gap-3 sm:col-span-2">
          <legend className="font-medium">Cover image</legend>
          <div className="flex flex-wrap items-start gap-4">
            <div className="flex h-40 w-30 flex-none items-center justify-center overflow-hidden rounded-lg bg-brand-100 ring-1 ring-brand-100">
              {previewUrl ? (
                <img
                  src={previewUrl}
                  alt="Cover preview"
                  className="size-full object-cover"
                  data-testid="cover-preview"
                />
              ) : (
                <ImageIcon aria-hidden="true" className="size-10 text-brand-600" />
              )}
            </div>
            <div className="grid min-w-0 flex-1 gap-1.5">
              {/* No name: the raw file is never posted, only the resized copy (see onSubmit). */}
              <FormField
                label={book?.imageUrl ? "Replace cover" : "Upload cover"}
                ref={fileInputRef}
                type="file"
                accept="image/*"
                disabled={busy}
                onChange={(event) => void onCoverChange(event)}
                hint={`Images are resized to ${COVER_LIMITS.maxDimension}px max width/height (and at most 1 MB) before upload.`}
                error={coverError ?? errors[COVER_FIELD]}
                className="min-w-0"
                controlClassName="w-full min-w-0 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-100 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-50"
              />
              {preparing ? (
                <p role="status" className="flex items-center gap-2 text-sm text-gray-700">
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Preparing image...
                </p>
              ) : cover ? (
                <p className="text-sm text-gray-700" data-testid="cover-size">
                  Ready to upload: {cover.width} × {cover.height} px, {formatSize(cover.blob.size)}
                </p>
              ) : null}
            </div>
          </div>
        </fieldset>

        {saving ? <UploadProgress progress={progress} afterUpload="Saving..." className="sm:col-span-2" /> : null}

        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={saving}
            onClick={() => onOpenChange(false)}
          >
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {saving ? (
              <>
                <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Saving...
              </>
            ) : book ? (
              "Save Changes"
            ) : (
              "Add Book"
            )}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A version 4 UUID; `crypto.randomUUID` exists only on https pages and localhost, getRandomValues everywhere. */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
