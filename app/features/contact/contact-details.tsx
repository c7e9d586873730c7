import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";

/** Placeholders until the publisher gives its real phone line and postal address. */
const PHONE = { display: "+1 (555) 010-4477", href: "tel:+15550104477" };
const ADDRESS_LINES = ["1200 Cedar Grove Lane, Suite 4", "Nashville, TN 37203", "United States"];

/** From the specification; times are Israel Standard Time. */
const BUSINESS_HOURS = [
  { days: "Sunday – Thursday", hours: "9:00 – 17:00 IST" },
  { days: "Friday", hours: "9:00 – 13:00 IST" },
  { days: "Saturday", hours: "Closed" },
];

function DetailItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        {icon}
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-ink">{title}</h3>
        <div className="mt-1 text-gray-700">{children}</div>
      </div>
    </li>
  );
}

/**
 * The store's e-mail (from its settings, passed in), phone, postal address and business hours.
 */
export function ContactDetails({ contactEmail }: { contactEmail: string | undefined }) {
  return (
    <section aria-labelledby="contact-details-heading" className="lg:pt-5">
      <h2 id="contact-details-heading" className="font-serif text-2xl font-bold text-brand-800">
        Contact Details
      </h2>
      <ul className="mt-6 grid gap-6">
        {contactEmail ? (
          <DetailItem icon={<Mail aria-hidden="true" className="size-5" />} title="Email">
            <a
              href={`mailto:${contactEmail}`}
              className="break-words font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {contactEmail}
            </a>
          </DetailItem>
        ) : null}
        <DetailItem icon={<Phone aria-hidden="true" className="size-5" />} title="Phone">
          <a href={PHONE.href} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {PHONE.display}
          </a>
        </DetailItem>
        <DetailItem icon={<MapPin aria-hidden="true" className="size-5" />} title="Address">
          <address className="not-italic">
            {ADDRESS_LINES.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </DetailItem>
        <DetailItem icon={<Clock aria-hidden="true" className="size-5" />} title="Business Hours">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {BUSINESS_HOURS.map(({ days, hours }) => (
              <div key={days} className="contents">
                <dt>{days}</dt>
                <dd className="whitespace-nowrap font-medium text-ink">{hours}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm">
            <abbr title="Israel Standard Time">IST</abbr> is Israel Standard Time.
          </p>
        </DetailItem>
      </ul>
    </section>
  );
}
