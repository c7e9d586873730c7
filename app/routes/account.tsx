import { KeyRound, LayoutDashboard, LogOut, Mail, Package, Truck, UserPen } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { requireViewer } from "#server/accounts/guards.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/account";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { title: "My Account", description: "Your account." }), { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { email: viewer.email, isAdmin: viewer.isAdmin };
}

const LINKS = [
  { to: "/edit-profile", label: "Edit Profile", icon: UserPen },
  { to: "/reset-password", label: "Change Password", icon: KeyRound },
  { to: "/forgot-password", label: "Forgot Password", icon: Mail },
  { to: "/order-history", label: "View Order History", icon: Package },
  { to: "/track-order", label: "Track Orders", icon: Truck },
];

export default function Account({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/resources/sign-out";
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="font-serif text-4xl font-bold text-brand-800">My Account</h1>
      <p className="mt-3 text-lg text-gray-700">
        Welcome, <strong className="break-all text-ink">{loaderData.email}</strong>
      </p>
      {loaderData.isAdmin ? (
        <Link to="/admin" className={`${buttonStyles.primary} mt-6`}>
          <LayoutDashboard aria-hidden="true" className="size-5" />
          Go to Admin Dashboard
        </Link>
      ) : null}
      <ul className="mt-8 grid gap-3 sm:grid-cols-2">
        {LINKS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-xl bg-white p-4 font-semibold shadow-sm ring-1 ring-brand-100 hover:bg-brand-50"
            >
              <Icon aria-hidden="true" className="size-5 text-brand-700" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="post" action="/resources/sign-out" className="mt-8">
        <button type="submit" disabled={signingOut} className={buttonStyles.secondary}>
          <LogOut aria-hidden="true" className="size-5" />
          {signingOut ? "Signing out..." : "Sign Out"}
        </button>
      </Form>
    </div>
  );
}
