// The exact balanced intervals' timings and widths — Buehler's (ordered by the union bound, the
// default), the estimate-ordered test inversion and the union bound — on the same cases (call runInversionBench()).
import { balancedBuehlerInterval, balancedInterval, type ClassCounts, type Interval } from '../../src/stats';
import { balancedInversionInterval } from '../../src/stats/balanced-inversion-interval';
import { formatMs, lcg, median, now, quantile, table } from './bench-format';

type Counts = { yes: ClassCounts; no: ClassCounts };

function casesUpTo(maxSize: number, count: number, seed: number): Counts[] {
  const random = lcg(seed);
  return Array.from({ length: count }, () => {
    const nYes = 1 + Math.floor(random() ** 2 * maxSize);
    const nNo = 1 + Math.floor(random() ** 2 * maxSize);
    const accuracy = () => Math.min(1, 0.5 + 0.5 * random() ** 0.3);
    return {
      yes: { correct: Math.round(nYes * accuracy()), total: nYes },
      no: { correct: Math.round(nNo * accuracy()), total: nNo },
    };
  });
}

/** Each case's time is the median of three runs: one garbage collection or compile in a run does not make it the slowest. */
function timeEach(cases: Counts[], run: (counts: Counts) => unknown): { times: number[]; slowest: { ns: number; counts: Counts } } {
  const times: number[] = [];
  let slowest = { ns: -1, counts: cases[0]! };
  for (const counts of cases) {
    const runs = [0, 1, 2].map(() => {
      const started = now();
      run(counts);
      return now() - started;
    });
    const ns = median(runs);
    times.push(ns);
    if (ns > slowest.ns) slowest = { ns, counts };
  }
  return { times, slowest };
}

const describe = ({ yes, no }: Counts) => `${yes.correct}/${yes.total}, ${no.correct}/${no.total}`;
const ends = (value: Interval) => `[${value.lower.toFixed(6)}, ${value.upper.toFixed(6)}]`;

/** Mean width over every outcome of a pair of class sizes, by each construction, and how often Buehler's is wider than the union bound's. */
function widthRow(nYes: number, nNo: number, delta: number): (string | number)[] {
  let union = 0;
  let inversion = 0;
  let buehler = 0;
  let buehlerWider = 0;
  let inversionWider = 0;
  let smallestGain = Infinity;
  for (let kYes = 0; kYes <= nYes; kYes++) {
    for (let kNo = 0; kNo <= nNo; kNo++) {
      const counts = { yes: { correct: kYes, total: nYes }, no: { correct: kNo, total: nNo } };
      const u = balancedInterval(counts, delta);
      const i = balancedInversionInterval(counts, delta);
      const b = balancedBuehlerInterval(counts, delta);
      const width = (interval: Interval) => interval.upper - interval.lower;
      union += width(u);
      inversion += width(i);
      buehler += width(b);
      if (width(b) > width(u) + 1e-12) buehlerWider++;
      if (width(i) > width(u) + 1e-12) inversionWider++;
      smallestGain = Math.min(smallestGain, width(u) - width(b));
    }
  }
  const outcomes = (nYes + 1) * (nNo + 1);
  const percent = (value: number) => `${value >= union ? '+' : '−'}${Math.abs((100 * (value - union)) / union).toFixed(1)}%`;
  return [
    `${nYes} + ${nNo}`,
    (union / outcomes).toFixed(4),
    `${(inversion / outcomes).toFixed(4)} (${percent(inversion)}), wider at ${((100 * inversionWider) / outcomes).toFixed(0)}%`,
    `${(buehler / outcomes).toFixed(4)} (${percent(buehler)})`,
    buehlerWider === 0 ? 'never' : `${buehlerWider} of ${outcomes}`,
    smallestGain.toFixed(4),
  ];
}

/**
 * The contract on seeded random pairs up to 10⁶ per class: Buehler's ends inside the union bound's,
 * the estimate between them; and nesting in δ (the ordering changes with δ, so a smaller δ's
 * interval need not contain a larger one's): violations over 10⁻⁶ and the largest.
 */
