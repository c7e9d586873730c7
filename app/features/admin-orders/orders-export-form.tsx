import { Download } from "lucide-react";
import { ORDER_EXPORT_FIELDS, orderExportSchema } from "#common/orders/order-export-schema.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { useCheckedForm } from "#app/components/forms/use-checked-form.ts";

/**
 * "Export CSV" for Order Management: a plain GET form to /admin/orders.csv (a download, so no
 * router navigation), carrying the list's current search and an optional date range. The form
 * kit checks the range with the route's own schema before the download starts.
 */
export function OrdersExportForm({ search }: { search: string }) {
  const { fieldErrors: errors, formProps } = useCheckedForm({
    schema: orderExportSchema,
    fieldOrder: ORDER_EXPORT_FIELDS,
    failureTitle: "Could not export the orders",
  });
  return (
    <form
      {...formProps}
      method="get"
      action="/admin/orders.csv"
      aria-label="Export orders"
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <input type="hidden" name="search" value={search} />
      <fieldset className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <legend className="mb-1 text-sm text-gray-700">Export the orders placed between (UTC days, optional)</legend>
        <FormField label="From" name="from" type="date" error={errors.from} className="min-w-0" />
        <FormField label="To" name="to" type="date" error={errors.to} className="min-w-0" />
      </fieldset>
      <button type="submit" className={`${buttonStyles.secondary} py-2.5`}>
        <Download aria-hidden="true" className="size-4" />
        {search ? "Export matching orders (CSV)" : "Export orders (CSV)"}
      </button>
    </form>
  );
}
