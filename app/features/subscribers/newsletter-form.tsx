import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import type { ActionFailure, ActionResult } from "#server/http/action-result.ts";
import { ALREADY_SUBSCRIBED, subscriberEmailSchema } from "#server/subscribers/subscriber-schema.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { useToast, type ToastMessage } from "#app/components/ui/toast.tsx";

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
 * The e-mail sign-up of the footer ("Join Our Community") and of the Coming Soon page. The same
 * schema checks the address here and on the server.
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
  const fetcher = useFetcher<ActionResult>();
  const showToast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      showToast({ title: "Subscribed!", description: successDescription });
      formRef.current?.reset();
    } else {
      showToast(failureToast(result));
    }
  }, [fetcher.data, fetcher.state, showToast, successDescription]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/resources/subscribe"
      noValidate
      className="flex flex-wrap gap-2"
      onSubmit={(event) => {
        const email = new FormData(event.currentTarget).get("email");
        const parsed = subscriberEmailSchema.safeParse(email ?? "");
        if (!parsed.success) {
          event.preventDefault();
          showToast({ title: "Error", description: parsed.error.issues[0]!.message, variant: "destructive" });
        }
      }}
    >
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
    </fetcher.Form>
  );
}
