import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ORDER_EXPORT_FIELDS, orderExportSchema } from "#common/orders/order-export-schema.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { checkForm } from "#common/forms/check-form.ts";

/**
 * "Export CSV" for Order Management: a plain GET form to /admin/orders.csv (a download, so no
 * router navigation), carrying the list's current search and an optional date range. The range
 * is checked here with the route's own schema before the download starts.
 */
export function OrdersExportForm({ search }: { search: string }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = checkForm(orderExportSchema, new FormData(event.currentTarget), ORDER_EXPORT_FIELDS);
    if (checked.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    setErrors(checked.fieldErrors);
  };
  return (
    <form
      method="get"
      action="/admin/orders.csv"
      aria-label="Export orders"
      noValidate
      onSubmit={onSubmit}
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
