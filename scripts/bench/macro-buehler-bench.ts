// Buehler's macro recall interval for K = 3 and 4 classes (issue 31): time per interval, how far the
// search may still be from Buehler's own bounds (the slack), and the width gained over the union
// bound, on seeded random confusion matrices (call runMacroBuehlerBench()).
import { macroRecallBuehlerInterval } from '../../src/stats/macro-recall-buehler-interval';
import { macroRecallInterval } from '../../src/stats/macro-recall-interval';
import { formatMs, lcg, median, now, quantile, table } from './bench-format';

export function runMacroBuehlerBench(): void {
  const random = lcg(31);
  const rows: (string | number)[][] = [];
  for (const [size, largest] of [
    [3, 60],
    [3, 300],
    [3, 1600],
    [4, 60],
    [4, 300],
  ] as const) {
    const times: number[] = [];
    const slacks: number[] = [];
    let unknown = 0;
    let narrower = 0;
    const runs = 20;
    for (let run = 0; run < runs; run++) {
      const totals = Array.from({ length: size }, () => 5 + Math.floor(random() * (largest - 5)));
      const matrix = totals.map((n, i) => {
        const row = new Array<number>(size).fill(0);
        const correct = Math.round(n * (0.7 + 0.29 * random()));
        row[i] = correct;
        row[(i + 1) % size] = n - correct;
        return row;
      });
      const started = now();
      const interval = macroRecallBuehlerInterval(matrix, 0.05);
      times.push(now() - started);
      for (const slack of [interval.slack.lower, interval.slack.upper]) {
        if (Number.isNaN(slack)) unknown++;
        else slacks.push(slack);
      }
      narrower += 1 - (interval.upper - interval.lower) / (interval.union.upper - interval.union.lower);
    }
    rows.push([
      `K = ${size}, classes of 5–${largest}, δ = 0.05 (${runs} seeded matrices)`,
      formatMs(median(times)),
      formatMs(Math.max(...times)),
      `${(100 * quantile(slacks, 0.5)).toFixed(3)} / ${(100 * Math.max(...slacks)).toFixed(2)} points${unknown ? ` (${unknown} ends unknown)` : ''}`,
      `${((100 * narrower) / runs).toFixed(0)}%`,
    ]);
  }
  // The union bound for K = 10 (issue 31: ≤ 1 ms), ~10⁶ examples, a different matrix each call.
  const unionTimes: number[] = [];
  for (let run = 0; run < 1000; run++) {
    const matrix = Array.from({ length: 10 }, (_row, i) => Array.from({ length: 10 }, (_cell, j) => (i === j ? 90_000 + run : 1000 + i + j)));
    const started = now();
    macroRecallInterval(matrix, 0.05);
    unionTimes.push(now() - started);
  }
  rows.push(['K = 10 by the union bound, ~10⁶ examples (1,000 matrices; target ≤ 1 ms)', formatMs(median(unionTimes)), formatMs(Math.max(...unionTimes)), '—', '—']);
  console.log('\nBuehler’s macro recall interval, K classes (issue 31; the view computes it in a worker)\n');
  table(['case', 'median', 'slowest', 'slack median / widest', 'width below the union bound (mean)'], rows);
}
