import { Church, KeyRound, LayoutDashboard, Mail, MailWarning, Package, Truck, UserPen } from "lucide-react";
import { data } from "react-router";
import { requireViewer } from "#server/http/guards.ts";
import { resendVerificationEmail } from "#server/accounts/resend-verification-email.ts";
import { runAction } from "#server/http/action-result.ts";
import { flashedToast } from "#server/http/flash.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { SITE_PAGES } from "#common/pages/site-paths.ts";
import { PostButtonIsland } from "#app/components/forms/post-button.tsx";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ServerToastIsland } from "#app/components/ui/server-toast.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/account";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "My Account", description: "Your account.", noindex: true });
}

/**
 * An island page (decision 21): the page is HTML; its two buttons (Send the link again, Sign Out)
 * are islands that post as documents.
 */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { email: viewer.email, isAdmin: viewer.isAdmin, emailVerified: viewer.emailVerified };
}

/**
 * "Send the link again": a new verification e-mail (the page's only form of its own). The answer
 * is this page again, saying so, or with the refusal's toast (no flash cookie: this very answer
 * shows it).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const answer = await runAction(context.services, async () => {
    await resendVerificationEmail(context.services, { viewer, clientAddress: context.clientAddress });
    return { sent: true };
  });
  const result = answer.data;
  const toast = result.ok
    ? null
    : flashedToast({
        title: "Error",
        description: result.error.message || "Something went wrong",
        variant: "destructive",
      });
  return data({ ...result, toast }, answer.init ?? undefined);
}

const LINKS = [
  { to: "/edit-profile", label: "Edit Profile", icon: UserPen },
  { to: "/reset-password", label: "Change Password", icon: KeyRound },
  { to: "/forgot-password", label: "Forgot Password", icon: Mail },
  { to: "/order-history", label: "View Order History", icon: Package },
  { to: "/track-order", label: "Track Orders", icon: Truck },
  { to: SITE_PAGES.taxExemption.path, label: SITE_PAGES.taxExemption.title, icon: Church },
];

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      {actionData?.toast ? <ServerToastIsland toast={actionData.toast} /> : null}
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
          <PostButtonIsland
            action="/account"
            label="Send the link again"
            busyLabel="Sending..."
            className="mt-4"
            buttonClassName={buttonStyles.secondary}
          />
        </section>
      )}
      {loaderData.isAdmin ? (
        <a href="/admin" className={`${buttonStyles.primary} mt-6`}>
          <LayoutDashboard aria-hidden="true" className="size-5" />
          Go to Admin Dashboard
        </a>
      ) : null}
      <ul className="mt-8 grid gap-3 sm:grid-cols-2">
        {LINKS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <a
              href={to}
              className="flex items-center gap-3 rounded-xl bg-white p-4 font-semibold shadow-sm ring-1 ring-brand-100 hover:bg-brand-50"
            >
              <Icon aria-hidden="true" className="size-5 text-brand-700" />
              {label}
            </a>
          </li>
        ))}
      </ul>
      <PostButtonIsland
        action="/resources/sign-out"
        label="Sign Out"
        busyLabel="Signing out..."
        icon="log-out"
        className="mt-8"
        buttonClassName={buttonStyles.secondary}
      />
    </div>
  );
}
