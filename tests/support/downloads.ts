import type { Locator, Page } from "playwright-core";

/** Clicks a download link: the file's suggested name and its first five bytes (`%PDF-` for a PDF). */
export async function downloadFrom(page: Page, link: Locator): Promise<{ name: string; start: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), start: Buffer.concat(chunks).subarray(0, 5).toString("latin1") };
}
