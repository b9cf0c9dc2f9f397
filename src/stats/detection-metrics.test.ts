import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectionMetrics } from './detection-metrics';
import { EmptyClassError } from './empty-class-error';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import { f1Interval } from './f1-interval';
import { counts, expectScipyInterval, worstMetricCoverage } from './metric-coverage.test-util';
import { monotoneUnionInterval } from './monotone-union-interval';
import { negativePredictiveInterval } from './negative-predictive-interval';
import { precisionInterval } from './precision-interval';
import type { Pair } from './metric-coverage.test-util';
import type { Interval } from './types';

interface Row {
  yes: Pair;
  no: Pair;
  delta: number;
  recall: Pair;
  specificity: Pair;
  precision: Pair | null;
  npv: Pair | null;
  f1: Pair;
}
const FIXTURE = JSON.parse(readFileSync(new URL('./fixtures/deployment-metrics.json', import.meta.url), 'utf8')) as { provenance: string; rows: Row[] };

const matrixOf = (kYes: number, nYes: number, kNo: number, nNo: number) => ({ tp: kYes, fn: nYes - kYes, tn: kNo, fp: nNo - kNo });

describe('detection metrics against scipy (fixtures/deployment-metrics.json)', () => {
  it('the fixture says where it came from and holds the product case 38/40 + 55/60 at δ = 0.05', () => {
    expect(FIXTURE.provenance).toMatch(/scipy 1\.17/);
    expect(FIXTURE.provenance).toMatch(/binomtest\(k, n\)\.proportion_ci\(confidence_level, method='exact'\)/);
    expect(FIXTURE.rows.some((row) => row.yes.join('/') === '38/40' && row.no.join('/') === '55/60' && row.delta === 0.05)).toBe(true);
  });

  it.each(FIXTURE.rows.map((row, index) => [index, `${row.yes[0]}/${row.yes[1]} + ${row.no[0]}/${row.no[1]}, δ = ${row.delta}`, row] as const))(
    'row %i: %s',
    (_index, _label, row) => {
      const [tp, nYes] = row.yes;
      const [tn, nNo] = row.no;
      const [fn, fp] = [nYes - tp, nNo - tn];
      const metrics = detectionMetrics(counts(tp, nYes, tn, nNo), row.delta);
      expectScipyInterval(metrics.recall, row.recall, 'recall', tp / nYes);
      expectScipyInterval(metrics.specificity, row.specificity, 'specificity', tn / nNo);
      expectScipyInterval(metrics.precision, row.precision, 'precision', tp / (tp + fp));
      expectScipyInterval(metrics.npv, row.npv, 'npv', tn / (tn + fn));
      expectScipyInterval(metrics.f1, row.f1, 'f1', (2 * tp) / (2 * tp + fp + fn));
      expect([metrics.recall.method, metrics.specificity.method, metrics.f1.method]).toEqual(['exact-central', 'exact-central', 'exact-union-bound']);
      if (row.precision) expectScipyInterval(precisionInterval({ tp, fp }, row.delta), row.precision, 'precisionInterval', tp / (tp + fp));
      if (row.npv) expectScipyInterval(negativePredictiveInterval({ tn, fn }, row.delta), row.npv, 'negativePredictiveInterval', tn / (tn + fn));
      expectScipyInterval(f1Interval({ tp, fn, tn, fp }, row.delta), row.f1, 'f1Interval', (2 * tp) / (2 * tp + fp + fn));
    },
  );

  it('38/40 + 55/60 at δ = 0.05, as the counts view will show it', () => {
    const metrics = detectionMetrics(counts(38, 40, 55, 60), 0.05);
    expect(metrics.precision!.estimate).toBeCloseTo(38 / 43, 15);
    expect(metrics.precision!.lower).toBeCloseTo(0.7491675746543474, 12);
    expect(metrics.f1.lower).toBeCloseTo(0.7682507427925475, 12);
    expect(metrics.f1.upper).toBeCloseTo(0.9814358526918344, 12);
    expect(metrics.precision!.method).toBe('exact-central-given-answers');
  });
});

// ---------------------------------------------------------------- exact coverage with class totals fixed

const TOLERANCE = 1e-12;

