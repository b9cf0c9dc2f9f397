import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deploymentMetrics, type Deployment } from './deployment-metrics';
import { EmptyClassError } from './empty-class-error';
import { exactInterval } from './exact-interval';
import { counts, expectNearScipy, expectScipyInterval, worstMetricCoverage, type Pair } from './metric-coverage.test-util';
import type { DeploymentMetrics } from './metric-types';
import type { Interval } from './types';

interface Row {
  yes: Pair;
  no: Pair;
  delta: number;
  prevalence: number;
  volume: number;
  prevalenceRange: Pair | null;
  ppv: Pair | null;
  npvAtPrevalence: Pair | null;
  falseAlarms: Pair;
  missedEvents: Pair;
}
const FIXTURE = JSON.parse(readFileSync(new URL('./fixtures/deployment-metrics.json', import.meta.url), 'utf8')) as { provenance: string; rows: Row[] };

const at = (prevalence: number, volume = 10_000, prevalenceRange?: Pair): Deployment => (prevalenceRange ? { prevalence, volume, prevalenceRange } : { prevalence, volume });

describe('deploymentMetrics against scipy (fixtures/deployment-metrics.json)', () => {
  it.each(
    FIXTURE.rows.map(
      (row, index) => [index, `${row.yes.join('/')} + ${row.no.join('/')}, δ = ${row.delta}, π = ${row.prevalence}${row.prevalenceRange ? ` in [${row.prevalenceRange.join(', ')}]` : ''}, V = ${row.volume}`, row] as const,
    ),
  )('row %i: %s', (_index, _label, row) => {
    const [tp, nYes] = row.yes;
    const [tn, nNo] = row.no;
    const [fn, fp] = [nYes - tp, nNo - tn];
    const result = deploymentMetrics(counts(tp, nYes, tn, nNo), at(row.prevalence, row.volume, row.prevalenceRange ?? undefined), row.delta);
    expectScipyInterval(result.ppv, row.ppv, 'ppv');
    expectScipyInterval(result.npv, row.npvAtPrevalence, 'npv');
    expectScipyInterval(result.falseAlarms, row.falseAlarms, 'falseAlarms');
    expectScipyInterval(result.missedEvents, row.missedEvents, 'missedEvents');
    const π = row.prevalence;
    const [tpr, fpr, tnr, fnr] = [tp / nYes, fp / nNo, tn / nNo, fn / nYes];
    if (result.ppv) expectNearScipy(result.ppv.estimate, (π * tpr) / (π * tpr + (1 - π) * fpr), 'ppv.estimate');
    if (result.npv) expectNearScipy(result.npv.estimate, ((1 - π) * tnr) / ((1 - π) * tnr + π * fnr), 'npv.estimate');
    expectNearScipy(result.falseAlarms.estimate, row.volume * (1 - π) * fpr, 'falseAlarms.estimate');
    expectNearScipy(result.missedEvents.estimate, row.volume * π * fnr, 'missedEvents.estimate');
    expect(result.prevalenceRange).toEqual(row.prevalenceRange ?? [π, π]);
    expect([result.ppv?.method, result.falseAlarms.method]).toEqual([result.ppv ? 'exact-union-bound' : undefined, 'exact-central']);
  });

  it('#/counts?yes=38/40&no=55/60&prevalence=0.02&volume=10000 (δ = 0.05): the numbers the panel will show', () => {
    const result = deploymentMetrics(counts(38, 40, 55, 60), at(0.02, 10_000), 0.05);
    const row = FIXTURE.rows.find((r) => r.yes.join('/') === '38/40' && r.no.join('/') === '55/60' && r.delta === 0.05 && r.prevalenceRange === null && r.prevalence === 0.02 && r.volume === 10_000);
    expect(row).toBeDefined();
    // 271–1,802 false alarms a day, 7.7–46.8% of alarms real, 1.2–33.8 missed events a day.
    expect(result.falseAlarms.lower).toBeCloseTo(270.61044130679, 8);
    expect(result.falseAlarms.upper).toBeCloseTo(1801.80627709054, 8);
    expect(result.ppv!.lower).toBeCloseTo(0.0767515503599959, 12);
    expect(result.ppv!.upper).toBeCloseTo(0.4682690555251965, 12);
    expect(result.missedEvents.lower).toBeCloseTo(1.22272931987, 9);
    expect(result.missedEvents.upper).toBeCloseTo(33.8393727918835, 9);
    expect(result.falseAlarms.estimate).toBeCloseTo(816.6666666666666, 9);
    expect(result.ppv!.estimate).toBeCloseTo(0.18874172185430463, 14);
  });
});

// ---------------------------------------------------------------- exact coverage (class totals fixed: k₊ ~ Bin(n₊, TPR), k₋ ~ Bin(n₋, TNR))

