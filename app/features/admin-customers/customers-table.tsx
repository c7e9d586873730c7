import { Trash2 } from "lucide-react";
import type { CustomerListItem } from "#server/customers/list-customers.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";

// Spelled out (locale and UTC) so the server's HTML and the browser's hydration agree.
const JOINED_FORMAT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

function formatJoinedOn(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : JOINED_FORMAT.format(date);
}

/**
 * One page of customers. On phones the table scrolls sideways inside its own box, never the page.
 */
export function CustomersTable({
  customers,
  onDelete,
}: {
  customers: CustomerListItem[];
  onDelete: (customer: CustomerListItem, opener: HTMLElement) => void;
}) {
  if (customers.length === 0) {
    // No table at all: on a phone its header row alone would scroll, and a scrolling box with
    // nothing focusable inside cannot be scrolled from the keyboard.
    return (
      <p className="mt-6 rounded-xl bg-white px-4 py-10 text-center text-gray-700 shadow-sm ring-1 ring-brand-100">
        No customers found
      </p>
    );
  }
  return (
    // `relative`: screen-reader-only text inside is positioned against this box, so it can never
    // widen the page beyond the scrolling table.
    <div className="relative mt-6 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-brand-100">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Registered customers</caption>
        <thead className="bg-brand-100/60 text-brand-800">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Customer
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Email
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Joined On
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-brand-100">
          {customers.map((customer) => (
            <tr key={customer.id} data-testid="customer-row">
              <td className="px-4 py-3 font-medium text-ink">
                {customer.fullName ?? <span className="text-gray-700">N/A</span>}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-ink">{customer.email}</td>
              <td className="whitespace-nowrap px-4 py-3 text-gray-700">
                <time dateTime={customer.joinedOn}>{formatJoinedOn(customer.joinedOn)}</time>
              </td>
              <td className="px-4 py-3 text-right">
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
        </tbody>
      </table>
    </div>
  );
}
