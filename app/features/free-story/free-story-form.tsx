import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ActionFailure } from "#server/http/action-result.ts";
import { FREE_STORY_FIELDS, FREE_STORY_SENT_TOAST } from "#common/free-story/free-story-fields.ts";
import { SITE_PAGES, SITE_RESOURCES } from "#common/pages/site-paths.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SentNotice } from "#app/components/forms/sent-notice.tsx";
import { showToast } from "#app/components/ui/toast.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import { postForResult } from "#app/lib/post-for-result.ts";

const FALLBACK_MESSAGE = "Could not send the story. Please try again.";

/**
 * "Get a Free Story": an e-mail address and an unticked "Also send me the newsletter". A plain
 * form that posts to /free-story, so it works before (or without) the page's scripts; once its
 * island has loaded (a chunk only the pages with the form fetch) it posts by `fetch` to
 * /resources/free-story and stays on the page: the sent toast, or the server's message under the
 * field. Only the server checks the address (no zod on the home page, decision 16). Inside the
 * hero's disclosure a success closes it, and so does Escape.
 *
 * `failure`, `email` and `newsletter` are a refused document post's answer; `sent` says in the
 * page that the story was sent, for a browser that runs no script.
 */
function FreeStoryForm({
  failure,
  email = "",
  newsletter = false,
  sent = false,
}: {
  failure?: ActionFailure["error"] | undefined;
  email?: string | undefined;
  newsletter?: boolean | undefined;
  sent?: boolean | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ActionFailure["error"] | undefined>(failure);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const fieldError = refusal?.fieldErrors?.[FREE_STORY_FIELDS.email];
  const formMessage = refusal && !fieldError ? refusal.message || FALLBACK_MESSAGE : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setBusy(true);
    const result = await postForResult(SITE_RESOURCES.freeStory.path, form);
    setBusy(false);
    if (result.ok) {
      setRefusal(undefined);
      form.reset();
      showToast(FREE_STORY_SENT_TOAST);
      closeDisclosure(form);
      return;
    }
    setRefusal(result.error);
    const message = result.error.fieldErrors?.[FREE_STORY_FIELDS.email] ?? (result.error.message || FALLBACK_MESSAGE);
    showToast({ title: "Could not send the story", description: message, variant: "destructive" });
    inputRef.current?.focus();
  }

  // Escape closes the hero's disclosure, from its button or from inside the form, as a menu would.
  useEffect(() => {
    const form = formRef.current;
    const details = form?.closest("details");
    if (!form || !details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && closeDisclosure(form)) event.preventDefault();
    };
    details.addEventListener("keydown", onKeyDown);
    return () => details.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <form
      ref={formRef}
      method="post"
      action={SITE_PAGES.freeStory.path}
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
      className="grid gap-4 text-left"
    >
      {sent ? <SentNotice toast={FREE_STORY_SENT_TOAST} /> : null}
      <FormAlert message={formMessage} />
      <FormField
        ref={inputRef}
        label="Email address"
        name={FREE_STORY_FIELDS.email}
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        defaultValue={email}
        error={fieldError}
      />
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name={FREE_STORY_FIELDS.newsletter}
          defaultChecked={newsletter}
          className="mt-1 size-4 flex-none accent-brand-700"
        />
        <span>Also send me the newsletter</span>
      </label>
      <button type="submit" disabled={busy} className={buttonStyles.primary}>
        {busy ? "Sending..." : "Send Me the Story"}
      </button>
    </form>
  );
}

/** Closes the disclosure the form sits in (the hero's) and gives its button the keyboard; false when it is in none. */
function closeDisclosure(form: HTMLFormElement): boolean {
  const details = form.closest("details");
  if (!details?.open) return false;
  details.open = false;
  details.querySelector("summary")?.focus();
  return true;
}

/** A page island (`PAGE_ISLANDS`): its chunk is fetched only by pages that show the form. */
export const FreeStoryFormIsland = defineIsland("free-story-form", FreeStoryForm);