/** F1 and precision at the test set's mix π₀ = n₊/(n₊ + n₋), with TPR a and FPR b = 1 − s. */
const precisionAt = (a: number, s: number, nYes: number, nNo: number) => (nYes * a) / (nYes * a + nNo * (1 - s));
const f1At = (a: number, s: number, nYes: number, nNo: number) => (2 * nYes * a) / (nYes * a + nYes + nNo * (1 - s));
const npvAt = (a: number, s: number, nYes: number, nNo: number) => (nNo * s) / (nNo * s + nYes * (1 - a));
const NO_CLAIM: Interval = { estimate: 0.5, lower: 0, upper: 1 };

describe('exact coverage ≥ 1 − δ, class totals fixed (k₊ ~ Bin(n₊, TPR), k₋ ~ Bin(n₋, TNR)): sizes 1..10 × 1..10, (20, 20), (3, 20), (20, 3); 30 × 30 grid + 16 extreme points + 14 points either side of each end’s level set', () => {
  for (const delta of [0.05, 0.01]) {
    it(`F1 (union bound), δ = ${delta}`, () => {
      const worst = worstMetricCoverage((kYes, nYes, kNo, nNo) => f1Interval(matrixOf(kYes, nYes, kNo, nNo), delta), f1At, true);
      console.log(`F1 δ = ${delta}: min coverage ${worst.coverage.toFixed(6)} at ${worst.where}`);
      expect(worst.coverage).toBeGreaterThanOrEqual(1 - delta - TOLERANCE);
    }, 120_000);

    it(`precision and NPV on the test set's mix (measured, not proved under this model), δ = ${delta}`, () => {
      const precision = worstMetricCoverage(
        (kYes, _nYes, kNo, nNo) => (kYes + nNo - kNo > 0 ? precisionInterval({ tp: kYes, fp: nNo - kNo }, delta) : NO_CLAIM),
        precisionAt,
        true,
      );
      const npv = worstMetricCoverage(
        (kYes, nYes, kNo, _nNo) => (kNo + nYes - kYes > 0 ? negativePredictiveInterval({ tn: kNo, fn: nYes - kYes }, delta) : NO_CLAIM),
        npvAt,
        true,
      );
      console.log(`precision δ = ${delta}: min coverage ${precision.coverage.toFixed(6)} at ${precision.where}; NPV ${npv.coverage.toFixed(6)} at ${npv.where}`);
      expect(precision.coverage).toBeGreaterThanOrEqual(1 - delta - TOLERANCE);
      expect(npv.coverage).toBeGreaterThanOrEqual(1 - delta - TOLERANCE);
    }, 120_000);
  }
});

// ---------------------------------------------------------------- properties

const confusion = fc
  .tuple(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 5_000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([nYes, nNo, u, v]) => matrixOf(Math.round(u * nYes), nYes, Math.round(v * nNo), nNo));
const level = fc.constantFrom(0.2, 0.1, 0.05, 0.01, 1e-4, 1e-9, 1e-300);

function ordered(interval: Interval | null) {
  if (interval === null) return;
  expect(0 <= interval.lower && interval.lower <= interval.estimate && interval.estimate <= interval.upper && interval.upper <= 1, JSON.stringify(interval)).toBe(true);
}

