// The bench's one table: each figure, its value, its target and whether it is met.

export interface BenchResult {
  name: string;
  value: number;
  /** Printed after the value and the target; empty for a score or a ratio without unit. */
  unit: string;
  target: number;
  /** The target is a floor (throughput, a score), not a ceiling. */
  atLeast?: boolean;
  /** Decimals shown (1 unless said). */
  decimals?: number;
}

export function isMet(result: BenchResult): boolean {
  return result.atLeast ? result.value >= result.target : result.value <= result.target;
}

/** The table's lines, columns aligned: figure, value, target, met (`ok` or `FAIL`). */
export function resultsTable(results: readonly BenchResult[]): string[] {
  const rows = results.map((result) => {
    const unit = result.unit ? ` ${result.unit}` : "";
    return [
      result.name,
      `${result.value.toFixed(result.decimals ?? 1)}${unit}`,
      `${result.atLeast ? "≥" : "≤"} ${result.target}${unit}`,
      isMet(result) ? "ok" : "FAIL",
    ];
  });
  const header = ["figure", "value", "target", "met"];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  // Numbers right-aligned, words left-aligned.
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 1 || i === 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)];
}
