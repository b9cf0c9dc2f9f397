import { describe, expect, it } from 'vitest';
import { formatDifferenceParts, formatPValue } from '../../data/format';
import {
  balancedDifferenceBuehlerInterval,
  balancedDifferenceInterval,
  balancedDifferenceTest,
  differenceBuehlerInterval,
  differenceInterval,
  differenceTest,
  mcnemarExactTest,
  pairedBalancedDifferenceInterval,
  pairedDifferenceInterval,
  pairedDifferenceScoreTest,
  TANGO_MAX_N,
  SCORE_MAX_LABELS,
  unpairedDifferenceScoreInterval,
  unpairedDifferenceScoreTest,
} from '../../stats';
import { compare, comparisonSentence, comparisonToCsv, countsText, formatMcNemarP, formatTestP, testSentence } from './compare-model';

const names = { a: 'Old', b: 'New' };

describe('compare', () => {
  it('uses, when asked, the union-bound paired constructions and the exact McNemar test for paired counts', () => {
    const comparison = compare({ kind: 'paired-proportion', counts: { b: 12, c: 4, n: 200 } }, 0.05, 'union');
    expect(comparison.interval).toEqual(pairedDifferenceInterval({ b: 12, c: 4, n: 200 }, 0.05));
    expect(comparison.test).toEqual({ p: mcnemarExactTest({ b: 12, c: 4 }).pTwoSided, name: 'exact McNemar test, two-sided', exact: true });
    expect(comparison.paired).toBe(true);
    const tables = { yes: { b: 12, c: 3, n: 200 }, no: { b: 20, c: 8, n: 300 } };
    const balanced = compare({ kind: 'paired-balanced', tables }, 0.05, 'union');
    const expected = pairedBalancedDifferenceInterval(tables, 0.05);
    expect(balanced.interval).toEqual({ estimate: expected.estimate, lower: expected.lower, upper: expected.upper });
    expect(balanced.perClass).toEqual({ yes: expected.yes, no: expected.no });
    expect(balanced.test?.exact).toBe(false);
  });

  it('uses, when asked, the unpaired union bound and the test inverting it for each detector’s counts', () => {
    const a = { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } };
    const b = { yes: { correct: 30, total: 40 }, no: { correct: 50, total: 60 } };
    const comparison = compare({ kind: 'unpaired-balanced', a, b }, 0.05, 'tango', 'union');
    expect(comparison.method).toBe('exact-unpaired-balanced-union-bound');
    expect(comparison.interval).toEqual(balancedDifferenceInterval(a, b, 0.05));
    expect(comparison.test).toEqual({ p: balancedDifferenceTest(a, b).pTwoSided, name: 'the test that inverts this interval', exact: false });
    expect(comparison.paired).toBe(false);
    expect(testSentence(comparison)).toMatch(/^If they were equally accurate, a difference at least this large would happen at most .*% of the time \(the test that inverts this interval\)\.$/);
  });
});

describe('compare, paired by Tango’s score inversion (the default)', () => {
  it(`uses it up to ${TANGO_MAX_N} pairs (narrower than the union bound), the union bound (named) past that or when asked`, () => {
    const small = compare({ kind: 'paired-proportion', counts: { b: 8, c: 1, n: 20 } }, 0.05);
    const union = compare({ kind: 'paired-proportion', counts: { b: 8, c: 1, n: 20 } }, 0.05, 'union');
    expect(small.method).toBe('exact-paired-tango-score');
    expect(union.method).toBe('exact-paired-union-bound');
    expect(small.interval.upper - small.interval.lower).toBeLessThan(union.interval.upper - union.interval.lower);
    // Its p is the test it inverts (Tango's, the largest chance over the nuisance: "at most"); McNemar's stays beside it.
    expect(small.test).toEqual({ p: pairedDifferenceScoreTest({ b: 8, c: 1, n: 20 }).pTwoSided, name: 'Tango’s exact unconditional score test, two-sided; the test this interval inverts', exact: false });
    expect(small.mcnemar).toEqual([expect.objectContaining({ key: 'all', p: mcnemarExactTest({ b: 8, c: 1 }).pTwoSided })]);
    expect(union.test.name).toBe('exact McNemar test, two-sided');
    const past = compare({ kind: 'paired-proportion', counts: { b: 8, c: 1, n: TANGO_MAX_N + 1 } }, 0.05);
    expect(past.method).toBe('exact-paired-union-bound');
    expect(past.construction).toContain(`computed up to ${TANGO_MAX_N} paired examples`);
  });

  it('shows the issue’s per-class McNemar p-values (0.581, 0.039) and never "100.0%"', () => {
    const tables = { yes: { b: 8, c: 5, n: 212 }, no: { b: 8, c: 1, n: 357 } };
    const comparison = compare({ kind: 'paired-balanced', tables }, 0.05);
    const shown = Object.fromEntries(comparison.mcnemar!.map((row) => [row.key, formatMcNemarP(row.p, row)]));
    expect(shown).toEqual({ yes: '0.581', no: '0.039', all: '0.052' });
    // 212 and 357 pairs are within Tango's size limit: its interval, beside exact McNemar on all discordant pairs.
    expect(comparison.method).toBe('exact-paired-balanced-tango-score');
    expect(formatTestP(comparison)).toBe(formatPValue(mcnemarExactTest({ b: 16, c: 6 }).pTwoSided));
    // Named as the union bound's is (one parenthesis on the page, not one inside another).
    expect(testSentence(comparison)).toContain('(exact McNemar test on all discordant pairs; accuracy, not balanced accuracy; not the test this interval inverts)');
    expect(compare({ kind: 'paired-balanced', tables }, 0.05, 'union').test.p).toBeGreaterThan(0.999);
    expect(testSentence(comparison)).not.toContain('100');
    const balanced = compare({ kind: 'paired-balanced', tables: { yes: { b: 3, c: 3, n: 10 }, no: { b: 0, c: 0, n: 10 } } }, 0.05);
    expect(formatMcNemarP(balanced.mcnemar![0]!.p, balanced.mcnemar![0]!)).toBe('1');
    expect(formatMcNemarP(mcnemarExactTest({ b: 3, c: 2 }).pTwoSided, { b: 3, c: 2 })).toBe('> 0.999');
  });
});