describe('properties (fast-check)', () => {
  it('every metric: 0 ≤ lower ≤ estimate ≤ upper ≤ 1; recall/specificity are the class accuracies; null exactly when there were no such answers', () => {
    fc.assert(
      fc.property(confusion, level, (m, delta) => {
        const metrics = detectionMetrics(counts(m.tp, m.tp + m.fn, m.tn, m.tn + m.fp), delta);
        for (const interval of [metrics.recall, metrics.specificity, metrics.precision, metrics.npv, metrics.f1]) ordered(interval);
        expect(metrics.recall.estimate).toBe(m.tp / (m.tp + m.fn));
        expect(metrics.specificity.estimate).toBe(m.tn / (m.tn + m.fp));
        expect(metrics.precision === null).toBe(m.tp + m.fp === 0);
        expect(metrics.npv === null).toBe(m.tn + m.fn === 0);
      }),
      { seed: 28, numRuns: 300 },
    );
  });

  it('F1 ends never fall when a miss becomes a hit or a false alarm a correct NO, and never rise in the opposite moves', () => {
    fc.assert(
      fc.property(confusion, level, (m, delta) => {
        const base = f1Interval(m, delta);
        if (m.fn > 0) {
          const better = f1Interval({ ...m, tp: m.tp + 1, fn: m.fn - 1 }, delta);
          expect(better.lower).toBeGreaterThanOrEqual(base.lower);
          expect(better.upper).toBeGreaterThanOrEqual(base.upper);
        }
        if (m.fp > 0) {
          const better = f1Interval({ ...m, tn: m.tn + 1, fp: m.fp - 1 }, delta);
          expect(better.lower).toBeGreaterThanOrEqual(base.lower);
          expect(better.upper).toBeGreaterThanOrEqual(base.upper);
        }
      }),
      { seed: 28, numRuns: 300 },
    );
  });

  it('precision ends rise with TP and fall with FP; every interval widens as δ shrinks (nested)', () => {
    fc.assert(
      fc.property(confusion, level, (m, delta) => {
        if (m.tp + m.fp > 0) {
          const base = precisionInterval(m, delta);
          const moreTp = precisionInterval({ tp: m.tp + 1, fp: m.fp }, delta);
          const moreFp = precisionInterval({ tp: m.tp, fp: m.fp + 1 }, delta);
          expect(moreTp.lower).toBeGreaterThanOrEqual(base.lower);
          expect(moreTp.upper).toBeGreaterThanOrEqual(base.upper);
          expect(moreFp.lower).toBeLessThanOrEqual(base.lower);
          expect(moreFp.upper).toBeLessThanOrEqual(base.upper);
        }
        const wide = detectionMetrics(counts(m.tp, m.tp + m.fn, m.tn, m.tn + m.fp), Math.max(delta / 10, 1e-300));
        const narrow = detectionMetrics(counts(m.tp, m.tp + m.fn, m.tn, m.tn + m.fp), delta);
        for (const key of ['recall', 'specificity', 'precision', 'npv', 'f1'] as const) {
          if (narrow[key] === null) continue;
          expect(wide[key]!.lower).toBeLessThanOrEqual(narrow[key]!.lower);
          expect(wide[key]!.upper).toBeGreaterThanOrEqual(narrow[key]!.upper);
        }
      }),
      { seed: 28, numRuns: 200 },
    );
  });

  it('F1 is the union bound over precision and recall at δ/4 (the construction, recomputed)', () => {
    fc.assert(
      fc.property(confusion, level, (m, delta) => {
        const answers = m.tp + m.fp;
        const examples = m.tp + m.fn;
        const [pLow, pHigh] = answers > 0 ? [exactLowerBound(answers, m.tp, delta / 4), exactUpperBound(answers, m.tp, delta / 4)] : [0, 1];
        const [rLow, rHigh] = [exactLowerBound(examples, m.tp, delta / 4), exactUpperBound(examples, m.tp, delta / 4)];
        const f1 = (p: number, r: number) => (p + r > 0 ? (2 * p * r) / (p + r) : 0);
        const interval = f1Interval(m, delta);
        expect(interval.lower).toBeCloseTo(Math.min(f1(pLow, rLow), interval.estimate), 14);
        expect(interval.upper).toBeCloseTo(Math.max(f1(pHigh, rHigh), interval.estimate), 14);
      }),
      { seed: 28, numRuns: 200 },
    );
  });
});

describe('monotoneUnionInterval: the union-bound argument, once', () => {
  const proportion = (n: number, k: number) => ({ estimate: k / n, bounds: (at: number) => [exactLowerBound(n, k, at), exactUpperBound(n, k, at)] as const });

  it('splits δ among the random ingredients only (2r one-sided bounds at δ/(2r)); a known range costs nothing', () => {
    const one = monotoneUnionInterval(([x]) => x!, [{ ...proportion(40, 38), direction: 1 }], 0.05);
    expect(one.lower).toBe(exactLowerBound(40, 38, 0.025));
    expect(one.upper).toBe(exactUpperBound(40, 38, 0.025));
    const withKnown = monotoneUnionInterval(([x, c]) => x! * c!, [{ ...proportion(40, 38), direction: 1 }, { estimate: 2, direction: 1, range: [1, 3] }], 0.05);
    expect(withKnown.lower).toBe(exactLowerBound(40, 38, 0.025) * 1);
    expect(withKnown.upper).toBe(exactUpperBound(40, 38, 0.025) * 3);
    const three = monotoneUnionInterval(
      ([x, y, z]) => x! + y! - z!,
      [{ ...proportion(40, 38), direction: 1 }, { ...proportion(60, 55), direction: 1 }, { ...proportion(10, 3), direction: -1 }],
      0.06,
    );
    expect(three.lower).toBe(exactLowerBound(40, 38, 0.01) + exactLowerBound(60, 55, 0.01) - exactUpperBound(10, 3, 0.01));
    expect(three.upper).toBe(exactUpperBound(40, 38, 0.01) + exactUpperBound(60, 55, 0.01) - exactLowerBound(10, 3, 0.01));
    expect(() => monotoneUnionInterval(([x]) => x!, [], 0)).toThrow('delta must be in (0, 1), got 0');
  });
});

