// The home page's latency as the flood benches sample it, one request after another.
import { percentile } from "./percentile.ts";

/** Loads the home page 30 times, so the samples that follow meet a warm page cache. */
export async function warmUpHomePage(url: string): Promise<void> {
  for (let i = 0; i < 30; i++) await (await fetch(`${url}/`)).text();
}

/** The median of `samples` home page loads, in milliseconds. */
export async function homePageP50(url: string, samples: number): Promise<number> {
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await (await fetch(`${url}/`)).text();
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return percentile(latencies, 0.5);
}