describe('compare, two unpaired proportions by Chan–Zhang’s (the default) or Buehler’s interval', () => {
  const a = { correct: 19, total: 20 };
  const b = { correct: 13, total: 20 };

  it(`Chan–Zhang’s by default up to ${SCORE_MAX_LABELS} examples, Buehler’s past that, each named`, () => {
    const score = compare({ kind: 'unpaired-proportion', a, b }, 0.05);
    const { construction, estimate, lower, upper } = unpairedDifferenceScoreInterval(a, b, 0.05);
    expect(construction).toBe('chan-zhang-exact');
    expect(score.interval).toEqual({ estimate, lower, upper });
    expect(score.method).toBe('exact-unpaired-chan-zhang-score');
    expect(score.construction).toMatch(/^Exact unpaired interval \(Chan–Zhang score inversion\)/);
    expect(score.interval.lower).toBeGreaterThan(0);
    const past = compare({ kind: 'unpaired-proportion', a: { correct: 490, total: 501 }, b: { correct: 400, total: SCORE_MAX_LABELS - 500 } }, 0.05);
    expect(past.method).toBe('exact-unpaired-buehler');
    expect(past.construction).toContain('Chan–Zhang’s score inversion is computed up to 1,000 examples in all; past that, this one.');
    // Its own test and the interval can disagree only at the edge (the ends are searched to 1.2e-4): the sentence says so.
    const disagree = { ...score, interval: { estimate: 0.3, lower: -0.00005, upper: 0.5 }, test: { ...score.test, p: 0.049 } };
    expect(testSentence(disagree)).toContain('right at the edge it and the test it inverts can disagree at δ = 0.05');
  });

  it('Buehler’s when asked (never wider than the union bound; here it excludes 0 and the union bound does not), the union bound when asked or past 20,000 examples, each named', () => {
    const buehler = compare({ kind: 'unpaired-proportion', a, b }, 0.05, 'tango', 'buehler');
    const union = compare({ kind: 'unpaired-proportion', a, b }, 0.05, 'tango', 'union');
    const { construction, ...expected } = differenceBuehlerInterval(a, b, 0.05);
    expect(construction).toBe('buehler');
    expect(buehler.interval).toEqual(expected);
    expect(buehler.method).toBe('exact-unpaired-buehler');
    expect(buehler.construction).toMatch(/^Exact unpaired interval \(Buehler\)/);
    expect(union.interval).toEqual(differenceInterval(a, b, 0.05));
    expect(union.method).toBe('exact-unpaired-union-bound');
    expect(union.test).toEqual({ p: differenceTest(a, b).pTwoSided, name: 'the test that inverts this interval', exact: false });
    expect(buehler.interval.lower).toBeGreaterThan(0);
    expect(union.interval.lower).toBeLessThan(0);
    expect(buehler.interval.upper).toBeLessThan(union.interval.upper);
    expect(comparisonSentence(buehler, names)).toMatch(/^Old is more accurate by 4\.\d to 54\.\d points \(95%, exact unpaired interval\)\.$/);
    const large = compare({ kind: 'unpaired-proportion', a: { correct: 9_000, total: 10_000 }, b: { correct: 8_900, total: 10_001 } }, 0.05);
    expect(large.method).toBe('exact-unpaired-union-bound');
    expect(large.construction).toContain('past that, this one');
  });

  it('gives the p-value of the test its interval inverts (Chan–Zhang’s: 2.2% where the union-bound test gives 30.8%); Buehler’s gives the union-bound test’s, named, and says why the two disagree', () => {
    const comparison = compare({ kind: 'unpaired-proportion', a, b }, 0.05);
    expect(comparison.test).toEqual({ p: unpairedDifferenceScoreTest(a, b).pTwoSided, name: 'Chan–Zhang’s exact unconditional score test, two-sided; the test this interval inverts', exact: false });
    expect(testSentence(comparison)).toBe('If they were equally accurate, a difference at least this large would happen at most 2.2% of the time (Chan–Zhang’s exact unconditional score test, two-sided; the test this interval inverts).');
    const buehler = compare({ kind: 'unpaired-proportion', a, b }, 0.05, 'tango', 'buehler');
    expect(buehler.test).toEqual({ p: differenceTest(a, b).pTwoSided, name: 'the union-bound test; conservative; not the test this interval inverts', exact: false });
    expect(buehler.test.p).toBeGreaterThan(0.05);
    expect(testSentence(buehler)).toContain('would happen at most 30.8% of the time (the union-bound test; conservative; not the test this interval inverts)');
    expect(testSentence(buehler)).toContain('That is above δ = 0.05, yet the interval excludes 0');
    // Not inside the union interval either: where the union test says p ≤ δ and Buehler's interval holds 0, the sentence says which to follow.
    const disagree = { ...buehler, interval: { estimate: 0.3, lower: -0.01, upper: 0.5 }, test: { ...buehler.test, p: 0.01 } };
    expect(testSentence(disagree)).toContain('That is at most δ = 0.05, yet the interval includes 0');
    // No evidence either way: no bare 1, no doubled article (Chan–Zhang's own test: 96.6%).
    expect(formatTestP(compare({ kind: 'unpaired-proportion', a: { correct: 10, total: 20 }, b: { correct: 11, total: 21 } }, 0.05))).toBe('96.6%');
    const level = compare({ kind: 'unpaired-proportion', a: { correct: 10, total: 20 }, b: { correct: 11, total: 21 } }, 0.05, 'tango', 'buehler');
    expect(formatTestP(level)).toBe('above 99.9%');
    expect(testSentence(level)).toMatch(/^The union-bound test; conservative; not the test this interval inverts gives no evidence/);
    const balanced = compare({ kind: 'unpaired-proportion', a: { correct: 10, total: 20 }, b: { correct: 10, total: 20 } }, 0.05);
    expect(formatTestP(balanced)).toBe('1 (the data are exactly balanced)');
  });

  it('the unpaired balanced difference is Buehler’s by default (narrower), its p the union test’s, named; the union bound past its limit, named', () => {
    const a = { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } };
    const b = { yes: { correct: 30, total: 40 }, no: { correct: 50, total: 60 } };
    const comparison = compare({ kind: 'unpaired-balanced', a, b }, 0.05);
    const { construction, ...interval } = balancedDifferenceBuehlerInterval(a, b, 0.05);
    expect(construction).toBe('buehler');
    expect(comparison.method).toBe('exact-unpaired-balanced-buehler');
    expect(comparison.interval).toEqual(interval);
    const union = balancedDifferenceInterval(a, b, 0.05);
    expect(interval.upper - interval.lower).toBeLessThan(union.upper - union.lower);
    expect(comparison.construction).toContain('Buehler’s construction at δ/2');
    expect(comparison.test).toEqual({ p: balancedDifferenceTest(a, b).pTwoSided, name: 'the union-bound test; conservative; not the test this interval inverts', exact: false });
    const large = { yes: { correct: 9_000, total: 10_000 }, no: { correct: 9_500, total: 10_001 } };
    const past = compare({ kind: 'unpaired-balanced', a: large, b: large }, 0.05);
    expect(past.method).toBe('exact-unpaired-balanced-union-bound');
    expect(past.construction).toContain('searched up to 20,000 examples a detector');
    // The interval can exclude 0 where the union test does not: the sentence says which to follow.
    const settled = compare({ kind: 'unpaired-balanced', a: { yes: { correct: 20, total: 20 }, no: { correct: 20, total: 20 } }, b: { yes: { correct: 13, total: 20 }, no: { correct: 13, total: 20 } } }, 0.05);
    expect(settled.interval.lower).toBeGreaterThan(0);
    expect(settled.test.p).toBeGreaterThan(0.05);
    expect(testSentence(settled)).toContain('That is above δ = 0.05, yet the interval excludes 0');
  });

  it('exports the construction in the CSV method column and the named test', () => {
    const [, row] = comparisonToCsv(compare({ kind: 'unpaired-proportion', a, b }, 0.05), names).trim().split('\r\n');
    expect(row).toMatch(/,accuracy_difference,.*,0\.95,0\.05,0\.021\d+,"Chan–Zhang’s exact unconditional score test, two-sided; the test this interval inverts",A 19\/20; B 13\/20,exact-unpaired-chan-zhang-score$/);
  });
});

