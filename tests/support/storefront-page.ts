import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** The toast currently shown (only one at a time) as "title description", or "" when none. */
export async function currentToast(page: Page): Promise<string> {
  const toast = page.getByTestId("toast");
  if ((await toast.count()) === 0) return "";
  return (await toast.innerText().catch(() => "")).replace(/\s+/g, " ").trim();
}

/** Waits until the toast shown matches `expected` (text contained, or a pattern). */
export async function expectToast(page: Page, expected: string | RegExp): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last = "";
  while (Date.now() < deadline) {
    last = await currentToast(page);
    if (typeof expected === "string" ? last.includes(expected) : expected.test(last)) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`Expected a toast matching ${String(expected)}; last toast: "${last}"`);
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
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  });
}
