import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assertDelta,
  balancedInterval,
  balancedIntervalMulti,
  betaCdf,
  betaPdf,
  betaQuantile,
  betaSf,
  binomialCdf,
  binomialPmf,
  binomialSf,
  coverageCurve,
  exactCoverage,
  exactInterval,
  exactUpperBound,
  jeffreysInterval,
  labelsToClearLowerBound,
  labelsToReachWidth,
  posteriorAccuracy,
  posteriorBalancedAccuracy,
  projectBalancedInterval,
  proportionInterval,
  proportionIntervalTable,
  wilsonInterval,
  agrestiCoullInterval,
  balancedCoverageGrid,
  type ProportionMethod,
} from './index';

// Regressions for the fuzzing campaign's findings, one block per finding.
const SEED = 20_250_602;
const METHODS: ProportionMethod[] = ['clopper_pearson', 'wilson', 'agresti_coull', 'jeffreys', 'wald'];

function elapsed(call: () => unknown): number {
  const start = performance.now();
  call();
  return performance.now() - start;
}

describe('1. a value the maths cannot use is a RangeError naming the argument', () => {
  it('objects that are not objects', () => {
    expect(() => balancedInterval(undefined as never, 0.05)).toThrow(new RangeError('counts must be an object {yes, no}, got undefined'));
    expect(() => balancedInterval({ yes: null, no: { correct: 1, total: 2 } } as never, 0.05)).toThrow(/^yes must be an object \{correct, total\}, got null$/);
    expect(() => coverageCurve('wald', 82, 0.001, {} as never)).toThrow(/^ps must be an array/);
    expect(() => coverageCurve('wald', 82, 0.001, [0.5], {} as never)).toThrow(/^table must/);
    expect(() => labelsToClearLowerBound(null as never, 0.5)).toThrow(/^assumptions must be an object/);
    expect(() => labelsToClearLowerBound({ current: 5, delta: 0.05 } as never, 0.5)).toThrow(/^current must be an object/);
    expect(() => posteriorAccuracy(0 as never)).toThrow(/^matrix must be an object \{tp, fn, tn, fp\}, got 0$/);
    expect(() => balancedCoverageGrid(10, 10, 0.05, [0.5], 1e9 as never)).toThrow(/^pNoValues must be an array/);
  });

  it('the planner names the caller’s argument, not an internal field, when counts would pass 2^53 − 1', () => {
    const current = { yes: { correct: 0, total: 296 }, no: { correct: 0, total: 9007199254740991 } };
    expect(() => projectBalancedInterval({ current, noAccuracy: 0.5, delta: 0.05 }, 285)).toThrow(/^additionalLabels must be at most 0 here/);
    expect(() => labelsToClearLowerBound({ current, noAccuracy: 0.5, delta: 0.05 }, 0.5)).toThrow(/^current\.no\.total must be ≤ 10000000 to plan labels/);
    expect(() => labelsToReachWidth({ current: { yes: { correct: 1, total: 2 }, no: { correct: 1, total: 2 } }, delta: 0.05, maxAdditionalLabels: 2e12 }, 0.1)).toThrow(
      /^maxAdditionalLabels must be at most 1000000000000, got 2000000000000$/,
    );
  });
});

