import { formatConfidence, formatDifferenceParts, formatFullPrecision, formatPValue } from '../../data/format';
import { confidenceCell, textCell, UTF8_BOM } from '../../data/files';
import { defaultUnpairedMethod, type UnpairedMethod } from '../../data/links';
import {
  balancedDifferenceBuehlerInterval,
  balancedDifferenceInterval,
  balancedDifferenceTest,
  differenceBuehlerInterval,
  differenceInterval,
  differenceTest,
  mcnemarExactTest,
  mcnemarMidP,
  pairedBalancedDifferenceInterval,
  pairedBalancedDifferenceTest,
  pairedDifferenceInterval,
  pairedDifferenceScoreInterval,
  pairedDifferenceScoreTest,
  unpairedDifferenceScoreInterval,
  unpairedDifferenceScoreTest,
  BUEHLER_MAX_LABELS,
  SCORE_MAX_LABELS,
  TANGO_MAX_N,
  type ClassCounts,
  type DetectorCounts,
  type DifferenceInterval,
  type PairedClassCounts,
  type PairedCounts,
  type PairedScoreInterval,
} from '../../stats';

/** What two detectors' results allow: paired tables (same examples) or each one's counts (any test sets). */
export type ComparisonInput =
  | { kind: 'paired-proportion'; counts: PairedCounts }
  | { kind: 'paired-balanced'; tables: PairedClassCounts }
  | { kind: 'unpaired-proportion'; a: ClassCounts; b: ClassCounts }
  | { kind: 'unpaired-balanced'; a: DetectorCounts; b: DetectorCounts };

export interface Comparison {
  input: ComparisonInput;
  paired: boolean;
  /** 'accuracy' (one proportion) or 'balanced accuracy'. */
  metric: string;
  delta: number;
  /** A − B with its exact (1 − δ) interval. */
  interval: DifferenceInterval;
  /** The per-class intervals a paired balanced interval averages (each at δ/2). */
  perClass?: { yes: DifferenceInterval; no: DifferenceInterval };
  /** The method column of the export: names the construction. */
  method: string;
  /** The construction in a sentence, for the page. */
  construction: string;
  /** Two-sided p-value for "equally accurate"; `exact` when its size is exactly what it says (McNemar), not at most. */
  test: { p: number; name: string; exact: boolean };
  /** Exact McNemar p-values (and mid-p, named) of paired data: overall (all discordant pairs) and, balanced, per class. */
  mcnemar?: McNemarRow[];
}

/** One exact McNemar test on b and c discordant pairs, with its mid-p. */
export interface McNemarRow {
  /** 'yes', 'no' or 'all': the export's row name. */
  key: string;
  label: string;
  b: number;
  c: number;
  p: number;
  midP: number;
}

/** The paired interval: Tango's score inversion (default) or the union-bound construction. */
export type PairedMethod = 'tango' | 'union';

/**
 * The unpaired interval: Chan–Zhang's score inversion ('score', two proportions' default), Buehler's
 * (two balanced accuracies' default; never wider than the union bound) or the union-bound one.
 */
export type { UnpairedMethod };

export const METHODS = {
  'paired-proportion': 'exact-paired-union-bound',
  'paired-proportion-tango': 'exact-paired-tango-score',
  'paired-balanced-tango': 'exact-paired-balanced-tango-score',
  'paired-balanced': 'exact-paired-balanced-union-bound',
  'unpaired-proportion': 'exact-unpaired-union-bound',
  'unpaired-proportion-buehler': 'exact-unpaired-buehler',
  'unpaired-proportion-score': 'exact-unpaired-chan-zhang-score',
  'unpaired-balanced': 'exact-unpaired-balanced-union-bound',
  'unpaired-balanced-buehler': 'exact-unpaired-balanced-buehler',
} as const;

/** The union-bound constructions' test: the smallest δ at which the interval excludes 0 (conservative). */
const INVERTED_TEST = 'the test that inverts this interval';

const UNION_PAIRED =
  'Exact paired interval: with s the share of examples the two disagree on and π the share of those A gets right, the difference is s(2π − 1); Clopper–Pearson intervals for s (at δ/4) and for π given the disagreements (at 3δ/4) hold together with probability ≥ 1 − δ by the union bound, and the interval is every s(2π − 1) they allow.';
