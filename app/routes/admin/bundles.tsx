import { Plus } from "lucide-react";
import { data, Link } from "react-router";
import { requireAdmin } from "#server/http/guards.ts";
import { runAction } from "#server/http/action-result.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { parseFields, readForm } from "#server/http/read-form.ts";
import { AppError } from "#server/errors/app-error.ts";
import { listBundles } from "#server/books/list-bundles.ts";
import { createBundle, deleteBundle, updateBundle } from "#server/books/save-bundle.ts";
import { BUNDLE_FIELDS, BUNDLE_INTENTS, bundleIdFormSchema, bundleSchema } from "#common/books/bundle-schema.ts";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { BundleForm, bundleFormValues, type BundleFormValues } from "#app/features/admin-bundles/bundle-form.tsx";
import { BundlesList } from "#app/features/admin-bundles/bundles-list.tsx";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/bundles";

const PAGE = ADMIN_PAGES.bundles;

export const meta = () => noindexMeta(PAGE.title);

/** The bundles with their parts and what they allow now; with `?new` or `?edit=<id>`, the form and the titles to choose from. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db } = context.services;
  const params = new URL(request.url).searchParams;
  const editId = params.get("edit");
  const creating = params.has("new");
  const [bundles, books] = await Promise.all([
    listBundles({ db }),
    editId !== null || creating
      ? db.selectFrom("books").select(["id", "title", "stock"]).orderBy("title").orderBy("id").execute()
      : [],
  ]);
  const editing = editId === null ? null : (bundles.find((bundle) => bundle.id === editId) ?? null);
  if (editId !== null && !editing) {
    throw redirectWithToast(context.services, PAGE.path, {
      title: "Error loading bundle",
      description: "This bundle no longer exists.",
      variant: "destructive",
    });
  }
  return { bundles, books, editing, creating: creating && !editing };
}

/**
 * One action, by `intent`: create or update (checked with the form's schema, then the titles
 * against the catalogue; success goes back to the list with a toast, a refusal shows the form
 * again with what was typed) and delete (from the list's confirm dialog).
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, request);
  const { services } = context;
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === BUNDLE_INTENTS.delete) {
    return runAction(services, () => deleteBundle(services, parseFields(form, bundleIdFormSchema)), {
      success: (bundle) => ({ title: "Bundle deleted", description: `“${bundle.name}” was removed from the store.` }),
      failureTitle: "Error deleting bundle",
    });
  }
  const answer = await runAction(services, async () => {
    const input = parseFields(form, bundleSchema, BUNDLE_FIELDS);
    if (intent === BUNDLE_INTENTS.create) return createBundle(services, input);
    if (intent === BUNDLE_INTENTS.update) {
      return updateBundle(services, { ...input, id: parseFields(form, bundleIdFormSchema).id });
    }
    throw new AppError("VALIDATION", "Unknown action.");
  });
  if (answer.data.ok) {
    throw redirectWithToast(services, PAGE.path, {
      title: intent === BUNDLE_INTENTS.create ? "Bundle created" : "Bundle updated",
      description: `“${answer.data.name}” is saved.`,
    });
  }
  return data({ ...answer.data, values: bundleFormValues(form) }, answer.init ?? undefined);
}

export default function Bundles({ loaderData, actionData }: Route.ComponentProps) {
  const { bundles, books, editing, creating } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const typed = failure && "values" in failure ? (failure.values as BundleFormValues) : undefined;
  const values: BundleFormValues | null = typed ?? (editing ? bundleFormValues(editing) : null);
  const showForm = creating || editing !== null;
  return (
    <>
      <AdminPageHeader
        title={PAGE.title}
        intro="Sets sold at their own price, made of the store's books: selling one takes each of its books from the shelf."
        actions={
          showForm ? null : (
            <Link to="?new" className={buttonStyles.primary}>
              <Plus aria-hidden="true" className="size-5" /> Add New Bundle
            </Link>
          )
        }
      />
      {showForm ? (
        <BundleForm
          key={editing?.id ?? "new"}
          bundleId={editing?.id ?? null}
          books={books}
          values={values}
          missingParts={editing ? editing.bookCount - editing.books.reduce((sum, book) => sum + book.quantity, 0) : 0}
          failure={failure?.error}
        />
      ) : (
        <BundlesList bundles={bundles} />
      )}
    </>
  );
}
