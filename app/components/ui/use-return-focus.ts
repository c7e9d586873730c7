import { useEffect, useRef } from "react";

/**
 * Gives focus back to the button that opened a dialog once `open` turns false. The dialogs here
 * are opened from table rows rather than through a Radix trigger, so Radix has nothing to return
 * focus to. Set the returned ref to the opening element when opening. An opener that is gone
 * is skipped.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) return;
    const element = opener.current;
    opener.current = null;
    if (!element) return;
    // A timer: after Radix's own close handling, which also waits one for the dialog to unmount.
    const timer = setTimeout(() => {
      if (element.isConnected) element.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [open]);
  return opener;
}
