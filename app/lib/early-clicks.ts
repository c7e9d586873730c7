/**
 * Taps on an island's buttons before it hydrated (decision 21). The islands' script starts only
 * after the first paint, so a slow phone shows "Add to Collection", the cart button or a question
 * of the FAQ a moment before they work, and a tap in that moment did nothing. An inline script in
 * the head of island pages (`EARLY_CLICKS_SCRIPT`) records such taps; islands-client.tsx marks each
 * island once hydrated and, when every island is, replays the taps in order: the book tapped early
 * is added, with its toast.
 *
 * Only `type="button"` buttons: a link or a form's submit button does its own thing without
 * JavaScript (the newsletter form posts, the catalogue's search loads the results).
 */
// Plain strings and DOM calls, no Node module: the root layout (server) and the islands' script
// (browser) both use it.

/** Set on an island's element once it hydrated: its buttons handle their own taps from then on. */
const READY_ATTRIBUTE = "data-island-ready";
/** Where the inline script keeps the taps it recorded (the buttons, in order). */
const CLICKS_GLOBAL = "__earlyIslandClicks";

declare global {
  interface Window {
    [CLICKS_GLOBAL]?: HTMLButtonElement[];
  }
}

/** Inline JavaScript (it carries the response's nonce): records taps on buttons of islands not yet hydrated. */
export const EARLY_CLICKS_SCRIPT = `(()=>{const clicks=window.${CLICKS_GLOBAL}=[];document.addEventListener("click",(event)=>{const button=event.target instanceof Element?event.target.closest('button[type="button"]'):null;const island=button&&button.closest("[data-island]");if(island&&!island.hasAttribute("${READY_ATTRIBUTE}"))clicks.push(button)},true)})()`;

/** Called right after an island's element hydrated (Preact attaches its handlers as it hydrates). */
export function markIslandReady(element: HTMLElement): void {
  element.setAttribute(READY_ATTRIBUTE, "");
}

/** Once every island hydrated: the recorded taps, replayed on the buttons still on the page. */
export function replayEarlyClicks(): void {
  for (const button of window[CLICKS_GLOBAL]?.splice(0) ?? []) {
    if (button.isConnected && !button.disabled) button.click();
  }
}
