import { Eye, Trash2 } from "lucide-react";
import type { CustomerListItem } from "#server/customers/list-customers.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { DataTable, STICKY_END_CELL } from "#app/components/ui/data-table.tsx";
import { formatDate } from "#common/dates.ts";

/**
 * One page of customers, each with its details and delete buttons. On phones the table scrolls
 * sideways inside its own box, never the page, the buttons kept in view at its right edge.
 */
export function CustomersTable({
  customers,
  onViewDetails,
  onDelete,
}: {
  customers: CustomerListItem[];
  onViewDetails: (customer: CustomerListItem, opener: HTMLElement) => void;
  onDelete: (customer: CustomerListItem, opener: HTMLElement) => void;
}) {
  return (
    <DataTable
      caption="Registered customers"
      minWidthClass="min-w-[36rem]"
      rowCount={customers.length}
      emptyText="No customers found"
      columns={[
        { label: "Customer" },
        { label: "Email" },
        { label: "Joined On" },
        { label: "Actions", align: "right", stickyEnd: true },
      ]}
    >
      {customers.map((customer) => (
        <tr key={customer.id} data-testid="customer-row">
          <td className="px-4 py-3 font-medium text-ink">
            {customer.fullName ?? <span className="text-gray-700">N/A</span>}
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-ink">{customer.email}</td>
          <td className="whitespace-nowrap px-4 py-3 text-gray-700">
            <time dateTime={customer.joinedOn}>{formatDate(customer.joinedOn)}</time>
          </td>
          <td className={`${STICKY_END_CELL} whitespace-nowrap px-2 py-3 text-right sm:px-4`}>
            <button
              type="button"
              aria-label={`View details of ${customer.email}`}
              title="View details"
              onClick={(event) => onViewDetails(customer, event.currentTarget)}
              className={buttonStyles.subtle}
            >
              <Eye aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              aria-label={`Delete ${customer.email}`}
              title="Delete customer"
              onClick={(event) => onDelete(customer, event.currentTarget)}
              className={`${buttonStyles.subtle} text-red-700 hover:bg-red-50`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
