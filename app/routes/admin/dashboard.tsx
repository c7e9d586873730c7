import { BookOpen, Package, Settings, Users } from "lucide-react";
import { Link } from "react-router";
import { requireAdmin } from "#server/http/guards.ts";
import { getProfile } from "#server/accounts/profile.ts";
import { getDashboardStats } from "#server/dashboard/dashboard-stats.ts";
import { getSalesOverview } from "#server/dashboard/sales-overview.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { LowStock, TaxCollected, TopTitles, WaitingToShip } from "#app/features/admin-dashboard/dashboard-lists.tsx";
import { SalesChart } from "#app/features/admin-dashboard/sales-chart.tsx";
import { SalesFigures } from "#app/features/admin-dashboard/sales-figures.tsx";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/dashboard";

export const meta = () => noindexMeta(ADMIN_PAGES.dashboard.documentTitle);

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAdmin(context, request);
  const [stats, sales, profile] = await Promise.all([
    getDashboardStats(context.services),
    getSalesOverview(context.services),
    getProfile(context.services, { userId: viewer.userId }),
  ]);
  return { stats, sales, name: profile.fullName ?? viewer.email };
}

export default function Dashboard({ loaderData: { stats, sales, name } }: Route.ComponentProps) {
  const cards = [
    { label: "Total Books", value: String(stats.books), icon: BookOpen, to: "/admin/books" },
    { label: "Total Customers", value: String(stats.customers), icon: Users, to: "/admin/customers" },
    { label: "Pending Orders", value: String(stats.pendingOrders), icon: Package, to: "/admin/orders" },
    { label: "Store Settings", value: "Configure", icon: Settings, to: "/admin/settings" },
  ];
  return (
    <>
      <AdminPageHeader title={ADMIN_PAGES.dashboard.title} intro={`Welcome back, ${name}!`} />
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ label, value, icon: Icon, to }) => (
          <li key={label}>
            <Link
              to={to}
              className="flex items-center justify-between rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100 hover:ring-brand-600"
            >
              <div>
                <p className="text-sm font-medium text-gray-700">{label}</p>
                <p className="mt-1 text-3xl font-bold text-brand-800" data-testid={`stat-${label}`}>
                  {value}
                </p>
              </div>
              <Icon aria-hidden="true" className="size-8 text-brand-600" />
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="sales" className="mt-10">
        <h2 id="sales" className="font-serif text-2xl font-bold text-brand-800">
          Sales
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Paid orders and invoice orders awaiting payment, net of refunds and excluding sales tax, in {sales.currency}.
          Days run midnight to midnight {sales.timeZone}.
        </p>
        <div className="mt-4">
          <SalesFigures overview={sales} />
        </div>
        <div className="mt-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100">
          <h3 className="font-serif text-xl font-bold text-brand-800">Daily sales, last 30 days</h3>
          <div className="mt-3">
            <SalesChart days={sales.days} currency={sales.currency} />
          </div>
        </div>
      </section>
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <WaitingToShip waiting={sales.waitingToShip} />
        <TopTitles titles={sales.topTitles} />
        <LowStock lowStock={sales.lowStock} />
        <TaxCollected tax={sales.taxByJurisdiction} currency={sales.currency} />
      </div>
      <section aria-labelledby="quick-actions" className="mt-10">
        <h2 id="quick-actions" className="font-serif text-2xl font-bold text-brand-800">
          Quick actions
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/admin/books" className={buttonStyles.primary}>
            Manage Books
          </Link>
          <Link to="/admin/orders" className={buttonStyles.secondary}>
            View Orders
          </Link>
          <Link to="/admin/customers" className={buttonStyles.secondary}>
            Manage Customers
          </Link>
        </div>
      </section>
    </>
  );
}