const TANGO_PAIRED =
  'Exact paired interval (Tango score inversion): every difference Δ₀ that Tango’s (1998) score test does not reject at δ/2 on either side, each test exact unconditional (its largest size over the unknown share of disagreements, certified, is at most δ/2).';
const UNPAIRED_CONSTRUCTIONS = {
  'unpaired-proportion':
    'Exact unpaired interval: each detector’s exact lower and upper bounds at δ/4 (Clopper–Pearson), lower = A’s lower − B’s upper, upper = A’s upper − B’s lower; by the union bound it covers with probability ≥ 1 − δ.',
  'unpaired-balanced':
    'Exact unpaired balanced interval: the eight exact one-sided bounds (lower and upper, YES and NO, A and B) each at δ/8, lower = A’s balanced lower − B’s balanced upper and the reverse; by the union bound it covers with probability ≥ 1 − δ.',
} as const;
/** Buehler's unpaired constructions in a sentence, by what is compared. */
const BUEHLER_CONSTRUCTIONS = {
  'unpaired-proportion':
    'Exact unpaired interval (Buehler): A − B = 2θ − 1, with θ = (A’s accuracy + B’s error rate)/2 the balanced accuracy of A’s results and B’s failures; Buehler’s exact interval for θ (ordered by the union bound, δ/2 a side) covers with probability ≥ 1 − δ for every pair of accuracies and is never wider than the union-bound interval (each detector’s Clopper–Pearson bounds at δ/4).',
  'unpaired-balanced':
    'Exact unpaired balanced interval (Buehler): each detector’s exact balanced interval by Buehler’s construction at δ/2 (ordered by the union bound), lower = A’s lower − B’s upper and the reverse; both hold together with probability ≥ 1 − δ by the union bound, and it is never wider than the union-bound interval (each class’s Clopper–Pearson bounds at δ/8).',
} as const;
const SCORE_UNPAIRED =
  'Exact unpaired interval (Chan–Zhang score inversion): every difference Δ₀ that the score test (Farrington–Manning’s statistic) does not reject at δ/2 on either side, each test exact unconditional (its largest size over the unknown accuracy of B, certified, is at most δ/2); narrower than Buehler’s interval on average at small samples.';
/** Where Buehler's search stops, said after the union-bound construction that is used past it. */
const BUEHLER_LIMITS = {
  'unpaired-proportion': '(Buehler’s interval is searched up to 20,000 examples in all; past that, this one.)',
  'unpaired-balanced': '(Buehler’s interval is searched up to 20,000 examples a detector; past that, this one.)',
} as const;
/** The test beside Buehler's intervals (why not the one they invert: `unpairedBuehler`). */
const UNION_TEST_BESIDE_EXACT = 'the union-bound test; conservative; not the test this interval inverts';
/** The exact unconditional score tests the default intervals invert: p is the largest chance over the unknown common accuracy, so "at most". */
const TANGO_TEST = 'Tango’s exact unconditional score test, two-sided; the test this interval inverts';
const CHAN_ZHANG_TEST = 'Chan–Zhang’s exact unconditional score test, two-sided; the test this interval inverts';

/** The exact McNemar rows of paired data: per class and overall for balanced tables. */
function mcnemarRows(input: ComparisonInput): McNemarRow[] | undefined {
  const row = (key: string, label: string, b: number, c: number): McNemarRow => ({ key, label, b, c, p: mcnemarExactTest({ b, c }).pTwoSided, midP: mcnemarMidP({ b, c }) });
  if (input.kind === 'paired-proportion') return [row('all', 'All paired examples', input.counts.b, input.counts.c)];
  if (input.kind !== 'paired-balanced') return undefined;
  const { yes, no } = input.tables;
  return [row('yes', 'Should-be-YES', yes.b, yes.c), row('no', 'Should-be-NO', no.b, no.c), row('all', 'All discordant pairs (accuracy, both classes pooled)', yes.b + no.b, yes.c + no.c)];
}

/** Each class's level in a paired balanced comparison: δ/2 (the two hold together by the union bound). */
export const pairedClassDelta = (delta: number) => delta / 2;

/**
 * Each class's Tango interval at `pairedClassDelta(δ)` for a paired balanced comparison: `pairedDifferenceScoreInterval`
 * of the class's table, computed ahead (each in a worker of its own, side by side) and handed to
 * `compare`, which then only adds the quick parts.
 */