describe('comparisonSentence', () => {
  it('names the better detector with outward-rounded ends, or says the results do not decide', () => {
    const bBetter = compare({ kind: 'paired-proportion', counts: { b: 4, c: 40, n: 500 } }, 0.05, 'union');
    const shown = formatDifferenceParts(bBetter.interval);
    expect(comparisonSentence(bBetter, names)).toBe(`New is more accurate by ${shown.upper.slice(1)} to ${shown.lower.slice(1)} points (95%, exact paired interval).`);
    const aBetter = compare({ kind: 'paired-proportion', counts: { b: 40, c: 4, n: 500 } }, 0.05, 'union');
    expect(comparisonSentence(aBetter, names)).toMatch(/^Old is more accurate by \d+\.\d to \d+\.\d points \(95%, exact paired interval\)\.$/);
    const undecided = compare({ kind: 'unpaired-proportion', a: { correct: 38, total: 40 }, b: { correct: 36, total: 40 } }, 0.01);
    expect(comparisonSentence(undecided, names)).toMatch(/^Old − New is between −\d+\.\d and \+\d+\.\d points \(99%, exact unpaired interval\): these results do not show which is more accurate\.$/);
    expect(testSentence(aBetter)).toBe(`If they were equally accurate, a difference at least this large would happen ${formatPValue(mcnemarExactTest({ b: 40, c: 4 }).pTwoSided)} of the time (exact McNemar test, two-sided).`);
  });

  it('says why McNemar’s p below δ and an interval holding 0 do not contradict each other', () => {
    // b = 15, c = 5: p ≈ 4.1% < 5%, but above 3δ/4, so the union-bound interval holds 0 (Tango's does not).
    const between = compare({ kind: 'paired-proportion', counts: { b: 15, c: 5, n: 200 } }, 0.05, 'union');
    expect(between.interval.lower).toBeLessThanOrEqual(0);
    expect(mcnemarExactTest({ b: 15, c: 5 }).pTwoSided).toBeLessThan(0.05);
    expect(testSentence(between)).toContain('That is below δ = 0.05, yet the interval still includes 0');
    expect(testSentence(between)).toContain('at most 3δ/4 = 0.0375');
  });
});