const TOLERANCE = 1e-12;
const NO_CLAIM: Interval = { estimate: 0.5, lower: 0, upper: 1 };

type Key = 'ppv' | 'npv' | 'falseAlarms' | 'missedEvents';
/** True value of each quantity at TPR a, TNR s, prevalence π, volume V. */
const TRUTH: Record<Key, (a: number, s: number, π: number, volume: number) => number> = {
  ppv: (a, s, π) => (π * a) / (π * a + (1 - π) * (1 - s)),
  npv: (a, s, π) => ((1 - π) * s) / ((1 - π) * s + π * (1 - a)),
  falseAlarms: (_a, s, π, volume) => volume * (1 - π) * (1 - s),
  missedEvents: (a, _s, π, volume) => volume * π * (1 - a),
};

/** Lowest coverage of `key` over every size and point when the true prevalence is each of `truePrevalences` (all in the deployment's range). */
function worstCoverage(key: Key, deployment: Deployment, truePrevalences: number[], delta: number) {
  let worst = { coverage: 2, where: '' };
  const cache = new Map<string, Interval>();
  const table = (kYes: number, nYes: number, kNo: number, nNo: number) => {
    const id = `${kYes}/${nYes} ${kNo}/${nNo}`;
    if (!cache.has(id)) cache.set(id, deploymentMetrics(counts(kYes, nYes, kNo, nNo), deployment, delta)[key] ?? NO_CLAIM);
    return cache.get(id)!;
  };
  for (const π of truePrevalences) {
    // PPV(π) and NPV(π) (the union bounds) also at the points just outside every end.
    const found = worstMetricCoverage(table, (a, s) => TRUTH[key](a, s, π, deployment.volume), key === 'ppv' || key === 'npv');
    if (found.coverage < worst.coverage) worst = { coverage: found.coverage, where: `${found.where}, π = ${π}` };
  }
  return worst;
}

describe('exact coverage ≥ 1 − δ: class sizes 1..10 × 1..10, (20, 20), (3, 20), (20, 3); 30 × 30 grid of (TPR, TNR) + 16 extreme points (+ 14 points either side of each end’s level set for PPV(π) and NPV(π))', () => {
  const cases: { label: string; deployment: Deployment; truths: number[] }[] = [
    { label: 'π = 0.02', deployment: at(0.02, 1000), truths: [0.02] },
    { label: 'π = 0.5', deployment: at(0.5, 1000), truths: [0.5] },
    { label: 'π ∈ [0.01, 0.05] (true π at either end or inside)', deployment: at(0.02, 1000, [0.01, 0.05]), truths: [0.01, 0.02, 0.05] },
  ];
  for (const delta of [0.05, 0.01]) {
    for (const { label, deployment, truths } of cases) {
      it(`PPV(π), NPV(π), false alarms and missed events a day; ${label}, δ = ${delta}`, () => {
        const report: string[] = [];
        for (const key of ['ppv', 'npv', 'falseAlarms', 'missedEvents'] as const) {
          const worst = worstCoverage(key, deployment, truths, delta);
          report.push(`${key} ${worst.coverage.toFixed(6)} at ${worst.where}`);
          expect(worst.coverage, `${key}: ${worst.where}`).toBeGreaterThanOrEqual(1 - delta - TOLERANCE);
        }
        console.log(`deployment ${label}, δ = ${delta}: min coverage ${report.join('; ')}`);
      }, 120_000);
    }
  }

  it('a true prevalence outside the range given is not covered: the range is what makes the worst case hold', () => {
    // 38/40 + 55/60 at a TPR/TNR inside both class intervals: PPV at π = 0.2 lies above the interval for [0.01, 0.05].
    const result = deploymentMetrics(counts(38, 40, 55, 60), at(0.02, 1000, [0.01, 0.05]), 0.05);
    expect(TRUTH.ppv(0.95, 55 / 60, 0.2, 1000)).toBeGreaterThan(result.ppv!.upper);
  });
});

// ---------------------------------------------------------------- properties

const detector = fc
  .tuple(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 5_000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([nYes, nNo, u, v]) => counts(Math.round(u * nYes), nYes, Math.round(v * nNo), nNo));
const prevalence = fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true });
const volume = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e9, noNaN: true }));
const level = fc.constantFrom(0.2, 0.1, 0.05, 0.01, 1e-4, 1e-9, 1e-300);

function checkOrdered(result: DeploymentMetrics) {
  for (const key of ['ppv', 'npv'] as const) {
    const value = result[key];
    if (value) expect(0 <= value.lower && value.lower <= value.estimate && value.estimate <= value.upper && value.upper <= 1, `${key} ${JSON.stringify(value)}`).toBe(true);
  }
  for (const key of ['falseAlarms', 'missedEvents'] as const) {
    const value = result[key];
    expect(0 <= value.lower && value.lower <= value.estimate && value.estimate <= value.upper && value.upper <= result.volume, `${key} ${JSON.stringify(value)}`).toBe(true);
  }
}

