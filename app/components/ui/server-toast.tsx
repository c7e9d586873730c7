import { useEffect } from "react";
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

/**
 * The server's one-time toast on every page (a redirect's message, from the root); an island on
 * island pages. A page whose loader answers a search by URL shows its own (Track Order).
 */
export const ServerToastIsland = defineIsland("server-toast", ServerToast);