describe('comparisonToCsv', () => {
  it('writes unrounded numbers, δ, the counts and the method; per-class rows for paired balanced', () => {
    const tables = { yes: { b: 12, c: 3, n: 200 }, no: { b: 20, c: 8, n: 300 } };
    const comparison = compare({ kind: 'paired-balanced', tables }, 0.05, 'union');
    const lines = comparisonToCsv(comparison, { a: '=evil', b: 'B, "quoted"' }).replace(/^\uFEFF/, '').trim().split('\r\n');
    // Header, the difference, two per-class rows, then exact McNemar p and mid-p for YES, NO and all pairs.
    expect(lines).toHaveLength(10);
    expect(lines[4]).toContain(`,mcnemar_exact_p_yes,,,,0.95,0.05,${mcnemarExactTest({ b: 12, c: 3 }).pTwoSided},"exact McNemar test, two-sided (b=12 c=3)",`);
    expect(lines[5]).toContain('McNemar mid-p test, two-sided (b=12 c=3)');
    expect(lines[1]).toBe(
      [
        "'=evil",
        '"B, ""quoted"""',
        'balanced_accuracy_difference',
        comparison.interval.estimate,
        comparison.interval.lower,
        comparison.interval.upper,
        0.95,
        0.05,
        comparison.test!.p,
        'the test that inverts this interval',
        `"${countsText(comparison.input)}"`.replace(/^"(.*)"$/, '$1'),
        'exact-paired-balanced-union-bound',
      ].join(','),
    );
    expect(lines[2]).toMatch(/^'=evil,.*,yes_accuracy_difference_at_delta_2,/);
    // The per-class intervals are each at δ/2, and say so (they read 0.95 and 0.05).
    for (const line of lines.slice(2, 4)) expect(line).toContain(',0.975,0.025,');
  });
});
