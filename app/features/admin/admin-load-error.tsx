import { useEffect } from "react";
import { useLocation } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import { AdminPageHeader } from "./admin-page-header.tsx";

/** Each admin screen's heading and what its load fetches, for the "Error fetching …" texts of the spec. */
const SCREENS: Record<string, { title: string; fetches: string }> = {
  "/admin": { title: "Dashboard", fetches: "dashboard" },
  "/admin/books": { title: "Book Management", fetches: "books" },
  "/admin/coming-soon": { title: "Coming Soon", fetches: "settings" },
  "/admin/customers": { title: "Customer Management", fetches: "customers" },
  "/admin/orders": { title: "Order Management", fetches: "orders" },
  "/admin/settings": { title: "Store Settings", fetches: "settings" },
  "/admin/subscribers": { title: "Subscribers", fetches: "subscribers" },
  "/admin/messages": { title: "Contact Messages", fetches: "messages" },
};

const LOAD_FAILED = "The page could not be loaded. Please try again in a moment.";

/**
 * An admin screen's load failed (the error itself is logged on the server, never shown): the
 * spec's "Error fetching …" toast and the same words on the page, inside the admin layout so the
 * sidebar stays usable.
 */
export function AdminLoadError() {
  const { pathname } = useLocation();
  const screen = SCREENS[pathname.toLowerCase().replace(/\/+$/, "")] ?? { title: "Admin", fetches: "data" };
  const title = `Error fetching ${screen.fetches}`;
  const showToast = useToast();
  useEffect(() => {
    showToast({ title, description: LOAD_FAILED, variant: "destructive" });
  }, [showToast, title]);
  return (
    <>
      <title>{`${screen.title} | Admin`}</title>
      <AdminPageHeader title={screen.title} />
      <div role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
        <p className="font-semibold">{title}</p>
        <p className="mt-1">{LOAD_FAILED}</p>
      </div>
    </>
  );
}
