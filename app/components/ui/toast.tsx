import { X } from "lucide-react";
import { Toast as RadixToast } from "radix-ui";
import { useSyncExternalStore } from "react";
import { defineIsland } from "#app/lib/island.tsx";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** How long a toast stays, from the specification. */
export const TOAST_DURATION_MS = 5000;

type ShowToast = (message: ToastMessage) => void;
type CurrentToast = (ToastMessage & { id: number }) | null;

/**
 * The toast on screen, kept outside React: on a catalogue page the parts that show toasts (the
 * cart, Add to Collection, the newsletter form) are separate React roots (decision 21), so a
 * context provider cannot reach them all. One toast at a time: a new one replaces the current one
 * (a new id restarts its timer).
 */
let current: CurrentToast = null;
const listeners = new Set<() => void>();

function setCurrent(next: CurrentToast) {
  current = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; callable from any event handler or effect, in any root of the page. */
export const showToast: ShowToast = (message) => setCurrent({ ...message, id: Date.now() + Math.random() });

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The toast region: rendered once per page (the root layout). Radix announces each toast to
 * screen readers; errors use the assertive "foreground" type. The server's snapshot is "no
 * toast", so a page is rendered and hydrated without one.
 */
export function Toaster() {
  const toast = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const destructive = toast?.variant === "destructive";
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {toast ? (
        <RadixToast.Root
          key={toast.id}
          type={destructive ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open && current?.id === toast.id) setCurrent(null);
          }}
          data-testid="toast"
          data-variant={destructive ? "destructive" : "default"}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg p-4 pr-10 shadow-lg ring-1 ${
            destructive ? "bg-red-700 text-white ring-red-800" : "bg-white text-ink ring-brand-100"
          }`}
        >
          <div className="grid gap-1">
            <RadixToast.Title className="font-semibold">{toast.title}</RadixToast.Title>
            {toast.description ? (
              <RadixToast.Description className="text-sm">{toast.description}</RadixToast.Description>
            ) : null}
          </div>
          <RadixToast.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ) : null}
      {/* Bottom left (above the phone's cart button), away from the cart sheet's title and close
          button at the top right; on a phone with the sheet open, at the top (app.css). */}
      <RadixToast.Viewport className="toast-viewport fixed bottom-20 left-4 z-[100] flex w-[calc(100%-2rem)] max-w-sm flex-col outline-none sm:bottom-4" />
    </RadixToast.Provider>
  );
}

/** The toast region of every page; on an island page, an island of its own. */
export const ToasterIsland = defineIsland("toaster", Toaster);