describe('2. δ the maths cannot use', () => {
  it('δ below 1e-300 is refused naming delta (δ/4 of 5e-324 is 0)', () => {
    expect(() => assertDelta(5e-324)).toThrow(new RangeError('delta must be in [1e-300, 1), got 5e-324'));
    expect(() => exactInterval(10, 3, 5e-324)).toThrow(/^delta must be in \[1e-300, 1\), got 5e-324$/);
    expect(() => wilsonInterval(10, 3, 1e-310)).toThrow(/^delta must be in \[1e-300, 1\)/);
    expect(() => posteriorAccuracy({ tp: 1, fn: 1, tn: 1, fp: 1 }).interval(1e-320)).toThrow(/^alpha must be in \[1e-300, 1\)/);
    // At the smallest accepted δ every method still answers with numbers.
    for (const method of METHODS) {
      const { lower, upper } = proportionInterval(method, 100, 37, 1e-300);
      expect(Number.isFinite(lower) && Number.isFinite(upper) && lower <= upper).toBe(true);
    }
    expect(balancedInterval({ yes: { correct: 3, total: 9 }, no: { correct: 9, total: 9 } }, 1e-300).lower).toBeGreaterThan(0);
  });

  it('δ = 1 − 1e-16: bounds never cross', () => {
    const delta = 1 - 1e-16;
    for (const [n, k] of [[612_567, 300], [1e9, 129], [10, 3], [1, 1]] as const) {
      for (const method of METHODS) {
        const { lower, upper, estimate } = proportionInterval(method, n, k, delta);
        expect(lower).toBeLessThanOrEqual(upper);
        if (method !== 'jeffreys') expect(lower <= estimate && estimate <= upper).toBe(true);
      }
    }
    const posterior = posteriorBalancedAccuracy({ tp: 14, fn: 27, tn: 3, fp: 22 }).interval(delta);
    expect(posterior.lower).toBeLessThanOrEqual(posterior.upper);
  });

  it('exactUpperBound is non-decreasing in k at every accepted δ, down to the smallest normal double (fast-check)', () => {
    const delta = fc.oneof(fc.double({ min: 1e-300, max: 1e-200, noNaN: true }), fc.constantFrom(2.2250738585072014e-308, 1e-305, 1e-300, 2e-300, 0.999999, 1 - 1e-16), fc.double({ min: 1e-12, max: 0.999, noNaN: true }));
    const counts = fc.integer({ min: 1, max: 1e6 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n - 1 })));
    fc.assert(
      fc.property(counts, delta, ([n, k], d) => exactUpperBound(n, k, d) <= exactUpperBound(n, k + 1, d)),
      { seed: SEED, numRuns: 3000 },
    );
  });
});

