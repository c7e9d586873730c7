import { parseFields } from "#server/http/read-form.ts";
import { useCallback, useState } from "react";
import { getCustomerDetails, type CustomerDetails } from "#server/customers/get-customer-details.ts";
import { loadSearchedListPage } from "#server/http/searched-list-page.ts";
import { requireAdmin } from "#server/http/guards.ts";
import { deleteCustomerFormSchema } from "#common/customers/customer-schema.ts";
import { deleteCustomer } from "#server/customers/delete-customer.ts";
import { listCustomers } from "#server/customers/list-customers.ts";
import { adminIntent, adminIntentAction } from "#server/http/admin-action.ts";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { SearchForm } from "#app/components/ui/search-form.tsx";
import { CustomersTable } from "#app/features/admin-customers/customers-table.tsx";
import {
  CUSTOMER_INTENTS,
  DELETE_CUSTOMER_TOASTS,
  DeleteCustomerDialog,
  type CustomerToDelete,
} from "#app/features/admin-customers/delete-customer-dialog.tsx";
import { useDetailsLoader } from "#app/components/ui/use-details-loader.ts";
import { useReturnFocus } from "#app/components/ui/use-return-focus.ts";
import { CustomerDetailsBody } from "#app/features/admin-customers/customer-details.tsx";
import { DetailsDialog } from "#app/components/ui/details-dialog.tsx";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/customers";

/** Where the details dialog loads a customer from: this route's loader, with `?details=<id>`. */
const CUSTOMERS_PATH = "/admin/customers";

export const meta = () => noindexMeta(ADMIN_PAGES.customers.title);

/**
 * The page of customers, and with `?details=<id>` that customer's details for the dialog (loaded
 * by a fetcher, as Order Management's details are).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { search, rows, details } = await loadSearchedListPage(
    request,
    (query) => listCustomers(context.services, query),
    (customerId) => getCustomerDetails(context.services, { customerId }),
  );
  return { search, customers: rows, details };
}

export function action(args: Route.ActionArgs) {
  return adminIntentAction(args, {
    // deleteCustomer refuses admins and the acting admin's own account: the button only ever
    // offers customers, but a hand-made request must meet the same rule.
    [CUSTOMER_INTENTS.delete]: adminIntent(
      ({ services, form, viewer }) =>
        deleteCustomer(services, {
          actorUserId: viewer.userId,
          customerId: parseFields(form, deleteCustomerFormSchema).customerId,
        }),
      DELETE_CUSTOMER_TOASTS,
    ),
  });
}

export default function CustomerManagement({ loaderData: { search, customers } }: Route.ComponentProps) {
  const [toDelete, setToDelete] = useState<CustomerToDelete | null>(null);
  const closeDialog = useCallback(() => setToDelete(null), []);
  const opener = useReturnFocus(toDelete !== null);
  const details = useDetailsLoader<CustomerDetails>(CUSTOMERS_PATH);
  return (
    <>
      <AdminPageHeader title={ADMIN_PAGES.customers.title} intro="View and manage your registered customers" />
      <SearchForm
        search={search}
        name="Customers"
        label="Search customers by name or email"
        placeholder="Search by name or email..."
      />
      <CustomersTable
        customers={customers.items}
        onViewDetails={({ id }, button) => details.open(id, button)}
        onDelete={({ id, email }, button) => {
          opener.current = button;
          setToDelete({ id, email });
        }}
      />
      {customers.total > 0 ? <Pagination list={customers} noun="customer" /> : null}
      <DeleteCustomerDialog customer={toDelete} onClose={closeDialog} />
      <DetailsDialog details={details} title="Customer Details" loadingText="Loading customer details…">
        {(customer) => <CustomerDetailsBody customer={customer} />}
      </DetailsDialog>
    </>
  );
}
