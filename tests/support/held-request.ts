import type { Page, Route } from "playwright-core";

export interface HeldRequests {
  /** Resolves once the first matching request reached the browser's network layer (and is held there). */
  arrived: Promise<void>;
  /** Lets every held request go on to the server and stops holding new ones. */
  release(): Promise<void>;
}

/**
 * Holds the page's requests to `url` (only `method` ones, if given) until `release()`. A test
 * asserts a busy state while the request is certainly in flight, then releases it: no timing
 * window that a slow machine could miss or a fast one could close early.
 */
export async function holdRequests(page: Page, url: string | RegExp, method?: string): Promise<HeldRequests> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const held = new Set<Promise<void>>();
  const handler = (route: Route) => {
    if (method && route.request().method() !== method) return route.continue();
    arrive();
    const going = released.then(() => route.continue());
    held.add(going);
    return going;
  };
  await page.route(url, handler);
  return {
    arrived,
    async release() {
      release();
      // Every held request goes on before the handler is removed: removing it first would hand
      // them to the default handling, and our own continue would then fail.
      await Promise.all(held);
      await page.unroute(url, handler);
    },
  };
}
