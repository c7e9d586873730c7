import { useId, useState, type FormEvent } from "react";
import type { ActionFailure } from "#server/http/action-result.ts";
import { ALREADY_SUBSCRIBED } from "#common/subscribers/subscribe-answer.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { showToast, type ToastMessage } from "#app/components/ui/toast.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import { postForResult } from "#app/lib/post-for-result.ts";

const SUBSCRIBE_ACTION = "/resources/subscribe";

function failureToast(failure: ActionFailure): ToastMessage {
  if (failure.error.reason === ALREADY_SUBSCRIBED) {
    return {
      title: "Already Subscribed",
      description: "This email address is already on our list.",
      variant: "destructive",
    };
  }
  if (failure.error.code === "VALIDATION" || failure.error.code === "RATE_LIMITED") {
    return { title: "Error", description: failure.error.message, variant: "destructive" };
  }
  return { title: "Error", description: "Could not subscribe. Please try again.", variant: "destructive" };
}

/**
 * The e-mail sign-up of the footer ("Join Our Community") and of the Coming Soon page. Only the
 * server checks the address (the shared schema), and its answer is the toast: this form is on
 * every page, which carries no zod (decision 16). The field is still of email type and required
 * (keyboards, autofill, assistive technology), but `noValidate` leaves the refusal to the server,
 * so an empty address gets the spec's words ("Please enter your email address.").
 *
 * It posts with `fetch`, not a React Router fetcher: on catalogue pages it is an island (decision
 * 21), hydrated without React Router. Without JavaScript it is a plain form post.
 */
export function NewsletterForm({
  successDescription,
  buttonLabel,
  label,
  tone = "light",
}: {
  successDescription: string;
  buttonLabel: string;
  label: string;
  tone?: "light" | "dark";
}) {
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setBusy(true);
    const result = await postForResult(SUBSCRIBE_ACTION, form);
    setBusy(false);
    if (result.ok) {
      showToast({ title: "Subscribed!", description: successDescription });
      form.reset();
    } else {
      showToast(failureToast(result));
    }
  }

  return (
    <form method="post" action={SUBSCRIBE_ACTION} noValidate onSubmit={onSubmit} className="flex flex-wrap gap-2">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        id={inputId}
        name="email"
        type="email"
        required
        autoComplete="email"
        placeholder="Enter your email"
        className={`min-w-48 flex-1 rounded-full border px-4 py-2.5 text-ink ${
          tone === "dark" ? "border-white/40 bg-white" : "border-brand-600/40 bg-white"
        }`}
      />
      <button type="submit" disabled={busy} className={buttonStyles.primary}>
        {busy ? "Sending..." : buttonLabel}
      </button>
    </form>
  );
}

export const NewsletterFormIsland = defineIsland("newsletter-form", NewsletterForm);