describe('properties (fast-check)', () => {
  it('0 ≤ lower ≤ estimate ≤ upper (≤ 1 for the shares, ≤ V for the counts a day); null exactly with no YES (NO) answers', () => {
    fc.assert(
      fc.property(detector, prevalence, volume, level, (c, π, v, delta) => {
        const result = deploymentMetrics(c, at(π, v), delta);
        checkOrdered(result);
        expect(result.ppv === null).toBe(c.yes.correct + c.no.total - c.no.correct === 0);
        expect(result.npv === null).toBe(c.no.correct + c.yes.total - c.yes.correct === 0);
      }),
      { seed: 28, numRuns: 300 },
    );
  });

  it('the counts a day are the class central interval at δ times V·(1 − π) or V·π', () => {
    fc.assert(
      fc.property(detector, prevalence, volume, level, (c, π, v, delta) => {
        const result = deploymentMetrics(c, at(π, v), delta);
        const fpr = exactInterval(c.no.total, c.no.total - c.no.correct, delta);
        const fnr = exactInterval(c.yes.total, c.yes.total - c.yes.correct, delta);
        expect(result.falseAlarms.lower).toBe(Math.min(v * (1 - π) * fpr.lower, result.falseAlarms.estimate));
        expect(result.falseAlarms.upper).toBe(Math.max(v * (1 - π) * fpr.upper, result.falseAlarms.estimate));
        expect(result.missedEvents.lower).toBe(Math.min(v * π * fnr.lower, result.missedEvents.estimate));
        expect(result.missedEvents.upper).toBe(Math.max(v * π * fnr.upper, result.missedEvents.estimate));
      }),
      { seed: 28, numRuns: 200 },
    );
  });

  it('monotone: PPV(π) and missed events rise with π, NPV(π) and false alarms fall; PPV rises with TP and falls with FP', () => {
    fc.assert(
      fc.property(detector, prevalence, prevalence, level, (c, p, q, delta) => {
        const [low, high] = p <= q ? [p, q] : [q, p];
        const a = deploymentMetrics(c, at(low), delta);
        const b = deploymentMetrics(c, at(high), delta);
        for (const end of ['lower', 'upper'] as const) {
          if (a.ppv) expect(b.ppv![end]).toBeGreaterThanOrEqual(a.ppv[end]);
          if (a.npv) expect(b.npv![end]).toBeLessThanOrEqual(a.npv[end]);
          expect(b.missedEvents[end]).toBeGreaterThanOrEqual(a.missedEvents[end] * (1 - 1e-15));
          expect(b.falseAlarms[end]).toBeLessThanOrEqual(a.falseAlarms[end] * (1 + 1e-15));
        }
        if (c.yes.correct < c.yes.total && a.ppv) {
          const moreTp = deploymentMetrics({ ...c, yes: { ...c.yes, correct: c.yes.correct + 1 } }, at(low), delta);
          expect(moreTp.ppv!.lower).toBeGreaterThanOrEqual(a.ppv.lower);
          expect(moreTp.ppv!.upper).toBeGreaterThanOrEqual(a.ppv.upper);
        }
        if (c.no.correct > 0) {
          const moreFp = deploymentMetrics({ ...c, no: { ...c.no, correct: c.no.correct - 1 } }, at(low), delta);
          if (a.ppv) {
            expect(moreFp.ppv!.lower).toBeLessThanOrEqual(a.ppv.lower);
            expect(moreFp.ppv!.upper).toBeLessThanOrEqual(a.ppv.upper);
          }
          expect(moreFp.falseAlarms.lower).toBeGreaterThanOrEqual(a.falseAlarms.lower);
        }
      }),
      { seed: 28, numRuns: 200 },
    );
  });

  it('a prevalence range gives the worst case over it: its interval holds the point intervals at both ends and inside, and is their hull', () => {
    fc.assert(
      fc.property(detector, prevalence, prevalence, fc.double({ min: 0, max: 1, noNaN: true }), level, (c, p, q, t, delta) => {
        const [low, high] = p <= q ? [p, q] : [q, p];
        const inside = Math.min(high, Math.max(low, low + t * (high - low)));
        const range = deploymentMetrics(c, at(inside, 1000, [low, high]), delta);
        checkOrdered(range);
        const points = [low, inside, high].map((π) => deploymentMetrics(c, at(π, 1000), delta));
        for (const key of ['ppv', 'npv', 'falseAlarms', 'missedEvents'] as const) {
          const whole = range[key];
          if (!whole) continue;
          for (const point of points) {
            expect(whole.lower).toBeLessThanOrEqual(point[key]!.lower * (1 + 1e-15));
            expect(whole.upper).toBeGreaterThanOrEqual(point[key]!.upper * (1 - 1e-15));
          }
          expect(whole.estimate).toBe(points[1]![key]!.estimate);
          const lows = points.map((point) => point[key]!.lower);
          const highs = points.map((point) => point[key]!.upper);
          expect(whole.lower).toBeCloseTo(Math.min(...lows), 12);
          expect(whole.upper).toBeCloseTo(Math.max(...highs), 12);
        }
      }),
      { seed: 28, numRuns: 200 },
    );
  });

  it('nested in δ: a smaller δ never gives a narrower interval', () => {
    fc.assert(
      fc.property(detector, prevalence, level, (c, π, delta) => {
        const narrow = deploymentMetrics(c, at(π), delta);
        const wide = deploymentMetrics(c, at(π), Math.max(delta / 10, 1e-300));
        for (const key of ['ppv', 'npv', 'falseAlarms', 'missedEvents'] as const) {
          if (!narrow[key]) continue;
          expect(wide[key]!.lower).toBeLessThanOrEqual(narrow[key]!.lower);
          expect(wide[key]!.upper).toBeGreaterThanOrEqual(narrow[key]!.upper);
        }
      }),
      { seed: 28, numRuns: 200 },
    );
  });

  it('any bad argument: a RangeError whose message begins with the argument', () => {
    const junk = fc.constantFrom<unknown>(0, 1, -0.5, 1.5, Number.NaN, Infinity, -Infinity, null, undefined, '0.1', [], {}, [0.1], [0.5, 0.1], [0, 0.5], [0.1, 1]);
    fc.assert(
      fc.property(
        fc.record({ prevalence: fc.oneof(prevalence, junk), volume: fc.oneof(volume, junk), prevalenceRange: fc.oneof(fc.constant(undefined), junk) }),
        fc.oneof(level, junk),
        (deployment, delta) => {
          try {
            checkOrdered(deploymentMetrics(counts(38, 40, 55, 60), deployment as Deployment, delta as number));
          } catch (error) {
            expect(error).toBeInstanceOf(RangeError);
            expect((error as Error).message).toMatch(/^(prevalence|volume|prevalenceRange|delta)[ [=]/);
          }
        },
      ),
      { seed: 28, numRuns: 500 },
    );
  });
});

describe('validation messages', () => {
  const c = counts(38, 40, 55, 60);
  it.each([
    [at(0), 'prevalence must be in (0, 1), got 0'],
    [at(1), 'prevalence must be in (0, 1), got 1'],
    [{ volume: 10 } as Deployment, 'prevalence must be in (0, 1), got undefined'],
    [at(0.02, -1), 'volume must be a finite number ≥ 0, got -1'],
    [at(0.02, Infinity), 'volume must be a finite number ≥ 0, got Infinity'],
    [at(0.02, Number.NaN), 'volume must be a finite number ≥ 0, got NaN'],
    [{ prevalence: 0.02, volume: 1, prevalenceRange: 0.05 } as unknown as Deployment, 'prevalenceRange must be an array [low, high], got 0.05'],
    [{ prevalence: 0.02, volume: 1, prevalenceRange: [0.01] } as unknown as Deployment, 'prevalenceRange must be an array [low, high], got an array of 1'],
    [at(0.02, 1, [0, 0.05]), 'prevalenceRange[0] must be in (0, 1), got 0'],
    [at(0.02, 1, [0.01, 1]), 'prevalenceRange[1] must be in (0, 1), got 1'],
    [at(0.02, 1, [0.05, 0.01]), 'prevalenceRange must be ordered (low ≤ high), got [0.05, 0.01]'],
    [at(0.2, 1, [0.01, 0.05]), 'prevalence must lie in prevalenceRange [0.01, 0.05], got 0.2'],
    [null as unknown as Deployment, 'deployment must be an object {prevalence, volume, prevalenceRange?}, got null'],
  ])('%j → %s', (deployment, message) => {
    expect(() => deploymentMetrics(c, deployment, 0.05)).toThrow(new RangeError(message));
  });

  it('counts and δ', () => {
    expect(() => deploymentMetrics(counts(41, 40, 55, 60), at(0.02), 0.05)).toThrow(new RangeError('yes.correct must be ≤ yes.total (40), got 41'));
    expect(() => deploymentMetrics(counts(1, 1, 0, 0), at(0.02), 0.05)).toThrow(new EmptyClassError('no.total'));
    expect(() => deploymentMetrics(undefined as never, at(0.02), 0.05)).toThrow(new RangeError('counts must be an object {yes, no}, got undefined'));
    expect(() => deploymentMetrics(c, at(0.02), 0)).toThrow(new RangeError('delta must be in (0, 1), got 0'));
  });
});
