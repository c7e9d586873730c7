import {
  BookOpen,
  Globe,
  Layers,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Package,
  PackageX,
  ReceiptText,
  Settings,
  ShoppingBag,
  TicketPercent,
  Users,
  X,
  type LucideIcon,
} from "lucide-react";
import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { ADMIN_PAGES, SITE_PAGES, SITE_RESOURCES, type AdminPage } from "#common/pages/site-paths.ts";

/** The sidebar's screens, in order, each with its icon; titles come from common/pages/site-paths.ts. */
const LINKS: { page: AdminPage; icon: LucideIcon; end?: boolean }[] = [
  { page: ADMIN_PAGES.dashboard, icon: LayoutDashboard, end: true },
  { page: ADMIN_PAGES.books, icon: BookOpen },
  { page: ADMIN_PAGES.bundles, icon: Layers },
  { page: ADMIN_PAGES.comingSoon, icon: Globe },
  { page: ADMIN_PAGES.customers, icon: Users },
  { page: ADMIN_PAGES.orders, icon: Package },
  { page: ADMIN_PAGES.discounts, icon: TicketPercent },
  { page: ADMIN_PAGES.settings, icon: Settings },
  { page: ADMIN_PAGES.subscribers, icon: Mail },
  { page: ADMIN_PAGES.messages, icon: Mail },
  { page: ADMIN_PAGES.taxExemptions, icon: ReceiptText },
  { page: ADMIN_PAGES.returns, icon: PackageX },
];

/** The "Admin Panel" navigation: a sidebar on wide screens, a menu button on phones. */
export function AdminSidebar() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    // Close the phone menu after navigating.
    setLastPath(location.pathname);
    setOpen(false);
  }
  // Which screen is open, worked out once rather than by a NavLink per link (each matched the
  // location again, a tenth of an admin page's render): the same rule, any letter case.
  const here = location.pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  return (
    <aside className="bg-brand-800 text-brand-100 lg:min-h-screen lg:w-64 lg:flex-none">
      <div className="flex items-center justify-between px-5 py-4">
        <p className="font-serif text-xl font-bold text-white">Admin Panel</p>
        <button
          type="button"
          className="rounded-md p-2 text-white hover:bg-white/10 lg:hidden"
          aria-expanded={open}
          aria-controls="admin-navigation"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
        </button>
      </div>
      <nav id="admin-navigation" aria-label="Admin" className={`${open ? "block" : "hidden"} px-3 pb-4 lg:block`}>
        <ul className="grid gap-1">
          {LINKS.map(({ page, icon: Icon, end }) => {
            const active = here === page.path || (!end && here.startsWith(`${page.path}/`));
            return (
              <li key={page.path}>
                <Link
                  to={page.path}
                  aria-current={active ? "page" : undefined}
                  className={`flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium ${
                    active ? "bg-white text-brand-800" : "text-brand-100 hover:bg-white/10 hover:text-white"
                  }`}
                >
                  <Icon aria-hidden="true" className="size-5" />
                  {page.sidebarLabel ?? page.title}
                </Link>
              </li>
            );
          })}
        </ul>
        <ul className="mt-6 grid gap-1 border-t border-white/15 pt-4">
          <li>
            <Link
              to={SITE_PAGES.home.path}
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium hover:bg-white/10 hover:text-white"
            >
              <ShoppingBag aria-hidden="true" className="size-5" />
              Back to Site
            </Link>
          </li>
          <li>
            <Form method="post" action={SITE_RESOURCES.signOut.path}>
              <button
                type="submit"
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 font-medium hover:bg-white/10 hover:text-white"
              >
                <LogOut aria-hidden="true" className="size-5" />
                Sign Out
              </button>
            </Form>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