export interface TangoByClass {
  yes: PairedScoreInterval;
  no: PairedScoreInterval;
}

/**
 * A paired interval by the chosen method, with the method's name (Tango past its work limit is the
 * union bound, named so); Tango's taken from `known` when computed ahead.
 */
function pairedInterval(counts: PairedCounts, delta: number, method: PairedMethod, known?: PairedScoreInterval): { interval: DifferenceInterval; tango: boolean } {
  if (method === 'union') return { interval: pairedDifferenceInterval(counts, delta), tango: false };
  const { estimate, lower, upper, construction } = known ?? pairedDifferenceScoreInterval(counts, delta);
  return { interval: { estimate, lower, upper }, tango: construction === 'tango-exact' };
}

/**
 * The comparison and its test for the input, at δ; paired data by `pairedMethod` (Tango's by
 * default), unpaired by `unpairedMethod` (absent: Chan–Zhang's for two proportions, Buehler's for two
 * balanced accuracies; 'score' asked of balanced accuracies is Buehler's, the only exact one there).
 */
export function compare(input: ComparisonInput, delta: number, pairedMethod: PairedMethod = 'tango', unpairedMethod?: UnpairedMethod, tangoByClass?: TangoByClass): Comparison {
  switch (input.kind) {
    case 'paired-proportion': {
      const { interval, tango } = pairedInterval(input.counts, delta, pairedMethod);
      return {
        input,
        paired: true,
        metric: 'accuracy',
        delta,
        interval,
        method: tango ? METHODS['paired-proportion-tango'] : METHODS[input.kind],
        construction: tango ? TANGO_PAIRED : `${UNION_PAIRED}${pairedMethod === 'tango' ? ` (Tango’s inversion is computed up to ${TANGO_MAX_N} paired examples; past that, this one.)` : ''}`,
        test: tango ? { p: pairedDifferenceScoreTest(input.counts).pTwoSided, name: TANGO_TEST, exact: false } : { p: mcnemarExactTest(input.counts).pTwoSided, name: 'exact McNemar test, two-sided', exact: true },
        mcnemar: mcnemarRows(input),
      };
    }
    case 'paired-balanced': {
      const half = pairedClassDelta(delta);
      const yes = pairedMethod === 'tango' ? pairedInterval(input.tables.yes, half, 'tango', tangoByClass?.yes) : null;
      const no = pairedMethod === 'tango' ? pairedInterval(input.tables.no, half, 'tango', tangoByClass?.no) : null;
      const tango = Boolean(yes?.tango || no?.tango);
      const union = pairedBalancedDifferenceInterval(input.tables, delta);
      const perClass = yes && no ? { yes: yes.interval, no: no.interval } : { yes: union.yes, no: union.no };
      const interval = tango
        ? { estimate: union.estimate, lower: Math.max(-1, (perClass.yes.lower + perClass.no.lower) / 2), upper: Math.min(1, (perClass.yes.upper + perClass.no.upper) / 2) }
        : { estimate: union.estimate, lower: union.lower, upper: union.upper };
      return {
        input,
        paired: true,
        metric: 'balanced accuracy',
        delta,
        interval,
        perClass,
        method: tango ? METHODS['paired-balanced-tango'] : METHODS[input.kind],
        construction: tango
          ? `Exact paired balanced interval: each class’s exact paired interval at δ/2 (Tango score inversion up to ${TANGO_MAX_N} examples a class, the union-bound construction past that), averaged; both hold together with probability ≥ 1 − δ by the union bound.`
          : `Exact paired balanced interval: each class’s exact paired interval at δ/2 (should-be-YES and should-be-NO examples separately), averaged; both hold together with probability ≥ 1 − δ by the union bound.${pairedMethod === 'tango' ? ` (Tango’s inversion is computed up to ${TANGO_MAX_N} paired examples a class; past that, this one.)` : ''}`,
        test: tango
          ? { p: mcnemarExactTest({ b: input.tables.yes.b + input.tables.no.b, c: input.tables.yes.c + input.tables.no.c }).pTwoSided, name: 'exact McNemar test on all discordant pairs; accuracy, not balanced accuracy; not the test this interval inverts', exact: true }
          : { p: pairedBalancedDifferenceTest(input.tables).pTwoSided, name: INVERTED_TEST, exact: false },
        mcnemar: mcnemarRows(input),
      };
    }
    case 'unpaired-proportion': {
      const method = unpairedMethod ?? defaultUnpairedMethod(input.kind);
      return method === 'score' ? unpairedScore(input, delta) : method === 'buehler' ? unpairedBuehler(input, delta) : unpairedUnion(input, delta);
    }
    case 'unpaired-balanced':
      return unpairedMethod === 'union' ? unpairedUnion(input, delta) : unpairedBuehler(input, delta);
  }
}

