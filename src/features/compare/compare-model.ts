import { formatConfidence, formatDifferenceParts, formatFullPrecision, formatPValue } from '../../data/format';
import { confidenceCell, textCell, UTF8_BOM } from '../../data/files';
import {
  balancedDifferenceInterval,
  balancedDifferenceTest,
  differenceInterval,
  differenceTest,
  mcnemarExactTest,
  pairedBalancedDifferenceInterval,
  pairedBalancedDifferenceTest,
  pairedDifferenceInterval,
  type ClassCounts,
  type DetectorCounts,
  type DifferenceInterval,
  type PairedClassCounts,
  type PairedCounts,
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
}

export const METHODS = {
  'paired-proportion': 'exact-paired-union-bound',
  'paired-balanced': 'exact-paired-balanced-union-bound',
  'unpaired-proportion': 'exact-unpaired-union-bound',
  'unpaired-balanced': 'exact-unpaired-balanced-union-bound',
} as const;

/** The union-bound constructions' test: the smallest δ at which the interval excludes 0 (conservative). */
const INVERTED_TEST = 'the test that inverts this interval';

/** The comparison and its test for the input, at δ. */
export function compare(input: ComparisonInput, delta: number): Comparison {
  switch (input.kind) {
    case 'paired-proportion':
      return {
        input,
        paired: true,
        metric: 'accuracy',
        delta,
        interval: pairedDifferenceInterval(input.counts, delta),
        method: METHODS[input.kind],
        construction:
          'Exact paired interval: with s the share of examples the two disagree on and π the share of those A gets right, the difference is s(2π − 1); Clopper–Pearson intervals for s (at δ/4) and for π given the disagreements (at 3δ/4) hold together with probability ≥ 1 − δ by the union bound, and the interval is every s(2π − 1) they allow.',
        test: { p: mcnemarExactTest(input.counts).pTwoSided, name: 'exact McNemar test, two-sided', exact: true },
      };
    case 'paired-balanced': {
      const interval = pairedBalancedDifferenceInterval(input.tables, delta);
      return {
        input,
        paired: true,
        metric: 'balanced accuracy',
        delta,
        interval,
        perClass: { yes: interval.yes, no: interval.no },
        method: METHODS[input.kind],
        construction:
          'Exact paired balanced interval: each class’s exact paired interval at δ/2 (should-be-YES and should-be-NO examples separately), averaged; both hold together with probability ≥ 1 − δ by the union bound.',
        test: { p: pairedBalancedDifferenceTest(input.tables).pTwoSided, name: INVERTED_TEST, exact: false },
      };
    }
    case 'unpaired-proportion':
      return {
        input,
        paired: false,
        metric: 'accuracy',
        delta,
        interval: differenceInterval(input.a, input.b, delta),
        method: METHODS[input.kind],
        construction:
          'Exact unpaired interval: each detector’s exact lower and upper bounds at δ/4 (Clopper–Pearson), lower = A’s lower − B’s upper, upper = A’s upper − B’s lower; by the union bound it covers with probability ≥ 1 − δ.',
        test: { p: differenceTest(input.a, input.b).pTwoSided, name: INVERTED_TEST, exact: false },
      };
    case 'unpaired-balanced':
      return {
        input,
        paired: false,
        metric: 'balanced accuracy',
        delta,
        interval: balancedDifferenceInterval(input.a, input.b, delta),
        method: METHODS[input.kind],
        construction:
          'Exact unpaired balanced interval: the eight exact one-sided bounds (lower and upper, YES and NO, A and B) each at δ/8, lower = A’s balanced lower − B’s balanced upper and the reverse; by the union bound it covers with probability ≥ 1 − δ.',
        test: { p: balancedDifferenceTest(input.a, input.b).pTwoSided, name: INVERTED_TEST, exact: false },
      };
  }
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

/** What the p-value says: exactly (McNemar) or at most (the inverted union bounds). */
export function testSentence(comparison: Comparison): string {
  const { test } = comparison;
  const often = test.exact ? 'would happen' : 'would happen at most';
  const sentence = `If they were equally accurate, a difference at least this large ${often} ${formatPValue(test.p)} of the time (${test.name}).`;
  const { interval, delta } = comparison;
  // McNemar's p can fall below δ while the interval still holds 0: the interval splits δ between its
  // two parts and excludes 0 only when p ≤ 3δ/4. The verdict follows the interval; say why they differ.
  if (test.exact && test.p <= delta && interval.lower <= 0 && interval.upper >= 0) {
    return `${sentence} That is below δ = ${formatFullPrecision(delta)}, yet the interval still includes 0: it spends δ/4 of its δ on how many examples the two disagree on, so it excludes 0 only when this p-value is at most 3δ/4 = ${formatFullPrecision(Number(((3 * delta) / 4).toPrecision(12)))}. The verdict above follows the interval, the more cautious of the two.`;
  }
  return sentence;
}

/** One comparison as CSV: the difference, its bounds (unrounded), the p-value, the counts and the method. */
export function comparisonToCsv(comparison: Comparison, names: { a: string; b: string }): string {
  const header = ['detector_a', 'detector_b', 'metric', 'estimate', 'lower', 'upper', 'confidence', 'delta', 'p_value', 'test', 'counts', 'method'];
  // The per-class rows of a paired balanced comparison are each at δ/2 (they hold together at δ).
  const row = (metric: string, interval: DifferenceInterval, p = '', test = '', delta = comparison.delta) =>
    [
      textCell(names.a),
      textCell(names.b),
      metric,
      interval.estimate,
      interval.lower,
      interval.upper,
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
    const half = comparison.delta / 2;
    lines.push(row('yes_accuracy_difference_at_delta_2', comparison.perClass.yes, '', '', half), row('no_accuracy_difference_at_delta_2', comparison.perClass.no, '', '', half));
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