describe('3. bounded work', () => {
  it('exactCoverage is fast at any n up to 10¹² and equals the sum over k', () => {
    let value = 0;
    expect(elapsed(() => (value = exactCoverage('jeffreys', 612_567, 0.1763, 0.9957)))).toBeLessThan(1000);
    expect(value).toBeGreaterThanOrEqual(0);
    expect(elapsed(() => exactCoverage('clopper_pearson', 1e6, 0.3, 0.05))).toBeLessThan(1000);
    expect(() => exactCoverage('wald', 1e13, 0.3, 0.05)).toThrow(/^n must be ≤ 1000000000000 for exact coverage, got 10000000000000$/);
    fc.assert(
      fc.property(fc.constantFrom(...METHODS), fc.integer({ min: 1, max: 120 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 1e-9, max: 0.999, noNaN: true }), (method, n, p, delta) => {
        let sum = 0;
        for (let k = 0; k <= n; k++) {
          const { lower, upper } = proportionInterval(method, n, k, delta);
          if (lower <= p && p <= upper) sum += binomialPmf(k, n, p);
        }
        return Math.abs(exactCoverage(method, n, p, delta) - sum) <= 1e-13;
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('tables and grids have documented ceilings that name the argument', () => {
    expect(() => proportionIntervalTable('wald', 14_915_459_114, 1e-15)).toThrow(/^n must be ≤ 10000 for a table of every outcome, got 14915459114$/);
    expect(() => coverageCurve('wald', 20_000, 0.05, [0.5])).toThrow(/^n must be ≤ 10000/);
    expect(() => balancedCoverageGrid(10, 20_000, 0.05, [0.5], [0.5])).toThrow(/^nNo must be ≤ 10000, got 20000$/);
    expect(elapsed(() => proportionIntervalTable('jeffreys', 10_000, 0.9999))).toBeLessThan(2000);
  });

  it('the planner stops within its work bound and says how far it proved', () => {
    const assumptions = { current: { yes: { correct: 66, total: 71 }, no: { correct: 68, total: 73 } }, delta: 0.8349954327568412, yesAccuracy: 0.8503756516147405 };
    let plan = labelsToReachWidth(assumptions, 0.00015698459885605883);
    expect(elapsed(() => (plan = labelsToReachWidth(assumptions, 0.00015698459885605883)))).toBeLessThan(2000);
    expect(plan.status).toBe('beyond-limit');
    const searched = plan.assumptions.maxAdditionalLabels;
    expect(plan.reason).toContain(`Not reached within ${searched} additional labels`);
    for (const additional of [0, Math.floor(searched / 2), searched]) {
      const { interval } = projectBalancedInterval(assumptions, additional);
      expect(interval!.upper - interval!.lower).toBeGreaterThan(0.00015698459885605883);
    }
    const detector = { current: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, delta: 0.05 };
    expect(elapsed(() => (plan = labelsToReachWidth(detector, 0.0001)))).toBeLessThan(2000);
    expect(plan.status).toBe('beyond-limit');
    expect(plan.reason).toMatch(/past 10000000 labels, the planner's cap/);
  });
});

describe('4. results stay in [0, 1] with lower ≤ estimate ≤ upper', () => {
  it('the reported cases', () => {
    expect(posteriorBalancedAccuracy({ tp: 108, fn: 0, tn: 162, fp: 15 }).interval(1.29e-226).upper).toBeLessThanOrEqual(1);
    expect(posteriorBalancedAccuracy({ tp: 14, fn: 27, tn: 0, fp: 22 }).interval(4.17e-236).lower).toBeGreaterThanOrEqual(0);
    expect(wilsonInterval(247_389_019_519_232, 247_389_019_519_232, 0.869).lower).toBeLessThanOrEqual(1);
    const huge = agrestiCoullInterval(247_389_019_519_232, 247_389_019_519_231, 0.869);
    expect(huge.lower <= huge.estimate && huge.estimate <= huge.upper).toBe(true);
  });

  it('jeffreysInterval never crosses near δ = 1', () => {
    const { lower, upper } = jeffreysInterval(612_567, 300, 0.9999999999999999);
    expect(lower).toBeLessThanOrEqual(upper);
  });
});

describe('5. beta functions at small shapes: the small tail to full relative precision, never 1 minus the other', () => {
  it('refuses subnormal and oversized shapes naming the argument', () => {
    expect(() => betaCdf(0.0373, 5e-324, 78)).toThrow(/^a must be ≥ 1e-300 .*got 5e-324$/);
    expect(() => betaCdf(0.715, 1e-10, 1e-310)).toThrow(/^b must be ≥ 1e-300/);
    expect(() => betaSf(0.5, 2, 1e300)).toThrow(/^b must be ≤ 2\^53/);
  });

  it('closed forms, shapes from 1e-300 to 0.3, the small tail to 1e-13 relative: I_x(a, 1) = xᵃ, 1 − I_x(1, b) = (1 − x)ᵇ', () => {
    // Below 0.01 the small tail used to be 1 − the other tail (off by up to 1.6e-10, then refused).
    for (const shape of [1e-300, 1e-100, 1e-10, 1e-5, 0.001, 0.005, 0.0099, 0.01, 0.013, 0.05, 0.3]) {
      for (const x of [1e-300, 1e-12, 1e-6, 0.01, 0.3, 0.7, 0.999, 1 - 1e-12]) {
        // Beta(a, 1): the lower tail xᵃ is large, the upper 1 − xᵃ = −expm1(a ln x) small when a ln x is.
        const upper = -Math.expm1(shape * Math.log(x));
        expect(Math.abs(betaSf(x, shape, 1) / upper - 1)).toBeLessThanOrEqual(1e-13);
        expect(Math.abs(betaCdf(x, shape, 1) / Math.exp(shape * Math.log(x)) - 1)).toBeLessThanOrEqual(1e-13);
        // Beta(1, b): 1 − I_x(1, b) = (1 − x)ᵇ, I_x(1, b) = −expm1(b ln(1 − x)) (0 at x = 1e-300: below the doubles).
        expect(Math.abs(betaSf(x, 1, shape) / Math.exp(shape * Math.log1p(-x)) - 1)).toBeLessThanOrEqual(1e-13);
        const lower = -Math.expm1(shape * Math.log1p(-x));
        if (lower > 0) expect(Math.abs(betaCdf(x, 1, shape) / lower - 1)).toBeLessThanOrEqual(1e-13);
      }
    }
  });

  it('matches 40-digit values (mpmath betainc, computed for this file) at shapes below 0.01', () => {
    for (const [x, a, b, expected] of [
      [0.5, 0.001, 1, '0.0006929070095474780920397'],
      [0.5, 0.001, 2, '0.0001932534630522518206846'],
      [0.3, 0.005, 3, '0.001299051120164884748964'],
      [1e-06, 0.002, 0.5, '0.02993970369397028120978'],
      [0.9, 0.0001, 0.3, '0.0001711015894188280210121'],
      [1e-12, 1e-05, 5, '0.0002554443175493392634525'],
      [0.01, 0.009, 100, '0.001992393450820071579376'],
      [0.2, 1e-08, 1.5, '1.098416564915475212163e-8'],
      [0.001, 0.005, 1000, '0.001102520124476473400673'],
      [0.7, 0.5, 0.5, '0.3690101195655454136023'],
      [0.05, 0.0099, 20, '0.002191321392344565480121'],
      [1e-300, 0.001, 2, '0.4983115791391004499045'],
    ] as const) {
      expect(Math.abs(betaSf(x, a, b) / Number(expected) - 1)).toBeLessThanOrEqual(1e-13);
      // The mirror image: the same tail as the lower tail of Beta(b, a) at 1 − x.
      if (x >= 0.5) expect(Math.abs(betaCdf(1 - x, b, a) / Number(expected) - 1)).toBeLessThanOrEqual(1e-13);
    }
  });

  it('betaQuantile inverts betaCdf for shapes from 1e-10 up (fast-check)', () => {
    const shape = fc.oneof(fc.double({ min: 1e-10, max: 0.01, noNaN: true }), fc.double({ min: 0.01, max: 1, noNaN: true }), fc.double({ min: 1, max: 1e4, noNaN: true }));
    fc.assert(
      fc.property(fc.double({ min: 1e-12, max: 1 - 1e-12, noNaN: true }), shape, shape, (q, a, b) => {
        const x = betaQuantile(q, a, b);
        if (x <= 1e-300 || x >= 1 - 1e-15) return true; // the answer is at the end of the doubles
        const tail = q <= 0.5 ? betaCdf(x, a, b) : betaSf(x, a, b);
        // x is a double: one ulp of x moves the tail by x·pdf(x)·ε, so allow a few of those.
        const tolerance = 1e-9 + (8 * Number.EPSILON * x * betaPdf(x, a, b)) / tail;
        return Math.abs(tail / (q <= 0.5 ? q : 1 - q) - 1) <= tolerance;
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});

describe('6. binomial tails at the centre of huge n (the continued fraction drifted near its convergence boundary)', () => {
  it('F((n − 1)/2; n, ½) = ½ to 2e-15 up to n = 10¹⁴ + 1 (was off by 4e-12 at 10⁹ + 1, 2e-9 at 10¹⁴ + 1)', () => {
    for (const n of [1e6 + 1, 1e9 + 1, 1e12 + 1, 1e14 + 1]) {
      expect(Math.abs(binomialCdf((n - 1) / 2, n, 0.5) - 0.5)).toBeLessThanOrEqual(2e-15);
      expect(Math.abs(binomialSf((n - 1) / 2, n, 0.5) - 0.5)).toBeLessThanOrEqual(2e-15);
    }
  });

  it('matches 40-digit quadrature (mpmath, computed for this file) near and off the centre, n from 2,000 to 10¹²', () => {
    // F(k; n, p) = I_{1−p}(n − k, k + 1) with 1 − p taken exactly; what remains (≤ 3e-13) is 1 − p
    // rounded to a double, which moves F by n·ε·(density) — the same for every double-precision library.
    for (const [k, n, p, expected] of [
      [300000, 1000000, 0.3, '0.5004933190666792655736439'],
      [301000, 1000000, 0.3, '0.9854719001895073370786221'],
      [299000, 1000000, 0.3, '0.01456821921993768478035617'],
      [300020000, 1000000000, 0.3, '0.9162315312199301113655059'],
      [20000, 100000, 0.2, '0.501892337327837840697923'],
      [2000, 10000, 0.2, '0.5059837527344157317768805'],
      [400, 2000, 0.2, '0.5133766666478516946989511'],
      [900001000000, 1000000000000, 0.9, '0.999570949167830836948808'],
      [302500, 1000000, 0.3, '0.9999999751490853267301299'],
      [297500, 1000000, 0.3, '2.400054203786766669746309e-8'],
      [303000, 1000000, 0.3, '0.9999999999695626052197121'],
      [305000, 1000000, 0.3, '1.0'],
    ] as const) {
      expect(Math.abs(binomialCdf(k, n, p) / Number(expected) - 1)).toBeLessThanOrEqual(3e-13);
    }
  });
});

describe('7. subnormal arguments and very many classes (found by a review against mpmath)', () => {
  it('densities and tails at a subnormal x or p are not flushed to 0 (closed forms)', () => {
    // I_x(1, b) = 1 − (1 − x)^b ≈ b·x; f(x; ½, 5) = x^(−½)(1 − x)⁴ / B(½, 5); P[X = 1] = n·p(1 − p)^(n−1).
    expect(betaCdf(1e-310, 1, 5) / 5e-310).toBeCloseTo(1, 12);
    expect(betaCdf(1e-310, 0.5, 5) / 2.4609375e-155).toBeCloseTo(1, 12);
    expect(betaPdf(1e-310, 0.5, 5) / 1.23046875e155).toBeCloseTo(1, 12);
    expect(binomialPmf(1, 10, 1e-310) / 1e-309).toBeCloseTo(1, 12);
    expect(binomialSf(0, 10, 1e-310) / 1e-309).toBeCloseTo(1, 12);
  });

  it('balancedIntervalMulti takes 130,000 classes (a spread of them overflowed the call stack)', () => {
    const classes = Array.from({ length: 130_000 }, () => ({ correct: 9, total: 10 }));
    const interval = balancedIntervalMulti(classes, 0.05);
    expect(interval.estimate).toBeCloseTo(0.9, 12);
    expect(interval.lower).toBeGreaterThan(0);
    expect(interval.lower).toBeLessThan(interval.estimate);
  });
});


describe('8. a few errors in a huge test set (found by a review against mpmath)', () => {
  // 50-digit values from mpmath (this file's review): the bound by bisection on Σ_{j≤k} C(n, j) pʲ(1 − p)^(n−j) = δ.
  it('exactUpperBound keeps its relative precision for small k at n up to 10⁹ (it was 1e-8 too low, anti-conservative)', () => {
    for (const [n, k, delta, expected] of [
      [999_999_937, 2, 0.05, '6.2957940049842961748e-9'],
      [100_000_000, 5, 0.01, '1.310848312131830627e-7'],
      [123_456_789, 10, 1e-6, '2.7886583810558835466e-7'],
      [1_000_000_000, 64, 0.05, '7.8804960978092301136e-8'],
      // 700 errors: the first term (1 − p)^n underflows; summed in logarithms.
      [999_999_937, 700, 0.05, '7.4511090065393232213e-7'],
    ] as const) {
      expect(Math.abs(exactUpperBound(n, k, delta) / Number(expected) - 1), `n = ${n}, k = ${k}`).toBeLessThanOrEqual(1e-12);
    }
  });

  it('binomialCdf there is exact to full relative precision, and betaSf the same tail', () => {
    // P[X ≤ 2] for X ~ Bin(999,999,937, 6.295793941735184e-9): mpmath 0.050000002311516297076 (the code read 0.0500000012).
    expect(Math.abs(binomialCdf(2, 999_999_937, 6.295793941735184e-9) / Number('0.050000002311516297076') - 1)).toBeLessThanOrEqual(1e-13);
    expect(Math.abs(betaSf(6.295793941735184e-9, 3, 999_999_935) / Number('0.050000002311516297076') - 1)).toBeLessThanOrEqual(1e-13);
  });
});
