// Comparing detectors: paired and unpaired difference intervals and the ranking of many detectors
// (call runComparisonBench()).
import { balancedDifferenceInterval } from '../../src/stats/balanced-difference-interval';
import { balancedDifferenceTest } from '../../src/stats/balanced-difference-test';
import type { DetectorCounts, PairedClassCounts, PairedCounts } from '../../src/stats/comparison-types';
import { mcnemarExactTest } from '../../src/stats/mcnemar-exact-test';
import { pairedBalancedDifferenceInterval } from '../../src/stats/paired-balanced-difference-interval';
import { pairedBalancedDifferenceTest } from '../../src/stats/paired-balanced-difference-test';
import { differenceInterval } from '../../src/stats/difference-interval';
import { pairedDifferenceInterval } from '../../src/stats/paired-difference-interval';
import { pairedDifferenceScoreInterval } from '../../src/stats/paired-difference-score-interval';
import { pairedDifferenceScoreTest } from '../../src/stats/paired-difference-score-test';
import { unpairedDifferenceScoreInterval } from '../../src/stats/unpaired-difference-score-interval';
import { unpairedDifferenceScoreTest } from '../../src/stats/unpaired-difference-score-test';
import { rankAgainstReference } from '../../src/stats/rank-against-reference';
import { simultaneousAboveTarget } from '../../src/stats/simultaneous-above-target';
import { formatMs, lcg, median, now, quantile, table } from './bench-format';

function pairedCases(maxN: number, count: number, seed: number): PairedCounts[] {
  const random = lcg(seed);
  return Array.from({ length: count }, () => {
    const n = 1 + Math.floor(random() * maxN);
    const discordant = Math.floor(n * 0.3 * random() ** 2);
    const b = Math.floor(discordant * random());
    return { b, c: discordant - b, n };
  });
}

function detectorCases(maxSize: number, count: number, seed: number): DetectorCounts[] {
  const random = lcg(seed);
  return Array.from({ length: count }, () => {
    const nYes = 1 + Math.floor(random() * maxSize);
    const nNo = 1 + Math.floor(random() * maxSize);
    const accuracy = () => Math.min(1, 0.5 + 0.5 * random() ** 0.3);
    return { yes: { correct: Math.round(nYes * accuracy()), total: nYes }, no: { correct: Math.round(nNo * accuracy()), total: nNo } };
  });
}

function timeEach<T extends object>(cases: T[], run: (value: T) => unknown): { median: number; p99: number; slowest: number; at: T } {
  const times: number[] = [];
  let slowest: { ns: number; at: T } = { ns: -1, at: cases[0]! };
  for (const value of cases) {
    const started = now();
    run(value);
    const ns = now() - started;
    times.push(ns);
    if (ns > slowest.ns) slowest = { ns, at: value };
  }
  return { median: median(times), p99: quantile(times, 0.99), slowest: slowest.ns, at: slowest.at };
}

