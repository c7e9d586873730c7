/** The value at quantile `q` (0.5: the median) of `sorted`, ascending: the nearest rank below. */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
