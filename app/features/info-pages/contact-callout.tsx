import { NOT_IMPLEMENTED_TOAST } from "#app/components/ui/toast.tsx";
import { ToastButtonIsland } from "#app/components/ui/toast-button.tsx";

/**
 * Highlighted box closing the churches and schools pages: a short invitation, the contact button
 * (an island of its own: the page hydrates nothing else, decision 21) and the e-mail address as a
 * plain mailto link.
 */
export function ContactCallout({
  heading,
  text,
  buttonLabel,
  contactEmail,
}: {
  heading: string;
  text: string;
  buttonLabel: string;
  contactEmail: string;
}) {
  return (
    <section className="mt-12 rounded-2xl bg-brand-100 p-6 text-ink shadow-sm ring-1 ring-brand-100 sm:p-8">
      <h2 className="mt-0!">{heading}</h2>
      <p>{text}</p>
      <div className="mt-6 flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <ToastButtonIsland
          label={buttonLabel}
          toast={NOT_IMPLEMENTED_TOAST}
          icon="mail"
          iconClassName="size-5"
          className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800"
        />
        <p className="mt-0! text-sm">
          Or write to us directly at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      </div>
    </section>
  );
}
