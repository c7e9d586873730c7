import { useEffect } from "react";

/**
 * Runs `onRestored` when Back (or Forward) restores the page from the browser's back/forward
 * cache, as it was left (busy, other values typed), so that a form can show its own page's state
 * again. The first callback serves the page's life: the callers' callbacks touch refs and state
 * setters only.
 */
export function usePageRestored(onRestored: () => void) {
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) onRestored();
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);
}
