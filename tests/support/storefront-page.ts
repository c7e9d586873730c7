import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** Marks a toast element that already satisfied one `expectToast`. */
const SEEN = "data-test-toast-seen";

/**
 * The page's latest requests (method, path, status, time), kept from the page's first
 * `expectToast` on: a toast that does not come is explained by what the page asked and got
 * (no post at all, a post refused, a revalidation that never answered).
 */
const recentRequests = new WeakMap<Page, string[]>();
function keepRecentRequests(page: Page): string[] {
  const kept = recentRequests.get(page);
  if (kept) return kept;
  const log: string[] = [];
  recentRequests.set(page, log);
  const started = Date.now();
  const note = (line: string) => {
    log.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${line}`);
    if (log.length > 30) log.shift();
  };
  const describe = (url: string) => {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}`.slice(0, 120);
  };
  page.on("request", (request) => {
    if (request.resourceType() === "fetch" || request.resourceType() === "document") {
      note(`${request.method()} ${describe(request.url())}`);
    }
  });
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "fetch" || type === "document") note(`→ ${response.status()} ${describe(response.url())}`);
  });
  page.on("requestfailed", (request) =>
    note(`✗ ${request.method()} ${describe(request.url())}: ${request.failure()?.errorText ?? "failed"}`),
  );
  return log;
}

/**
 * Waits until a toast appears that matches `expected` (text contained, or a pattern) and that
 * no earlier `expectToast` on this page has matched, then marks it as seen. So each toast
 * proves one action: asserting the same text twice passes only if the second action showed a
 * toast of its own (a new toast is a new element: the provider keys each one). Check a toast
 * with one call (a pattern for title and description), not two.
 */
export async function expectToast(
  page: Page,
  expected: string | RegExp,
  { timeout = 10_000 }: { timeout?: number } = {},
): Promise<void> {
  const pattern =
    typeof expected === "string" ? { text: expected } : { source: expected.source, flags: expected.flags };
  const requests = keepRecentRequests(page);
  // A form on an island page posts as a document: the toast may come with a page still loading,
  // whose navigation ends this page's scripts; the wait then goes on in the new page.
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      if (await waitForNewToast(page, pattern, Math.max(1, deadline - Date.now()))) return;
      break;
    } catch (error) {
      const navigatedAway = error instanceof Error && /Execution context was destroyed|navigat/i.test(error.message);
      if (!navigatedAway || Date.now() >= deadline) break;
      await page.waitForLoadState("load").catch(() => {});
    }
  }
  const shown = await page
    .locator('[data-testid="toast"]')
    .evaluateAll(
      (toasts, seen) =>
        toasts.map(
          (t) =>
            `"${(t as HTMLElement).innerText.replace(/\s+/g, " ").trim()}"${t.hasAttribute(seen) ? " (already matched earlier)" : ""}`,
        ),
      SEEN,
    )
    .catch(() => []);
  const passed = await page
    .evaluate(() => (window as unknown as { __toastsWhileWaiting?: string[] }).__toastsWhileWaiting ?? [])
    .catch(() => []);
  throw new Error(
    `Expected a new toast matching ${String(expected)}; toasts shown: ${shown.join(", ") || "none"}; new toasts seen while waiting: ${passed.map((text) => `"${text}"`).join(", ") || "none"}` +
      `\nThe page's latest requests (since its first toast check):\n  ${requests.join("\n  ") || "none"}`,
  );
}

/**
 * Scrolls `locator` into view at once (the page scrolls smoothly otherwise) and waits two frames,
 * so that a section below the first screen, which the browser lays out only when it comes near
 * (`.render-when-near`, content-visibility), has been rendered: its innerText reads the layout.
 */
export async function bringIntoView(locator: Locator): Promise<void> {
  await locator.evaluate(async (element) => {
    element.scrollIntoView({ block: "center", behavior: "instant" });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Opens the cart sheet from the page's cart button: the sheet, once it is open. */
export async function openCartSheet(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: /Open your collection/ }).click();
  const dialog = page.getByRole("dialog", { name: "Your Collection" });
  await dialog.waitFor();
  return dialog;
}

/** Waits until React has hydrated the page (the cart reads its stored state after hydration). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** axe-core's WCAG 2.1 A/AA violations on the current page. */
export async function axeViolations(page: Page): Promise<{ id: string; help: string; nodes: string[] }[]> {
  // Evaluated over the DevTools protocol rather than added as a <script>: the page's
  // Content-Security-Policy (rightly) refuses inline scripts without its nonce.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  });
}

/** One wait for a new matching toast in the page as it is now; throws when the page navigates away. */
async function waitForNewToast(
  page: Page,
  pattern: { text?: string; source?: string; flags?: string },
  timeout: number,
): Promise<boolean> {
  await page.evaluate(() => {
    (window as unknown as { __toastsWhileWaiting?: string[] }).__toastsWhileWaiting = [];
  });
  const handle = await page
    .waitForFunction(
      ({ pattern, seen }) => {
        const matches = (text: string) =>
          "text" in pattern ? text.includes(pattern.text!) : new RegExp(pattern.source!, pattern.flags).test(text);
        // Every toast text this wait saw, for the failure message: a toast that did not match may
        // have gone (5 s) by the time the wait gives up.
        const passing = ((window as unknown as { __toastsWhileWaiting?: string[] }).__toastsWhileWaiting ??= []);
        for (const toast of document.querySelectorAll<HTMLElement>('[data-testid="toast"]')) {
          if (toast.hasAttribute(seen)) continue;
          const text = toast.innerText.replace(/\s+/g, " ").trim();
          if (!passing.includes(text)) passing.push(text);
          if (!matches(text)) continue;
          toast.setAttribute(seen, "");
          return true;
        }
        return false;
      },
      { pattern, seen: SEEN },
      { timeout, polling: 50 },
    )
    .catch((error: unknown) => {
      if (error instanceof Error && error.name === "TimeoutError") return null;
      throw error;
    });
  return handle !== null;
}