/** The union-bound interval of unpaired data, and the test that inverts it (p conservative, so not `exact`). */
function unpairedUnion(input: Extract<ComparisonInput, { kind: 'unpaired-proportion' | 'unpaired-balanced' }>, delta: number): Comparison {
  const [interval, p] =
    input.kind === 'unpaired-balanced'
      ? [balancedDifferenceInterval(input.a, input.b, delta), balancedDifferenceTest(input.a, input.b).pTwoSided]
      : [differenceInterval(input.a, input.b, delta), differenceTest(input.a, input.b).pTwoSided];
  const metric = input.kind === 'unpaired-balanced' ? 'balanced accuracy' : 'accuracy';
  return { input, paired: false, metric, delta, interval, method: METHODS[input.kind], construction: UNPAIRED_CONSTRUCTIONS[input.kind], test: { p, name: INVERTED_TEST, exact: false } };
}

/**
 * Two proportions, or two balanced accuracies, by Buehler's interval (the union bound past its label
 * limit, named so). Its p is the union-bound test's, named so: at every δ above it this interval
 * excludes 0 too (the union interval holds it), so it never claims more than the interval, but it can
 * be far above where the interval already excludes 0 (19/20 vs 13/20: p = 0.31 beside an interval
 * above 0 at 95%). Not the test this interval inverts: its ordering changes with δ, so the smallest δ
 * that excludes 0 is no p-value, and the exact test at the shown δ (sup over p_A = p_B of the
 * ordering's tail) is degenerate — 1 whenever both detectors all wrong ranks above the data
 * (90/100 vs 80/100: the lower end of B's failures at 100 of 100 tops the observed union bound).
 */
function unpairedBuehler(input: Extract<ComparisonInput, { kind: 'unpaired-proportion' | 'unpaired-balanced' }>, delta: number): Comparison {
  const union = unpairedUnion(input, delta);
  const { construction, ...interval } = input.kind === 'unpaired-balanced' ? balancedDifferenceBuehlerInterval(input.a, input.b, delta) : differenceBuehlerInterval(input.a, input.b, delta);
  // Past Buehler's label limit both give the union-bound interval bit for bit.
  if (construction !== 'buehler') return { ...union, construction: `${union.construction} ${BUEHLER_LIMITS[input.kind]}` };
  return { ...union, interval, method: METHODS[`${input.kind}-buehler`], construction: BUEHLER_CONSTRUCTIONS[input.kind], test: { ...union.test, name: UNION_TEST_BESIDE_EXACT } };
}

/**
 * Two proportions by Chan & Zhang's exact score inversion, up to SCORE_MAX_LABELS examples in all
 * (Buehler's interval past that, named so), with the p-value of the test it inverts
 * (`unpairedDifferenceScoreTest`).
 */
function unpairedScore(input: Extract<ComparisonInput, { kind: 'unpaired-proportion' }>, delta: number): Comparison {
  const labels = input.a.total + input.b.total;
  // Past its limit the inversion would return Buehler's interval (or the union bound): built here once, named.
  if (labels > SCORE_MAX_LABELS) {
    const fallback = labels > BUEHLER_MAX_LABELS ? unpairedUnion(input, delta) : unpairedBuehler(input, delta);
    return { ...fallback, construction: `${fallback.construction} (Chan–Zhang’s score inversion is computed up to ${SCORE_MAX_LABELS.toLocaleString('en-US')} examples in all; past that, this one.)` };
  }
  const { estimate, lower, upper } = unpairedDifferenceScoreInterval(input.a, input.b, delta);
  const test = { p: unpairedDifferenceScoreTest(input.a, input.b).pTwoSided, name: CHAN_ZHANG_TEST, exact: false };
  return { input, paired: false, metric: 'accuracy', delta, interval: { estimate, lower, upper }, method: METHODS['unpaired-proportion-score'], construction: SCORE_UNPAIRED, test };
}

