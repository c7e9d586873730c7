import { KeyRound, LayoutDashboard, LogOut, Mail, MailWarning, Package, Truck, UserPen } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { requireViewer } from "#server/http/guards.ts";
import { resendVerificationEmail } from "#server/accounts/resend-verification-email.ts";
import { runAction } from "#server/http/action-result.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/account";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, { title: "My Account", description: "Your account." }),
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { email: viewer.email, isAdmin: viewer.isAdmin, emailVerified: viewer.emailVerified };
}

/** "Send the link again": a new verification e-mail (the page's only form of its own). */
export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  return runAction(
    context.services,
    async () => {
      await resendVerificationEmail(context.services, { viewer, clientAddress: context.clientAddress });
      return { sent: true };
    },
    { failureTitle: "Error" },
  );
}

const LINKS = [
  { to: "/edit-profile", label: "Edit Profile", icon: UserPen },
  { to: "/reset-password", label: "Change Password", icon: KeyRound },
  { to: "/forgot-password", label: "Forgot Password", icon: Mail },
  { to: "/order-history", label: "View Order History", icon: Package },
  { to: "/track-order", label: "Track Orders", icon: Truck },
];

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/resources/sign-out";
  const sending = navigation.state !== "idle" && navigation.formAction === "/account";
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="font-serif text-4xl font-bold text-brand-800">My Account</h1>
      <p className="mt-3 text-lg text-gray-700">
        Welcome, <strong className="break-all text-ink">{loaderData.email}</strong>
      </p>
      {loaderData.emailVerified ? null : (
        <section
          aria-labelledby="verify-heading"
          className="mt-6 rounded-xl bg-yellow-50 p-5 text-yellow-950 ring-1 ring-yellow-200"
        >
          <h2 id="verify-heading" className="flex items-center gap-2 font-semibold">
            <MailWarning aria-hidden="true" className="size-5" />
            Please confirm your e-mail address
          </h2>
          <p className="mt-2">
            We sent a link to your address. Until you confirm it, your order history shows only the orders you placed
            while signed in.
          </p>
          {actionData?.ok ? (
            <p role="status" className="mt-3 font-medium">
              A new link is on its way if your address still needs confirming. Please check your inbox.
            </p>
          ) : null}
          <Form method="post" className="mt-4">
            <button type="submit" disabled={sending} className={buttonStyles.secondary}>
              {sending ? "Sending..." : "Send the link again"}
            </button>
          </Form>
        </section>
      )}
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
