import { X } from "lucide-react";
import { Toast as RadixToast } from "radix-ui";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** How long a toast stays, from the specification. */
export const TOAST_DURATION_MS = 5000;

/** The generic placeholder for features the shop does not offer yet. */
export const NOT_IMPLEMENTED_TOAST: ToastMessage = {
  title: "Not available yet",
  description: "This feature isn't implemented yet. Please check back soon!",
};

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * One toast at a time: showing a new one replaces the current one (a new key restarts its
 * timer). Radix announces it to screen readers; errors use the assertive "foreground" type.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | null>(null);
  const show = useCallback<ShowToast>((message) => setCurrent({ ...message, id: Date.now() + Math.random() }), []);
  const destructive = current?.variant === "destructive";
  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
        {children}
        {current ? (
          <RadixToast.Root
            key={current.id}
            type={destructive ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) setCurrent(null);
            }}
            data-testid="toast"
            data-variant={destructive ? "destructive" : "default"}
            className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg p-4 pr-10 shadow-lg ring-1 ${
              destructive ? "bg-red-700 text-white ring-red-800" : "bg-white text-ink ring-brand-100"
            }`}
          >
            <div className="grid gap-1">
              <RadixToast.Title className="font-semibold">{current.title}</RadixToast.Title>
              {current.description ? (
                <RadixToast.Description className="text-sm">{current.description}</RadixToast.Description>
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
        {/* Bottom left (above the phone's cart button), away from the cart sheet's title and close button at the top right. */}
        <RadixToast.Viewport className="fixed bottom-20 left-4 z-[100] flex w-[calc(100%-2rem)] max-w-sm flex-col outline-none sm:bottom-4" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside ToastProvider");
  return show;
}
