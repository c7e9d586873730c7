import {
  BookOpen,
  Globe,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Package,
  Settings,
  ShoppingBag,
  Users,
  X,
  type LucideIcon,
} from "lucide-react";
import { useState } from "react";
import { Form, NavLink, useLocation } from "react-router";

const LINKS: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/books", label: "Book Management", icon: BookOpen },
  { to: "/admin/coming-soon", label: "Coming Soon", icon: Globe },
  { to: "/admin/customers", label: "Customer Management", icon: Users },
  { to: "/admin/orders", label: "Order Management", icon: Package },
  { to: "/admin/settings", label: "Store Settings", icon: Settings },
  { to: "/admin/subscribers", label: "Subscribers", icon: Mail },
  { to: "/admin/messages", label: "Contact Messages", icon: Mail },
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
          {LINKS.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium ${
                    isActive ? "bg-white text-brand-800" : "text-brand-100 hover:bg-white/10 hover:text-white"
                  }`
                }
              >
                <Icon aria-hidden="true" className="size-5" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <ul className="mt-6 grid gap-1 border-t border-white/15 pt-4">
          <li>
            <NavLink
              to="/"
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium hover:bg-white/10 hover:text-white"
            >
              <ShoppingBag aria-hidden="true" className="size-5" />
              Back to Site
            </NavLink>
          </li>
          <li>
            <Form method="post" action="/resources/sign-out">
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