/**
 * The comparison in one plain sentence, ends rounded outward: "B is more accurate by 1.5 to 6.2
 * points (95%, exact paired interval)", or that the counts do not show which is more accurate.
 */
export function comparisonSentence(comparison: Comparison, names: { a: string; b: string }): string {
  const { interval, delta, paired, metric } = comparison;
  const shown = formatDifferenceParts(interval);
  const how = `(${formatConfidence(delta)}, exact ${paired ? 'paired' : 'unpaired'} interval)`;
  const better = metric === 'accuracy' ? 'is more accurate' : 'has the higher balanced accuracy';
  const magnitude = (text: string) => text.replace(/^[+−]/, '');
  if (interval.lower > 0) return `${names.a} ${better} by ${magnitude(shown.lower)} to ${magnitude(shown.upper)} points ${how}.`;
  if (interval.upper < 0) return `${names.b} ${better} by ${magnitude(shown.upper)} to ${magnitude(shown.lower)} points ${how}.`;
  return `${names.a} − ${names.b} is between ${shown.lower} and ${shown.upper} points ${how}: these results do not show which ${metric === 'accuracy' ? 'is more accurate' : 'has the higher balanced accuracy'}.`;
}

/** Whether the data lean neither way: as many discordant pairs favour A as B in every class (paired), or equal estimates (unpaired). */
export function exactlyBalanced(comparison: Comparison): boolean {
  const { input } = comparison;
  if (input.kind === 'paired-proportion') return input.counts.b === input.counts.c;
  if (input.kind === 'paired-balanced') return input.tables.yes.b === input.tables.yes.c && input.tables.no.b === input.tables.no.c;
  return comparison.interval.estimate === 0;
}

/** The largest p-value shown as a number; above it (data not exactly balanced) the text says "above 99.9%". */
const LARGEST_SHOWN_P = 0.999;

/** The headline p-value as shown: a percentage, "above 99.9%", or "1 (exactly balanced)" — never "100.0%". */
export function formatTestP(comparison: Comparison): string {
  if (comparison.test.p <= LARGEST_SHOWN_P) return formatPValue(comparison.test.p);
  return exactlyBalanced(comparison) ? '1 (the data are exactly balanced)' : 'above 99.9%';
}

/** What the p-value says: exactly (McNemar) or at most (the inverted union bounds); never "100%" unless the data are exactly balanced. */
export function testSentence(comparison: Comparison): string {
  const { test, interval, delta } = comparison;
  if (test.p > LARGEST_SHOWN_P) {
    return exactlyBalanced(comparison)
      ? `If they were equally accurate, a difference at least this large would happen every time (p = 1, ${test.name}): the data are exactly balanced — as many examples favour each detector — so they show no sign of a difference either way, which is not proof that there is none.`
      : `The ${test.name.replace(/^the /, '')} gives no evidence of a difference (its p-value is above 99.9%): the data lean one way, but by less than chance alone easily gives — not a sign that they are equally accurate.`;
  }
  const often = test.exact ? 'would happen' : 'would happen at most';
  const sentence = `If they were equally accurate, a difference at least this large ${often} ${formatPValue(test.p)} of the time (${test.name}).`;
  // With the union-bound paired interval McNemar's p can fall below δ while the interval still holds 0:
  // the interval splits δ between its two parts and excludes 0 only when p ≤ 3δ/4. Say why they differ.
  if (comparison.method === METHODS['paired-proportion'] && test.p <= delta && interval.lower <= 0 && interval.upper >= 0) {
    return `${sentence} That is below δ = ${formatFullPrecision(delta)}, yet the interval still includes 0: it spends δ/4 of its δ on how many examples the two disagree on, so it excludes 0 only when this p-value is at most 3δ/4 = ${formatFullPrecision(Number(((3 * delta) / 4).toPrecision(12)))}. The verdict above follows the interval, the more cautious of the two.`;
  }
  const exactUnpaired = [METHODS['unpaired-proportion-buehler'], METHODS['unpaired-balanced-buehler']].some((method) => method === comparison.method);
  if (exactUnpaired && test.p <= delta && interval.lower <= 0 && interval.upper >= 0) {
    return `${sentence} That is at most δ = ${formatFullPrecision(delta)}, yet the interval includes 0: the interval is another construction than the union bound this test inverts, and at these counts it is the wider on that side. The verdict above follows the interval.`;
  }
  if (exactUnpaired && test.p > delta && (interval.lower > 0 || interval.upper < 0)) {
    return `${sentence} That is above δ = ${formatFullPrecision(delta)}, yet the interval excludes 0: the interval is narrower than the union bound this test inverts, so it can settle what this more cautious test does not. The verdict above follows the interval.`;
  }
  const inverted = [METHODS['paired-proportion-tango'], METHODS['unpaired-proportion-score']].some((method) => method === comparison.method);
  if (inverted && (test.p <= delta) !== (interval.lower > 0 || interval.upper < 0)) {
    return `${sentence} The interval’s ends are searched to within 0.0001, so right at the edge it and the test it inverts can disagree at δ = ${formatFullPrecision(delta)}; the verdict above follows the interval.`;
  }
  if (test.exact && (test.p <= delta) !== (interval.lower > 0 || interval.upper < 0)) {
    return `${sentence} This test and the interval are different constructions, so at δ = ${formatFullPrecision(delta)} they can disagree near the edge; the verdict above follows the interval.`;
  }
  return sentence;
}

