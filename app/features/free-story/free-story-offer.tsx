import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FreeStoryFormIsland } from "./free-story-form.tsx";

/**
 * The hero's "Get a Free Story": a disclosure (`<details>`), so the button opens the small form
 * with no script at all, by mouse, touch or keyboard, and assistive technology announces it as
 * expanded or collapsed. Under the button on a phone, a panel below it on wider screens.
 */
export function FreeStoryOffer() {
  return (
    <details className="relative">
      <summary
        className={`${buttonStyles.secondary} w-full cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
      >
        Get a Free Story
      </summary>
      <div className="mt-3 rounded-2xl bg-white p-5 text-left shadow-lg ring-1 ring-brand-600/20 sm:absolute sm:left-1/2 sm:z-20 sm:w-96 sm:-translate-x-1/2">
        <p className="mb-4 text-gray-700">
          Tell us where to send it: we e-mail you a printable, illustrated Bible story as a PDF.
        </p>
        <FreeStoryFormIsland />
      </div>
    </details>
  );
}
