import { useEffect } from "react";
import { useLocation } from "react-router";
import { showToast } from "#app/components/ui/toast.tsx";
import { AdminPageHeader } from "./admin-page-header.tsx";

/** Each admin screen's heading and the spec's toast title when its load fails ("Error fetching …"). */
const SCREENS: Record<string, { title: string; failure: string }> = {
  "/admin": { title: "Dashboard", failure: "Error fetching dashboard" },
  "/admin/books": { title: "Book Management", failure: "Error fetching books" },
  "/admin/coming-soon": { title: "Coming Soon", failure: "Error checking settings" },
  "/admin/customers": { title: "Customer Management", failure: "Error fetching customers" },
  "/admin/orders": { title: "Order Management", failure: "Error fetching orders" },
  "/admin/settings": { title: "Store Settings", failure: "Error fetching settings" },
  "/admin/subscribers": { title: "Email Subscribers", failure: "Error fetching subscribers" },
  "/admin/messages": { title: "Contact Messages", failure: "Error fetching messages" },
};

const LOAD_FAILED = "The page could not be loaded. Please try again in a moment.";

/**
 * An admin screen's load failed (the error itself is logged on the server, never shown): the
 * spec's "Error fetching …" toast and the same words on the page, inside the admin layout so the
 * sidebar stays usable.
 */
export function AdminLoadError() {
  const { pathname } = useLocation();
  const screen = SCREENS[pathname.toLowerCase().replace(/\/+$/, "")] ?? {
    title: "Admin",
    failure: "Error fetching data",
  };
  const title = screen.failure;
  useEffect(() => {
    showToast({ title, description: LOAD_FAILED, variant: "destructive" });
  }, [title]);
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