/** An exact McNemar p (or mid-p) to three decimals (nearest): "0.039", "< 0.001", "> 0.999", or "1" only when b = c. */
export function formatMcNemarP(p: number, row: { b: number; c: number }): string {
  if (row.b === row.c) return '1';
  if (p < 0.001) return '< 0.001';
  if (p > LARGEST_SHOWN_P) return '> 0.999';
  return p.toFixed(3);
}

/** One comparison as CSV: the difference, its bounds (unrounded), the p-value, the counts and the method. */
export function comparisonToCsv(comparison: Comparison, names: { a: string; b: string }): string {
  const header = ['detector_a', 'detector_b', 'metric', 'estimate', 'lower', 'upper', 'confidence', 'delta', 'p_value', 'test', 'counts', 'method'];
  // The per-class rows of a paired balanced comparison are each at δ/2 (they hold together at δ).
  const row = (metric: string, interval: DifferenceInterval | null, p = '', test = '', delta = comparison.delta) =>
    [
      textCell(names.a),
      textCell(names.b),
      metric,
      interval?.estimate ?? '',
      interval?.lower ?? '',
      interval?.upper ?? '',
      confidenceCell(delta),
      delta,
      p,
      textCell(test),
      textCell(countsText(comparison.input)),
      comparison.method,
    ].join(',');
  const metricName = comparison.metric === 'accuracy' ? 'accuracy_difference' : 'balanced_accuracy_difference';
  const lines = [header.join(','), row(metricName, comparison.interval, String(comparison.test.p), comparison.test.name)];
  if (comparison.perClass) {
    const half = pairedClassDelta(comparison.delta);
    lines.push(row('yes_accuracy_difference_at_delta_2', comparison.perClass.yes, '', '', half), row('no_accuracy_difference_at_delta_2', comparison.perClass.no, '', '', half));
  }
  for (const test of comparison.mcnemar ?? []) {
    const counts = `b=${test.b} c=${test.c}`;
    lines.push(row(`mcnemar_exact_p_${test.key}`, null, String(test.p), `exact McNemar test, two-sided (${counts})`));
    lines.push(row(`mcnemar_mid_p_${test.key}`, null, String(test.midP), `McNemar mid-p test, two-sided (${counts})`));
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/** The counts behind a comparison in a few words, for captions and the export. */
export function countsText(input: ComparisonInput): string {
  const paired = ({ b, c, n }: PairedCounts) => `b=${b} c=${c} n=${n}`;
  const counts = ({ correct, total }: ClassCounts) => `${correct}/${total}`;
  switch (input.kind) {
    case 'paired-proportion':
      return `paired: ${paired(input.counts)}`;
    case 'paired-balanced':
      return `paired: YES ${paired(input.tables.yes)}; NO ${paired(input.tables.no)}`;
    case 'unpaired-proportion':
      return `A ${counts(input.a)}; B ${counts(input.b)}`;
    case 'unpaired-balanced':
      return `A YES ${counts(input.a.yes)} NO ${counts(input.a.no)}; B YES ${counts(input.b.yes)} NO ${counts(input.b.no)}`;
  }
}
