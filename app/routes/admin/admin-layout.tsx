import { Outlet } from "react-router";
import { requireAdmin } from "#server/accounts/guards.ts";
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
    <div className="min-h-screen bg-brand-50 lg:flex">
      <AdminSidebar />
      <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-8">
        <Outlet />
      </main>
    </div>
  );
}