describe('validation: a RangeError naming the argument', () => {
  it('precisionInterval / negativePredictiveInterval', () => {
    expect(() => precisionInterval({ tp: 0, fp: 0 }, 0.05)).toThrow(new RangeError('tp + fp = 0: with no YES answers, precision (0/0) has no estimate and no interval'));
    expect(() => negativePredictiveInterval({ tn: 0, fn: 0 }, 0.05)).toThrow(new RangeError('tn + fn = 0: with no NO answers, NPV (0/0) has no estimate and no interval'));
    expect(() => precisionInterval({ tp: 2.5, fp: 0 }, 0.05)).toThrow(new RangeError('tp must be a whole number, got 2.5'));
    expect(() => precisionInterval({ tp: 1, fp: -1 }, 0.05)).toThrow(new RangeError('fp must not be negative, got -1'));
    expect(() => precisionInterval({ tp: 2 ** 52, fp: 2 ** 52 }, 0.05)).toThrow(new RangeError(`tp + fp must be a whole number, got ${2 ** 53}`));
    expect(() => precisionInterval(null as never, 0.05)).toThrow(new RangeError('counts must be an object {tp, fp}, got null'));
    expect(() => negativePredictiveInterval({ tn: 3, fn: Number.NaN }, 0.05)).toThrow(new RangeError('fn must be a number, got NaN'));
    expect(() => precisionInterval({ tp: 3, fp: 1 }, 1)).toThrow(new RangeError('delta must be in (0, 1), got 1'));
  });

  it('f1Interval and detectionMetrics', () => {
    expect(() => f1Interval({ tp: 0, fn: 0, tn: 5, fp: 1 }, 0.05)).toThrow(EmptyClassError);
    expect(() => f1Interval({ tp: 0, fn: 0, tn: 5, fp: 1 }, 0.05)).toThrow('tp + fn = 0: a class with no examples has no accuracy and no interval');
    expect(() => f1Interval({ tp: 1, fn: 0, tn: 5, fp: -2 }, 0.05)).toThrow(new RangeError('fp must not be negative, got -2'));
    expect(() => f1Interval(undefined as never, 0.05)).toThrow(new RangeError('matrix must be an object {tp, fn, tn, fp}, got undefined'));
    expect(() => f1Interval({ tp: 1, fn: 0, tn: 5, fp: 2 }, 1e-301)).toThrow(new RangeError('delta must be in [1e-300, 1), got 1e-301'));
    expect(() => detectionMetrics(counts(41, 40, 5, 5), 0.05)).toThrow(new RangeError('yes.correct must be ≤ yes.total (40), got 41'));
    expect(() => detectionMetrics(counts(1, 1, 0, 0), 0.05)).toThrow(new EmptyClassError('no.total'));
    expect(() => detectionMetrics({ yes: { correct: 1, total: 1 } } as never, 0.05)).toThrow(new RangeError('no must be an object {correct, total}, got undefined'));
    expect(() => detectionMetrics([] as never, 0.05)).toThrow(new RangeError('counts must be an object {yes, no}, got an array'));
    expect(() => detectionMetrics(counts(1, 2 ** 52, 1, 2 ** 52), 0.05)).toThrow(/^counts must hold at most 9007199254740991 examples in all/);
    expect(() => detectionMetrics(counts(1, 1, 1, 1), Number.NaN)).toThrow(new RangeError('delta must be in (0, 1), got NaN'));
  });

  it('a detector that never answers YES (or NO) still has recall, specificity and F1', () => {
    const never = detectionMetrics(counts(0, 40, 960, 960), 0.05);
    expect(never.precision).toBeNull();
    expect(never.f1.estimate).toBe(0);
    expect(never.f1.lower).toBe(0);
    // P is unconstrained ([0, 1]) with no YES answers: upper = F1(1, R_U) = 2R_U/(1 + R_U).
    const recallHigh = exactUpperBound(40, 0, 0.0125);
    expect(never.f1.upper).toBeCloseTo((2 * recallHigh) / (1 + recallHigh), 15);
    const always = detectionMetrics(counts(40, 40, 0, 960), 0.05);
    expect(always.npv).toBeNull();
    expect(always.precision!.estimate).toBe(40 / 1000);
  });
});