export function runComparisonBench(): void {
  console.log('\nComparing detectors (exact union-bound differences, McNemar, Holm)\n');
  const paired = pairedCases(10_000, 400, 7);
  const pairedBalanced: PairedClassCounts[] = paired.map((yes, index) => ({ yes, no: paired[(index * 7 + 3) % paired.length]! }));
  const [a, b] = [detectorCases(10_000, 400, 11), detectorCases(10_000, 400, 13)];
  const describePaired = ({ b: x, c: y, n }: PairedCounts) => `b=${x}, c=${y}, n=${n}`;
  const rows: (string | number)[][] = [];
  const add = (label: string, target: string, result: { median: number; p99: number; slowest: number }, at: string) =>
    rows.push([label, formatMs(result.median), formatMs(result.p99), formatMs(result.slowest), target, at]);
  // Warm up the JIT on every path first.
  for (let index = 0; index < 50; index++) {
    pairedDifferenceInterval(paired[index]!, 0.05);
    pairedBalancedDifferenceTest(pairedBalanced[index]!);
    balancedDifferenceInterval(a[index]!, b[index]!, 0.05);
  }
  let result = timeEach(paired, (counts) => mcnemarExactTest(counts));
  add('mcnemarExactTest, n ≤ 10,000', '—', result, describePaired(result.at));
  result = timeEach(paired, (counts) => pairedDifferenceInterval(counts, 0.05));
  add('pairedDifferenceInterval, n ≤ 10,000', '≤ 5 ms', result, describePaired(result.at));
  const balancedResult = timeEach(pairedBalanced, (counts) => pairedBalancedDifferenceInterval(counts, 0.05));
  add('pairedBalancedDifferenceInterval, n ≤ 10,000', '≤ 5 ms', balancedResult, `${describePaired(balancedResult.at.yes)}; ${describePaired(balancedResult.at.no)}`);
  const testResult = timeEach(pairedBalanced, (counts) => pairedBalancedDifferenceTest(counts));
  add('pairedBalancedDifferenceTest, n ≤ 10,000', '—', testResult, `${describePaired(testResult.at.yes)}; ${describePaired(testResult.at.no)}`);
  const pairs = a.map((first, index) => [first, b[index]!] as const);
  const unpaired = timeEach(pairs, ([first, second]) => balancedDifferenceInterval(first, second, 0.05));
  const describeDetector = ({ yes, no }: DetectorCounts) => `${yes.correct}/${yes.total}, ${no.correct}/${no.total}`;
  add('balancedDifferenceInterval, classes ≤ 10,000', '≤ 20 ms', unpaired, `${describeDetector(unpaired.at[0])} vs ${describeDetector(unpaired.at[1])}`);
  const unpairedTest = timeEach(pairs, ([first, second]) => balancedDifferenceTest(first, second));
  add('balancedDifferenceTest, classes ≤ 10,000', '—', unpairedTest, `${describeDetector(unpairedTest.at[0])} vs ${describeDetector(unpairedTest.at[1])}`);
  table(['case (δ = 0.05)', 'median', 'p99', 'slowest', 'target', 'slowest at'], rows);

  const rankingRows: (string | number)[][] = [];
  for (let run = 0; run < 3; run++) {
    const detectors = detectorCases(10_000, 1_000, 100 + run);
    let started = now();
    const above = simultaneousAboveTarget(detectors, 0.9, 0.05);
    const targetNs = now() - started;
    const comparisons = Array.from({ length: 1_000 }, (_, index) => pairedBalanced[(index * 13 + run) % pairedBalanced.length]!);
    started = now();
    const better = rankAgainstReference(comparisons, 0.05);
    const referenceNs = now() - started;
    rankingRows.push([
      `run ${run + 1}`,
      formatMs(targetNs),
      `${above.filter((item) => item.provenAbove).length} of 1,000`,
      formatMs(referenceNs),
      `${better.filter((item) => item.provenBetter).length} of 1,000`,
    ]);
  }
  console.log('\nRanking 1,000 detectors (class sizes ≤ 10,000; target ≤ 1 s each)\n');
  table(['', 'simultaneousAboveTarget(0.9)', 'proven above', 'rankAgainstReference', 'proven better'], rankingRows);
  runScoreBench();
}

/**
 * The exact score inversions (Tango's paired, Chan–Zhang's unpaired) and the tests they invert, up to their size limits,
 * beside the union-bound interval on the same counts: eight random outcomes a size (accuracies 0.5–1), medians and slowest.
 */
function runScoreBench(): void {
  console.log('\nExact score inversions and their tests (δ = 0.05; eight random outcomes a size; union bound on the same counts)\n');
  const rows: (string | number)[][] = [];
  const random = lcg(23);
  const share = () => 0.5 + 0.5 * random();
  for (const n of [20, 100, 500, 1_000]) {
    const cases = Array.from({ length: 8 }, () => {
      const discordant = Math.floor(n * 0.3 * random());
      const b = Math.floor(discordant * random());
      return { b, c: discordant - b, n };
    });
    const union = timeEach(cases, (counts) => pairedDifferenceInterval(counts, 0.05));
    const interval = timeEach(cases, (counts) => pairedDifferenceScoreInterval(counts, 0.05));
    const test = timeEach(cases, (counts) => pairedDifferenceScoreTest(counts));
    rows.push([`Tango, n = ${n}`, formatMs(union.median), formatMs(interval.median), formatMs(interval.slowest), formatMs(test.median), formatMs(test.slowest), `${(interval.median / union.median).toFixed(0)}×`]);
  }
  for (const n of [10, 100, 500]) {
    const cases = Array.from({ length: 8 }, () => [{ correct: Math.round(n * share()), total: n }, { correct: Math.round(n * share()), total: n }] as const);
    const union = timeEach(cases, ([a, b]) => differenceInterval(a, b, 0.05));
    const interval = timeEach(cases, ([a, b]) => unpairedDifferenceScoreInterval(a, b, 0.05));
    const test = timeEach(cases, ([a, b]) => unpairedDifferenceScoreTest(a, b));
    rows.push([`Chan–Zhang, ${n} + ${n}`, formatMs(union.median), formatMs(interval.median), formatMs(interval.slowest), formatMs(test.median), formatMs(test.slowest), `${(interval.median / union.median).toFixed(0)}×`]);
  }
  table(['case', 'union bound median', 'interval median', 'interval slowest', 'test median', 'test slowest', 'interval ÷ union'], rows);
}