function contractRows(): (string | number)[][] {
  const random = lcg(2026);
  const deltas = [0.1, 0.05, 0.01, 1e-4];
  let contractViolations = 0;
  let nestingViolations = 0;
  let largestNesting = 0;
  let largestAt = '';
  const pairs = 2000;
  for (let index = 0; index < pairs; index++) {
    const nYes = 1 + Math.floor(random() ** 2 * 1_000_000);
    const nNo = 1 + Math.floor(random() ** 2 * 1_000_000);
    const counts = { yes: { correct: Math.round(random() * nYes), total: nYes }, no: { correct: Math.round(random() * nNo), total: nNo } };
    let wider: Interval | undefined;
    for (const delta of deltas) {
      const b = balancedBuehlerInterval(counts, delta);
      const u = balancedInterval(counts, delta);
      if (b.lower < u.lower - 1e-12 || b.upper > u.upper + 1e-12 || b.lower > b.estimate || b.estimate > b.upper) contractViolations++;
      // δ falls along `deltas`: each interval should contain the previous (larger δ) one.
      if (wider) {
        const excess = Math.max(b.lower - wider.lower, wider.upper - b.upper);
        if (excess > 1e-6) nestingViolations++;
        if (excess > largestNesting) [largestNesting, largestAt] = [excess, `${describe(counts)}, δ = ${delta}`];
      }
      wider = b;
    }
  }
  return [
    [`${pairs} random pairs up to 10^6 per class × δ ∈ {0.1, 0.05, 0.01, 10^-4}: outside the union bound, or estimate outside`, contractViolations],
    ['the same: a smaller δ’s interval not containing a larger δ’s by over 10^-6', nestingViolations],
    ['largest such excess', largestNesting === 0 ? '0' : `${largestNesting.toExponential(2)} (${largestAt})`],
  ];
}

