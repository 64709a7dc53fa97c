// The bench's one median: the middle value of the runs (the upper of the two middle ones for an
// even count), as every figure of BENCHMARKS.md has been taken.
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}
