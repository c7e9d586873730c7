/**
 * What a visitor does to an island before it hydrated (decision 21). The islands' script starts
 * only after the first paint, so a slow phone shows "Add to Collection", the cart button, a
 * question of the FAQ or the catalogue's filters a moment before they work, and a tap or a choice
 * in that moment did nothing. An inline script in the head of island pages (`EARLY_EVENTS_SCRIPT`)
 * records those events; islands-client.tsx marks each island once hydrated and, when every island
 * is, replays them in the order they happened: the book tapped early is added, with its toast, and
 * then the topic chosen early is applied.
 *
 * Recorded: taps on `type="button"` buttons, and changes of a `<select>`, each element once (see
 * `EARLY_EVENTS_SCRIPT`). Not links or a form's submit button: they do their own thing
 * without JavaScript (the newsletter form posts, the catalogue's search loads the results).
 */
// Plain strings and DOM calls, no Node module: the root layout (server) and the islands' script
// (browser) both use it.

/** Set on an island's element once it hydrated: its elements handle their own events from then on. */
const READY_ATTRIBUTE = "data-island-ready";
/** Where the inline script keeps what it recorded, in order. */
const EVENTS_GLOBAL = "__earlyIslandEvents";

interface EarlyEvent {
  type: "click" | "change";
  target: HTMLButtonElement | HTMLSelectElement;
}

declare global {
  interface Window {
    [EVENTS_GLOBAL]?: EarlyEvent[];
  }
}

/**
 * Inline JavaScript (it carries the response's nonce): records events on islands not yet hydrated,
 * each element once. A button tapped twice before it worked is tapped once (the second tap was the
 * visitor asking again, not for a second copy); a select keeps its last change. An element used
 * again once its island hydrated (the visitor tried again and it worked) loses its early record:
 * replaying it would undo what the visitor just saw happen (the cart sheet opened, then closed).
 */
export const EARLY_EVENTS_SCRIPT = `(()=>{const events=window.${EVENTS_GLOBAL}=[];const record=(type,selector)=>document.addEventListener(type,(event)=>{if(window.${EVENTS_GLOBAL}!==events)return;const target=event.target instanceof Element?event.target.closest(selector):null;const island=target&&target.closest("[data-island]");if(!island)return;const earlier=events.findIndex((e)=>e.target===target);if(island.hasAttribute("${READY_ATTRIBUTE}")){if(earlier>=0)events.splice(earlier,1);return}if(earlier>=0){if(type==="click")return;events.splice(earlier,1)}events.push({type,target})},true);record("click",'button[type="button"]');record("change","select")})()`;

/** Called right after an island's element hydrated (Preact attaches its handlers as it hydrates). */
export function markIslandReady(element: HTMLElement): void {
  element.setAttribute(READY_ATTRIBUTE, "");
}

/** Once every island hydrated: the recorded events, replayed on the elements still on the page. */
export function replayEarlyEvents(): void {
  const events = window[EVENTS_GLOBAL] ?? [];
  // Recording stops first: the replayed events are not recorded again.
  window[EVENTS_GLOBAL] = undefined;
  for (const { type, target } of events) {
    if (!target.isConnected || target.disabled) continue;
    if (type === "click") target.click();
    else target.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
