import { parseForm } from "#server/http/read-form.ts";
import { CONTACT_FIELDS, contactMessageSchema } from "#common/contact/contact-message-schema.ts";
import { useActionData } from "react-router";
import { sendContactMessage } from "#server/contact/send-contact-message.ts";
import { enforceRateLimit, runAction } from "#server/http/action-result.ts";
import { ContactDetails } from "#app/features/contact/contact-details.tsx";
import type { ActionResult } from "#server/http/action-result.ts";
import { CONTACT_TOASTS, ContactForm } from "#app/features/contact/contact-form.tsx";
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

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  return runAction(
    services,
    async () => {
      await enforceRateLimit(services.rateLimits.contact, clientAddress);
      await sendContactMessage(services, await parseForm(request, contactMessageSchema, CONTACT_FIELDS));
      return {};
    },
    CONTACT_TOASTS,
  );
}

export default function ContactUs() {
  const store = useStore();
  // Set only when the form was posted before the page's scripts ran (the fetcher handles the rest).
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
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
          <ContactForm initialResult={actionData} />
        </section>
        <ContactDetails contactEmail={store?.contactEmail} />
      </div>
    </div>
  );
}