export function runInversionBench(): void {
  console.log('\nMean width over every outcome, δ = 0.05 (exact intervals; the union bound is the blog’s)');
  table(
    ['classes', 'union bound', 'estimate ordering (inversion)', 'union ordering (Buehler)', 'Buehler wider than union', 'least narrowing'],
    [widthRow(20, 20, 0.05), widthRow(10, 10, 0.05), widthRow(5, 60, 0.05), widthRow(1, 30, 0.05)],
  );
  const rows: (string | number)[][] = [];
  // The targets are the issue's, at the product's default δ = 0.05; δ = 0.01 shows how the time grows
  // with a smaller δ (the certification's slack shrinks with α).
  for (const delta of [0.05, 0.01]) {
    for (const [label, maxSize, count, target] of [
      ['class sizes ≤ 1,000', 1_000, 200, 'median ≤ 2 ms, slowest ≤ 20 ms'],
      ['class sizes ≤ 10^5', 100_000, 40, 'median ≤ 20 ms'],
      ['class sizes ≤ 10^6', 1_000_000, 12, 'slowest ≤ 200 ms'],
    ] as const) {
      const cases = casesUpTo(maxSize, count, 17);
      // Warm up on the same cases first: the times are the steady state a worker reaches, not V8's first compiles.
      for (const counts of cases) {
        balancedInversionInterval(counts, delta);
        balancedBuehlerInterval(counts, delta);
      }
      const inverted = timeEach(cases, (counts) => balancedInversionInterval(counts, delta));
      const buehler = timeEach(cases, (counts) => balancedBuehlerInterval(counts, delta));
      const union = timeEach(cases, (counts) => balancedInterval(counts, delta));
      const searched = cases.filter((counts) => counts.yes.total + counts.no.total <= 20_000).length;
      rows.push([
        `${label} (${count} random, δ = ${delta}; median of 3 runs each)`,
        `${formatMs(median(buehler.times))} / ${formatMs(quantile(buehler.times, 0.95))} / ${formatMs(buehler.slowest.ns)}`,
        describe(buehler.slowest.counts),
        `${searched} of ${count}`,
        `${formatMs(median(inverted.times))} / ${formatMs(quantile(inverted.times, 0.95))} / ${formatMs(inverted.slowest.ns)}`,
        describe(inverted.slowest.counts),
        formatMs(median(union.times)),
        target,
      ]);
    }
  }
  console.log('\nExact balanced intervals, per two-sided interval (median / p95 / slowest), beside the union bound');
  table(['cases', 'Buehler', 'Buehler slowest at', 'Buehler searched (≤ 20,000 labels)', 'inversion', 'inversion slowest at', 'union median', 'target (both δ)'], rows);
  console.log('\nBuehler’s contract and nesting in δ');
  table(['check', 'found'], contractRows());

  const worst: Counts[] = [
    { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } },
    { yes: { correct: 900, total: 1000 }, no: { correct: 950, total: 1100 } },
    { yes: { correct: 0, total: 1000 }, no: { correct: 999, total: 1000 } },
    { yes: { correct: 9000, total: 10000 }, no: { correct: 9500, total: 10500 } },
    { yes: { correct: 90000, total: 100000 }, no: { correct: 95000, total: 100000 } },
    { yes: { correct: 999_990, total: 1_000_000 }, no: { correct: 999_999, total: 1_000_000 } },
  ];
  const worstRows = worst.flatMap((counts) =>
    [0.05, 1e-6].map((delta) => {
      let started = now();
      const interval = balancedInversionInterval(counts, delta);
      const ns = now() - started;
      started = now();
      const buehler = balancedBuehlerInterval(counts, delta);
      const buehlerNs = now() - started;
      const union = balancedInterval(counts, delta);
      return [`${describe(counts)}, δ = ${delta}`, formatMs(buehlerNs), ends(buehler), formatMs(ns), ends(interval), ends(union)];
    }),
  );
  // The inputs that took up to a second, and a tiny δ: no input in the domain over 2 s.
  for (const [counts, delta] of [
    [{ yes: { correct: 478, total: 601 }, no: { correct: 862_031, total: 7_145_919 } }, 0.05],
    [{ yes: { correct: 121, total: 1166 }, no: { correct: 0, total: 4_581_547 } }, 1e-300],
    [{ yes: { correct: 5_000, total: 9_000 }, no: { correct: 9_000, total: 10_000 } }, 1e-300],
  ] as const) {
    let started = now();
    const buehler = balancedBuehlerInterval(counts, delta);
    const buehlerNs = now() - started;
    started = now();
    const interval = balancedInversionInterval(counts, delta);
    const ns = now() - started;
    const union = balancedInterval(counts, delta);
    worstRows.push([`${describe(counts)}, δ = ${delta}`, formatMs(buehlerNs), ends(buehler), formatMs(ns), ends(interval), ends(union)]);
  }
  console.log('\nHard cases (one run each)');
  table(['counts', 'Buehler', 'Buehler interval', 'inversion', 'inversion interval', 'union bound'], worstRows);

  // What the list computes when δ changes: every detector's interval, here on one core (the page
  // shares them among one worker per core).
  const random = lcg(99);
  const list = Array.from({ length: 2000 }, (): Counts => {
    const nYes = 1 + Math.floor(random() * 20_000);
    const nNo = 1 + Math.floor(random() * 20_000);
    const accuracy = () => 0.5 + 0.5 * random() ** 0.3;
    return { yes: { correct: Math.round(nYes * accuracy()), total: nYes }, no: { correct: Math.round(nNo * accuracy()), total: nNo } };
  });
  const seconds = (compute: (counts: Counts) => unknown) => {
    const started = now();
    for (const counts of list) compute(counts);
    return `${((now() - started) / 1e9).toFixed(1)} s`;
  };
  console.log(
    `\nA list: 2,000 detectors with classes of up to 20,000 labels at δ = 0.01, one core: inversion ${seconds((counts) => balancedInversionInterval(counts, 0.01))}, ` +
      `Buehler ${seconds((counts) => balancedBuehlerInterval(counts, 0.01))}, union bound ${seconds((counts) => balancedInterval(counts, 0.01))}`,
  );
}
