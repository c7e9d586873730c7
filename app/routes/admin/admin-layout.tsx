import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { requireAdmin } from "#server/http/guards.ts";
import { AdminLoadError } from "#app/features/admin/admin-load-error.tsx";
import { AdminSidebar } from "#app/features/admin/admin-sidebar.tsx";
import type { Route } from "./+types/admin-layout";

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAdmin(context, request);
  return { email: viewer.email };
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

/** The one error boundary of the admin area: any admin screen whose load fails keeps the shell. */
export function ErrorBoundary() {
  return (
    <AdminShell>
      <AdminLoadError />
    </AdminShell>
  );
}

function AdminShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-brand-50 lg:flex">
      <AdminSidebar />
      <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-8">
        {children}
      </main>
    </div>
  );
}
