import { Plus } from "lucide-react";
import { Link } from "react-router";
import { requireAdmin } from "#server/http/guards.ts";
import { adminAction } from "#server/http/admin-action.ts";
import { parseFields } from "#server/http/read-form.ts";
import { listDiscountCodes } from "#server/discounts/list-discount-codes.ts";
import { saveDiscountCode } from "#server/discounts/save-discount-code.ts";
import { DISCOUNT_CODE_FIELDS, discountCodeSchema } from "#common/discounts/discount-code-schema.ts";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { DiscountCodeForm } from "#app/features/admin-discounts/discount-code-form.tsx";
import { DiscountCodesTable } from "#app/features/admin-discounts/discount-codes-table.tsx";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/discounts";

export const meta = () => noindexMeta(ADMIN_PAGES.discounts.title);

/** Every code with its uses, the catalogue's titles (for "on chosen titles") and, with `?edit=<id>`, the code edited. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const { codes, titles } = await listDiscountCodes(context.services);
  const editId = params.get("edit");
  const editing = editId ? (codes.find((code) => code.id === editId) ?? null) : null;
  return { codes, titles, editing, creating: params.get("new") === "1" };
}

/** Creates or updates a code (an `id` field: the code edited); the schema of the form checks again here. */
export function action(args: Route.ActionArgs) {
  return adminAction(
    args,
    async ({ services, form }) =>
      saveDiscountCode(services, parseFields(form, discountCodeSchema, DISCOUNT_CODE_FIELDS)),
    {
      success: (saved) => ({ title: "Discount code saved", description: `The code ${saved.code} is saved.` }),
      failureTitle: "Error saving discount code",
    },
  );
}

export default function DiscountCodes({ loaderData: { codes, titles, editing, creating } }: Route.ComponentProps) {
  const formOpen = creating || editing !== null;
  return (
    <>
      <AdminPageHeader
        title={ADMIN_PAGES.discounts.title}
        intro="Codes buyers enter at checkout: a percentage or an amount off, on the whole order or on chosen titles."
        actions={
          formOpen ? null : (
            <Link to="?new=1" className={buttonStyles.primary}>
              <Plus aria-hidden="true" className="size-5" /> New Discount Code
            </Link>
          )
        }
      />
      {formOpen ? <DiscountCodeForm key={editing?.id ?? "new"} code={editing} titles={titles} /> : null}
      <DiscountCodesTable codes={codes} />
    </>
  );
}
