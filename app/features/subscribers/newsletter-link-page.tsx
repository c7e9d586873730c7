import type { ActionResult } from "#server/http/action-result.ts";
import { PostButtonIsland } from "#app/components/forms/post-button.tsx";
import { buttonStyles } from "#app/components/ui/button-styles.ts";

/**
 * The page behind a link of our newsletter e-mails (confirm, unsubscribe). Opening the link only
 * shows a button: mail scanners fetch links to check them, and a GET must not act for the reader.
 * The button posts the token back (an island that posts as a document); the page then says what
 * happened.
 */
export function NewsletterLinkPage({
  token,
  result,
  title,
  intro,
  buttonLabel,
  busyLabel,
  missingTokenMessage,
  successTitle,
  successText,
}: {
  token: string;
  result: ActionResult | undefined;
  title: string;
  intro: string;
  buttonLabel: string;
  busyLabel: string;
  missingTokenMessage: string;
  successTitle: string;
  successText: string;
}) {
  const failure = result && !result.ok ? result.error.message : token ? null : missingTokenMessage;
  const done = result?.ok === true;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <h1 className="font-serif text-3xl font-bold text-brand-800">{done ? successTitle : title}</h1>
        {done ? (
          <p role="status" className="mt-4 text-gray-700">
            {successText}
          </p>
        ) : failure ? (
          <p role="alert" className="mt-4 font-medium text-red-700">
            {failure}
          </p>
        ) : (
          <>
            <p className="mt-2 text-gray-700">{intro}</p>
            <PostButtonIsland
              fields={{ token }}
              label={buttonLabel}
              busyLabel={busyLabel}
              className="mt-6"
              buttonClassName={`${buttonStyles.primary} w-full`}
            />
          </>
        )}
        <a href="/" className={`${buttonStyles.secondary} mt-6 w-full`}>
          Back to the shop
        </a>
      </div>
    </div>
  );
}
