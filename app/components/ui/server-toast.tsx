import { useEffect } from "react";
import { useMatches } from "react-router";
import type { FlashedToast } from "#server/http/flash.ts";
import { defineIsland } from "#app/lib/island.tsx";
import { showToast } from "./toast.tsx";

/**
 * Shows the toast the server set (an action's answer or a redirect's message, see
 * server/http/flash.ts), once: the root loader hands it over with an id, and a toast is shown
 * when a new id arrives, however often the root renders.
 */
export function ServerToast({ toast }: { toast: FlashedToast | null }) {
  const id = toast?.id;
  useEffect(() => {
    if (toast) showToast({ title: toast.title, description: toast.description, variant: toast.variant });
    // Keyed on the id alone: a revalidation that returns the same toast again must not repeat it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return null;
}

/** The server's one-time toast (a redirect's message) on every page; an island on island pages. */
export const ServerToastIsland = defineIsland("server-toast", ServerToast);

/**
 * The toast the deepest page's loader set as its data's `toast` (a search by URL, such as Track
 * Order: a GET has no action to set the cookie), for the root to show with ServerToast.
 */
export function usePageToast(): FlashedToast | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const data = matches[index]!.loaderData;
    if (typeof data === "object" && data !== null && "toast" in data) {
      const { toast } = data as { toast: unknown };
      if (isFlashedToast(toast)) return toast;
    }
  }
  return null;
}

function isFlashedToast(value: unknown): value is FlashedToast {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { id?: unknown }).id === "string" &&
    typeof (value as { title?: unknown }).title === "string"
  );
}
