import { data } from "react-router";
import { CONTACT_FIELDS, enquiryKind } from "#common/contact/contact-fields.ts";
import { contactMessageSchema } from "#common/contact/contact-message-schema.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { sendContactMessage } from "#server/contact/send-contact-message.ts";
import { enforceRateLimit, runAction } from "#server/http/action-result.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import { parseFields, readForm } from "#server/http/read-form.ts";
import { ContactDetails } from "#app/features/contact/contact-details.tsx";
import {
  CONTACT_TOASTS,
  ContactFormIsland,
  MESSAGE_SENT_TOAST,
  type ContactEcho,
} from "#app/features/contact/contact-form.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useStore } from "#app/lib/use-store.ts";
import type { Route } from "./+types/contact-us";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Contact Us",
    description:
      "Questions about our illustrated Bible-story books, an order, or books for your church or school? Send us a message; we reply within business hours.",
  });
}

/**
 * An island page (decision 21): only the form and the site's islands are hydrated. The form posts
 * as a document; the answer is a redirect back with a toast, or this page again with the refusal.
 */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/**
 * Whether the page follows a sent message (its toast is this request's flash, server/http/flash.ts),
 * and the church or school enquiry it was opened for (`?enquiry=`, from For Churches or For Schools).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const { flash } = context;
  return {
    sent: flash?.title === MESSAGE_SENT_TOAST.title && flash.description === MESSAGE_SENT_TOAST.description,
    enquiry: enquiryKind(new URL(request.url).searchParams.get("enquiry")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const submitted = await readForm(request);
  const answer = await runAction(services, async () => {
    await enforceRateLimit(services.rateLimits.contact, clientAddress);
    await sendContactMessage(services, parseFields(submitted, contactMessageSchema, CONTACT_FIELDS));
    return {};
  });
  if (answer.data.ok) return redirectWithToast(services, "/contact-us", CONTACT_TOASTS.success);
  // The page renders again with the refusal and what was typed. No flash toast: the form's island
  // toasts this very answer, and a cookie would show it again on the next page.
  return data(
    { ...answer.data, values: contactEcho(submitted), enquiry: enquiryKind(submitted.get("enquiry")) },
    answer.init ?? undefined,
  );
}

/** The posted text of each field, to fill the form again after a refusal. */
function contactEcho(form: FormData): ContactEcho {
  const values: ContactEcho = {};
  for (const field of CONTACT_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const store = useStore();
  const failure = actionData && !actionData.ok ? actionData.error : undefined;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-3xl border-b border-brand-100 pb-8">
        <h1 className="font-serif text-4xl font-bold leading-tight text-brand-800 sm:text-5xl">Contact Us</h1>
        <p className="mt-4 text-lg leading-8 text-gray-700 sm:text-xl">
          Have a question about our books, an order, or resources for your church or school? Send us a message and we
          will get back to you shortly.
        </p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-12">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8"
        >
          <h2 id="contact-form-heading" className="mb-6 font-serif text-2xl font-bold text-brand-800">
            Send Us a Message
          </h2>
          <ContactFormIsland
            failure={failure}
            values={actionData?.values}
            sent={loaderData.sent}
            enquiry={actionData?.enquiry ?? loaderData.enquiry}
          />
        </section>
        <ContactDetails contactEmail={store?.contactEmail} />
      </div>
    </div>
  );
}
