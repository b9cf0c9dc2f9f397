import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as stats from './index';

/**
 * The library's one policy, checked at every export of index.ts with generated edge inputs
 * (0, −0, subnormals, 1 − 1e-16, NaN, ±Infinity, integers up to and past 2^53, non-integers, null,
 * undefined, {}, strings, arrays): a call either returns a result whose probabilities lie in [0, 1]
 * with lower ≤ estimate ≤ upper (differences of two proportions in [−1, 1], p-values in [0, 1]), or throws a RangeError whose message begins with the name of the
 * argument at fault — and it returns within 2 s. Fixed seed; no shrinking (a failure is reported as
 * found, so a slow case is not re-run while shrinking).
 */
const SEED = 20_250_601;
const TIME_LIMIT_MS = 2_000;

// ---------------------------------------------------------------- generated arguments

const EDGE_NUMBERS = [
  0, -0, 5e-324, 1e-320, 2.2250738585072014e-308, 1e-300, 1e-200, 1e-17, 1e-16, 1 - 1e-16, 1 - 2 ** -53, 0.5, 1, 2, 3, 1.5, -1, -0.5,
  Number.NaN, Infinity, -Infinity, 2 ** 31, 1e9, 1e9 + 1, 1e14 + 1, 2 ** 52, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, 1e300, Number.MAX_VALUE,
];
const EDGE_OTHERS: unknown[] = [null, undefined, {}, [], [1], '5', 'x', '', true];
const edge = fc.constantFrom<unknown>(...EDGE_NUMBERS, ...EDGE_OTHERS);

const count = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 300 }), weight: 4 },
  { arbitrary: fc.integer({ min: 0, max: 2 ** 40 }), weight: 1 },
  { arbitrary: fc.constantFrom(1e5, 1e6, 612_567, 1e9, 1e9 + 1, 1e12, 1e14 + 1, 2 ** 53 - 1, 247_389_019_519_232), weight: 1 },
  { arbitrary: edge, weight: 2 },
);
// Buehler's coverage grid makes 2(n₊ + 1)(n₋ + 1) certified searches: valid sizes stay small here (its speed is the bench's).
const gridCount = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 12 }), weight: 4 },
  { arbitrary: fc.constantFrom(61, 1e9, 2 ** 53), weight: 1 },
  { arbitrary: edge, weight: 2 },
);
const probability = fc.oneof(
  { arbitrary: fc.double({ min: 0, max: 1, noNaN: true }), weight: 4 },
  { arbitrary: fc.constantFrom(0, 1, 0.5, 1e-300, 5e-324, 1 - 1e-16, 0.9957, 0.1763), weight: 2 },
  { arbitrary: edge, weight: 1 },
);
const delta = fc.oneof(
  { arbitrary: fc.double({ min: 1e-12, max: 0.999, noNaN: true }), weight: 4 },
  { arbitrary: fc.double({ min: 5e-324, max: 1e-200, noNaN: true }), weight: 1 },
  { arbitrary: fc.constantFrom(0.05, 5e-324, 2e-323, 1e-310, 1e-300, 1.29e-226, 4.17e-236, 1 - 1e-16, 1 - 2 ** -53, 0.999999), weight: 2 },
  { arbitrary: edge, weight: 1 },
);
const shape = fc.oneof(
  { arbitrary: fc.double({ min: 1e-3, max: 1e4, noNaN: true }), weight: 3 },
  { arbitrary: fc.double({ min: 5e-324, max: 1e-3, noNaN: true }), weight: 1 },
  { arbitrary: fc.double({ min: 1e4, max: 1e12, noNaN: true }), weight: 1 },
  { arbitrary: edge, weight: 1 },
);
const method = fc.oneof(
  { arbitrary: fc.constantFrom('clopper_pearson', 'wilson', 'agresti_coull', 'jeffreys', 'wald'), weight: 4 },
  { arbitrary: fc.constantFrom<unknown>('bogus', 'toString', '__proto__', ...EDGE_OTHERS), weight: 1 },
);
/** A count pair whose k ≤ n most of the time (so the maths is reached), or raw counts. */
const classCountsOf = (whole: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { arbitrary: fc.tuple(whole, fc.double({ min: 0, max: 1, noNaN: true })).map(([total, share]) => ({ correct: typeof total === 'number' && Number.isSafeInteger(total) && total >= 0 ? Math.round(total * share) : total, total })), weight: 4 },
    { arbitrary: fc.record({ correct: whole, total: whole }), weight: 1 },
    { arbitrary: edge, weight: 1 },
  );
const classCounts = classCountsOf(count);
// The exact score inversions and tests take up to ~1 s at their size limits: valid sizes stay small here (their speed is measured apart).
const scoreCount = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 40 }), weight: 4 },
  { arbitrary: fc.constantFrom(1001, 1e9, 2 ** 53), weight: 1 },
  { arbitrary: edge, weight: 2 },
);
const scoreClassCounts = classCountsOf(scoreCount);
const twoClasses = fc.oneof({ arbitrary: fc.record({ yes: classCounts, no: classCounts }), weight: 5 }, { arbitrary: edge, weight: 1 });
const matrix = fc.oneof({ arbitrary: fc.record({ tp: count, fn: count, tn: count, fp: count }), weight: 5 }, { arbitrary: edge, weight: 1 });
const probabilities = fc.oneof({ arbitrary: fc.array(probability, { minLength: 0, maxLength: 4 }), weight: 5 }, { arbitrary: edge, weight: 1 });
const assumptions = fc.oneof(
  {
    arbitrary: fc.record(
      {
        current: fc.oneof({ arbitrary: fc.record({ yes: classCounts, no: classCounts }), weight: 5 }, { arbitrary: edge, weight: 1 }),
        yesAccuracy: fc.oneof(probability, fc.constant(undefined)),
        noAccuracy: fc.oneof(probability, fc.constant(undefined)),
        yesShare: fc.oneof(probability, fc.constant(undefined)),
        delta,
        maxAdditionalLabels: fc.oneof(count, fc.constant(undefined)),
      },
      { requiredKeys: ['delta'] },
    ),
    weight: 6,
  },
  { arbitrary: edge, weight: 1 },
);
const target = fc.oneof(
  { arbitrary: fc.double({ min: 0, max: 1, noNaN: true }), weight: 3 },
  { arbitrary: fc.constantFrom(0.0001, 0.00015698459885605883, 1e-8, 0.99999), weight: 1 },
  { arbitrary: edge, weight: 1 },
);

/** Paired discordant counts {b, c, n} with b + c ≤ n most of the time, or raw fields. */
const pairedCountsOf = (count: fc.Arbitrary<unknown>) => fc.oneof(
  {
    arbitrary: fc.tuple(count, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })).map(([n, bShare, cShare]) => {
      if (!(typeof n === 'number' && Number.isSafeInteger(n) && n >= 0)) return { b: n, c: n, n };
      const b = Math.floor(n * bShare);
      return { b, c: Math.floor((n - b) * cShare), n };
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ b: count, c: count, n: count }), weight: 1 },
  { arbitrary: edge, weight: 1 },
);
const pairedCounts = pairedCountsOf(count);
const scorePairedCounts = pairedCountsOf(scoreCount);
const pairedClasses = fc.oneof({ arbitrary: fc.record({ yes: pairedCounts, no: pairedCounts }), weight: 5 }, { arbitrary: edge, weight: 1 });
const listOf = <T>(item: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.array(item, { minLength: 0, maxLength: 4 }), weight: 5 }, { arbitrary: edge, weight: 1 });

// ---------------------------------------------------------------- what a result must satisfy

type Check = (result: unknown, args: unknown[]) => string | null;

const isProbability = (value: unknown): boolean => typeof value === 'number' && value >= 0 && value <= 1;

function probabilityResult(result: unknown): string | null {
  return isProbability(result) ? null : `not a probability: ${String(result)}`;
}

/** lower ≤ upper in [0, 1]; with `ordered`, also lower ≤ estimate ≤ upper. */
function intervalProblem(value: unknown, ordered = true, where = 'result'): string | null {
  if (typeof value !== 'object' || value === null) return `${where} is not an interval: ${String(value)}`;
  const { estimate, lower, upper } = value as { estimate: unknown; lower: unknown; upper: unknown };
  if (!isProbability(estimate) || !isProbability(lower) || !isProbability(upper)) {
    return `${where} leaves [0, 1]: ${String(lower)} / ${String(estimate)} / ${String(upper)}`;
  }
  const [l, e, u] = [lower as number, estimate as number, upper as number];
  if (!(l <= u)) return `${where}: lower ${l} > upper ${u}`;
  if (ordered && !(l <= e && e <= u)) return `${where}: estimate ${e} outside [${l}, ${u}]`;
  return null;
}

const interval =
  (ordered = true): Check =>
  (result) =>
    intervalProblem(result, ordered);

const balanced: Check = (result) => {
  const value = result as { yes: unknown; no: unknown };
  return intervalProblem(result) ?? intervalProblem(value.yes, true, 'yes') ?? intervalProblem(value.no, true, 'no');
};

const multi: Check = (result) => {
  const value = result as { classes: unknown[] };
  return intervalProblem(result) ?? value.classes.map((item, index) => intervalProblem(item, true, `classes[${index}]`)).find(Boolean) ?? null;
};

const table: Check = (result) => {
  const value = result as stats.ProportionIntervalTable;
  for (let k = 0; k <= value.n; k++) {
    const problem = intervalProblem({ estimate: k / value.n, lower: value.lower[k], upper: value.upper[k] }, value.method !== 'jeffreys', `k = ${k}`);
    if (problem) return problem;
  }
  return null;
};

const probabilityList: Check = (result, args) => {
  const list = result as unknown[];
  const expected = (args[3] as unknown[]).length;
  if (!Array.isArray(list) || list.length !== expected) return `expected ${expected} values, got ${String(list)}`;
  return list.map(probabilityResult).find(Boolean) ?? null;
};

const grid: Check = (result) => {
  const rows = result as unknown[][];
  for (const row of rows) for (const value of row) if (!isProbability(value)) return `not a probability: ${String(value)}`;
  return null;
};

const plan: Check = (result) => {
  const value = result as stats.LabelPlan;
  if (!['reached', 'unreachable', 'beyond-limit'].includes(value.status)) return `status ${String(value.status)}`;
  if (value.status === 'reached') {
    if (!(Number.isSafeInteger(value.additional) && value.additional! >= 0)) return `additional ${String(value.additional)}`;
    const problem = balanced(value.at!.interval, []);
    if (problem) return `at: ${problem}`;
  }
  return value.curve.map((point, index) => intervalProblem(point, true, `curve[${index}]`)).find(Boolean) ?? null;
};

const proportionPlan: Check = (result) => {
  const value = result as stats.ProportionPlan;
  if (!['reached', 'unreachable', 'beyond-limit'].includes(value.status)) return `status ${String(value.status)}`;
  if (value.status === 'reached') {
    if (!(Number.isSafeInteger(value.additional) && value.additional! >= 0)) return `additional ${String(value.additional)}`;
    const problem = intervalProblem(value.at!.interval, true, 'at');
    if (problem) return problem;
  }
  return value.curve.map((point, index) => intervalProblem(point, true, `curve[${index}]`)).find(Boolean) ?? null;
};

const projection: Check = (result) => {
  const value = result as stats.BalancedProjection;
  return value.interval === null ? null : balanced(value.interval, []);
};

/** A difference of two proportions: −1 ≤ lower ≤ estimate ≤ upper ≤ 1. */
function differenceProblem(value: unknown, where = 'result'): string | null {
  if (typeof value !== 'object' || value === null) return `${where} is not a difference interval: ${String(value)}`;
  const { estimate, lower, upper } = value as { estimate: unknown; lower: unknown; upper: unknown };
  const isDifference = (x: unknown) => typeof x === 'number' && x >= -1 && x <= 1;
  if (!isDifference(estimate) || !isDifference(lower) || !isDifference(upper)) {
    return `${where} leaves [−1, 1]: ${String(lower)} / ${String(estimate)} / ${String(upper)}`;
  }
  const [l, e, u] = [lower as number, estimate as number, upper as number];
  return l <= e && e <= u ? null : `${where}: estimate ${e} outside [${l}, ${u}]`;
}

const difference: Check = (result) => differenceProblem(result);

const pairedBalancedDifference: Check = (result) => {
  const value = result as { yes: unknown; no: unknown };
  return differenceProblem(result) ?? differenceProblem(value.yes, 'yes') ?? differenceProblem(value.no, 'no');
};

/** Every named field is a p-value in [0, 1]. */
const pValues =
  (...fields: string[]): Check =>
  (result) => {
    const value = result as Record<string, unknown>;
    const bad = fields.find((field) => !isProbability(value?.[field]));
    return bad === undefined ? null : `${bad} is not a p-value: ${String(value?.[bad])}`;
  };

/** One verdict per entry of args[0]: its p-values in [0, 1], Holm's adjusted one never below the raw one. */
const verdicts =
  (bounds: Check): Check =>
  (result, args) => {
    const list = result as Record<string, unknown>[];
    const expected = (args[0] as unknown[]).length;
    if (!Array.isArray(list) || list.length !== expected) return `expected ${expected} verdicts, got ${String(list)}`;
    for (const [index, item] of list.entries()) {
      const problem = bounds(item, args) ?? pValues('pValue', 'adjustedPValue')(item, args);
      if (problem) return `[${index}] ${problem}`;
      if (!((item.adjustedPValue as number) >= (item.pValue as number))) return `[${index}] adjusted p ${String(item.adjustedPValue)} < raw ${String(item.pValue)}`;
    }
    return null;
  };

const adjusted: Check = (result, args) => {
  const list = result as unknown[];
  const raw = args[0] as number[];
  if (!Array.isArray(list) || list.length !== raw.length) return `expected ${raw.length} values, got ${String(list)}`;
  return list.map((p, index) => probabilityResult(p) ?? ((p as number) >= raw[index]! ? null : `adjusted ${String(p)} < raw ${raw[index]}`)).find(Boolean) ?? null;
};

const nonNegative: Check = (result) => (typeof result === 'number' && result >= 0 ? null : `not a density: ${String(result)}`);
const notNaN: Check = (result) => (typeof result === 'number' && !Number.isNaN(result) ? null : `NaN or not a number: ${String(result)}`);
/** Whole numbers, strictly ascending (a plan's curve counts). */
const ascendingCounts: Check = (result) =>
  Array.isArray(result) && result.every((value, index) => typeof value === 'number' && value >= 0 && Number.isInteger(value) && (index === 0 || value > result[index - 1])) ? null : `not ascending counts: ${String(result)}`;
const nothing: Check = (result) => (result === undefined ? null : `returned ${String(result)}`);

// ---------------------------------------------------------------- calling under the policy

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs one call; returns a description of how it broke the policy, or null. `names` are the argument names it may blame. */
function violation(call: () => unknown, names: readonly string[], check: (result: unknown) => string | null): { problem: string | null; result?: unknown } {
  const start = performance.now();
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    const elapsed = performance.now() - start;
    if (elapsed > TIME_LIMIT_MS) return { problem: `took ${elapsed.toFixed(0)} ms before throwing` };
    if (!(error instanceof RangeError)) return { problem: `threw ${(error as Error)?.name}: ${(error as Error)?.message}` };
    const named = new RegExp(`^(${names.map(escape).join('|')})([ .[=:]|$)`);
    return { problem: named.test(error.message) ? null : `RangeError not naming ${names.join('/')}: ${error.message}` };
  }
  const elapsed = performance.now() - start;
  if (elapsed > TIME_LIMIT_MS) return { problem: `took ${elapsed.toFixed(0)} ms` };
  return { problem: check(result), result };
}

interface Target {
  args: fc.Arbitrary<unknown[]>;
  names: readonly string[];
  check: Check;
  runs: number;
}

const PLAN_NAMES = ['assumptions', 'current', 'current.yes', 'current.no', 'yesAccuracy', 'noAccuracy', 'yesShare', 'delta', 'maxAdditionalLabels'];
const COUNT_NAMES = ['n', 'k', 'delta'];
/** A function of two classes' counts and δ (the balanced intervals and bounds). */
const ofCounts = (check: Check, runs: number): Target => ({ args: fc.tuple(twoClasses, delta), names: ['counts', 'yes', 'no', 'delta'], check, runs });
/** A coverage grid over class sizes (from `size`), δ and the two classes' rates. */
const coverageGrid = (size: fc.Arbitrary<unknown>, runs: number): Target => ({
  args: fc.tuple(size, size, delta, probabilities, probabilities),
  names: ['nYes', 'nNo', 'delta', 'pYesValues', 'pNoValues'],
  check: grid,
  runs,
});

const TARGETS: Record<string, Target> = {
  assertCounts: { args: fc.tuple(count, count), names: ['n', 'k'], check: nothing, runs: 300 },
  assertDelta: { args: fc.tuple(delta), names: ['delta'], check: nothing, runs: 300 },
  binomialPmf: { args: fc.tuple(count, count, probability), names: ['k', 'n', 'p'], check: probabilityResult, runs: 300 },
  binomialCdf: { args: fc.tuple(count, count, probability), names: ['k', 'n', 'p'], check: probabilityResult, runs: 300 },
  binomialSf: { args: fc.tuple(count, count, probability), names: ['k', 'n', 'p'], check: probabilityResult, runs: 300 },
  betaPdf: { args: fc.tuple(probability, shape, shape), names: ['x', 'a', 'b'], check: nonNegative, runs: 300 },
  betaCdf: { args: fc.tuple(probability, shape, shape), names: ['x', 'a', 'b'], check: probabilityResult, runs: 300 },
  betaSf: { args: fc.tuple(probability, shape, shape), names: ['x', 'a', 'b'], check: probabilityResult, runs: 300 },
  betaQuantile: { args: fc.tuple(probability, shape, shape), names: ['q', 'a', 'b'], check: probabilityResult, runs: 300 },
  exactUpperBound: { args: fc.tuple(count, count, delta), names: COUNT_NAMES, check: probabilityResult, runs: 300 },
  exactLowerBound: { args: fc.tuple(count, count, delta), names: COUNT_NAMES, check: probabilityResult, runs: 300 },
  upperComplement: { args: fc.tuple(count, count, delta), names: COUNT_NAMES, check: probabilityResult, runs: 300 },
  exactInterval: { args: fc.tuple(count, count, delta), names: COUNT_NAMES, check: interval(), runs: 300 },
  balancedInterval: ofCounts(balanced, 300),
  balancedIntervalMulti: {
    args: fc.tuple(fc.oneof(fc.array(classCounts, { minLength: 0, maxLength: 4 }), edge), delta),
    names: ['classes', 'delta'],
    check: multi,
    runs: 300,
  },
  normalQuantile: { args: fc.tuple(probability), names: ['p'], check: notNaN, runs: 300 },
  waldInterval: { args: fc.tuple(count, count, delta), names: COUNT_NAMES, check: interval(), runs: 300 },
  balancedWaldInterval: ofCounts(interval(), 300),
  wilsonInterval: { args: fc.tuple(count, count, delta), names: COUNT_NAMES, check: interval(), runs: 300 },
  agrestiCoullInterval: { args: fc.tuple(count, count, delta), names: COUNT_NAMES, check: interval(), runs: 300 },
  // Jeffreys is equal-tailed with no boundary modification: at k = 0 its lower end is above k/n (documented).
  jeffreysInterval: { args: fc.tuple(count, count, delta), names: COUNT_NAMES, check: interval(false), runs: 300 },
  clopperPearsonInterval: { args: fc.tuple(count, count, delta), names: COUNT_NAMES, check: interval(), runs: 300 },
  proportionInterval: {
    args: fc.tuple(method, count, count, delta),
    names: ['method', ...COUNT_NAMES],
    check: (result, args) => intervalProblem(result, args[0] !== 'jeffreys'),
    runs: 300,
  },
  proportionIntervalTable: { args: fc.tuple(method, count, delta), names: ['method', 'n', 'delta'], check: table, runs: 60 },
  exactCoverage: { args: fc.tuple(method, count, probability, delta), names: ['method', 'n', 'p', 'delta'], check: probabilityResult, runs: 60 },
  coverageCurve: {
    args: fc.tuple(method, count, delta, probabilities, fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary: edge, weight: 1 })),
    names: ['method', 'n', 'delta', 'ps', 'table'],
    check: probabilityList,
    runs: 60,
  },
  balancedCoverage: {
    args: fc.tuple(count, count, probability, probability, delta),
    names: ['nYes', 'nNo', 'pYes', 'pNo', 'delta'],
    check: probabilityResult,
    runs: 40,
  },
  balancedCoverageGrid: coverageGrid(count, 40),
  balancedInversionInterval: ofCounts(interval(), 60),
  balancedInversionLowerBound: ofCounts(probabilityResult, 60),
  balancedInversionUpperBound: ofCounts(probabilityResult, 60),
  balancedBuehlerInterval: ofCounts(interval(), 60),
  balancedBuehlerIntervalLower: ofCounts(probabilityResult, 60),
  balancedInversionIntervalLower: ofCounts(probabilityResult, 60),
  balancedBuehlerLowerBound: ofCounts(probabilityResult, 60),
  balancedBuehlerUpperBound: ofCounts(probabilityResult, 60),
  balancedBuehlerCoverageGrid: coverageGrid(gridCount, 20),
  balancedInversionCoverageGrid: coverageGrid(count, 20),
  labelsToClearLowerBound: { args: fc.tuple(assumptions, target), names: [...PLAN_NAMES, 'target'], check: plan, runs: 40 },
  labelsToReachWidth: { args: fc.tuple(assumptions, target), names: [...PLAN_NAMES, 'targetWidth'], check: plan, runs: 40 },
  labelsForProportion: {
    args: fc.tuple(classCounts, fc.oneof(probability, fc.constant(undefined)), delta, fc.constantFrom<unknown>('lower-bound', 'width', 'x'), target),
    names: ['current', 'current.correct', 'current.total', 'accuracy', 'delta', 'goal', 'target'],
    check: proportionPlan,
    runs: 60,
  },
  projectBalancedInterval: { args: fc.tuple(assumptions, count), names: [...PLAN_NAMES, 'additionalLabels'], check: projection, runs: 200 },
  planCurveCounts: { args: fc.tuple(count, count, fc.oneof(count, fc.constant(null))), names: ['end', 'steps', 'answer'], check: ascendingCounts, runs: 300 },
  mcnemarExactTest: { args: fc.tuple(pairedCounts), names: ['counts', 'b', 'c'], check: pValues('pTwoSided', 'pAGreater', 'pBGreater'), runs: 300 },
  pairedDifferenceInterval: { args: fc.tuple(pairedCounts, delta), names: ['counts', 'b', 'c', 'n', 'delta'], check: difference, runs: 300 },
  pairedDifferenceScoreInterval: { args: fc.tuple(pairedCounts, delta), names: ['counts', 'b', 'c', 'n', 'delta'], check: difference, runs: 100 },
  pairedDifferenceScoreTest: { args: fc.tuple(scorePairedCounts), names: ['counts', 'b', 'c', 'n'], check: pValues('pTwoSided'), runs: 100 },
  mcnemarMidP: { args: fc.tuple(pairedCounts), names: ['counts', 'b', 'c'], check: probabilityResult, runs: 300 },
  pairedBalancedDifferenceInterval: {
    args: fc.tuple(pairedClasses, delta),
    names: ['counts', 'yes', 'no', 'delta'],
    check: pairedBalancedDifference,
    runs: 300,
  },
  pairedBalancedDifferenceTest: { args: fc.tuple(pairedClasses), names: ['counts', 'yes', 'no'], check: pValues('pTwoSided', 'pAGreater', 'pBGreater'), runs: 100 },
  differenceInterval: { args: fc.tuple(classCounts, classCounts, delta), names: ['a', 'b', 'delta'], check: difference, runs: 300 },
  differenceBuehlerInterval: { args: fc.tuple(classCounts, classCounts, delta), names: ['a', 'b', 'delta'], check: difference, runs: 100 },
  unpairedDifferenceScoreInterval: { args: fc.tuple(scoreClassCounts, scoreClassCounts, delta), names: ['a', 'b', 'delta'], check: difference, runs: 100 },
  unpairedDifferenceScoreTest: { args: fc.tuple(scoreClassCounts, scoreClassCounts), names: ['a', 'b'], check: pValues('pTwoSided'), runs: 100 },
  balancedDifferenceInterval: { args: fc.tuple(twoClasses, twoClasses, delta), names: ['a', 'b', 'delta'], check: difference, runs: 300 },
  balancedDifferenceBuehlerInterval: { args: fc.tuple(twoClasses, twoClasses, delta), names: ['a', 'b', 'delta'], check: difference, runs: 100 },
  differenceTest: { args: fc.tuple(classCounts, classCounts), names: ['a', 'b'], check: pValues('pTwoSided', 'pAGreater', 'pBGreater'), runs: 100 },
  balancedDifferenceTest: { args: fc.tuple(twoClasses, twoClasses), names: ['a', 'b'], check: pValues('pTwoSided', 'pAGreater', 'pBGreater'), runs: 100 },
  balancedOneSidedLowerBound: ofCounts(probabilityResult, 300),
  holmAdjust: { args: fc.tuple(probabilities), names: ['pValues'], check: adjusted, runs: 300 },
  simultaneousAboveTarget: {
    args: fc.tuple(listOf(twoClasses), target, delta),
    names: ['detectors', 'target', 'delta'],
    check: verdicts((item) => intervalProblem({ ...(item as object), upper: 1 })),
    runs: 60,
  },
  rankAgainstReference: { args: fc.tuple(listOf(pairedClasses), delta), names: ['comparisons', 'delta'], check: verdicts(difference), runs: 60 },
};

// Deployment metrics (issue 28)
const deploymentArg = fc.oneof(
  {
    arbitrary: fc.record(
      {
        prevalence: probability,
        volume: fc.oneof(count, fc.double({ min: 0, max: 1e12, noNaN: true })),
        prevalenceRange: fc.oneof(fc.constant(undefined), fc.tuple(probability, probability), edge),
      },
      { requiredKeys: ['prevalence', 'volume'] },
    ),
    weight: 5,
  },
  { arbitrary: edge, weight: 1 },
);
const metricsCheck: Check = (result) => {
  const value = result as stats.DetectionMetrics;
  for (const key of ['recall', 'specificity', 'f1'] as const) {
    const problem = intervalProblem(value[key], true, key);
    if (problem) return problem;
  }
  for (const key of ['precision', 'npv'] as const) {
    const problem = value[key] === null ? null : intervalProblem(value[key], true, key);
    if (problem) return problem;
  }
  return null;
};
const deploymentCheck: Check = (result) => {
  const value = result as stats.DeploymentMetrics;
  for (const key of ['ppv', 'npv'] as const) {
    const problem = value[key] === null ? null : intervalProblem(value[key], true, key);
    if (problem) return problem;
  }
  for (const key of ['falseAlarms', 'missedEvents'] as const) {
    const { lower, estimate, upper } = value[key];
    if (!(lower >= 0 && lower <= estimate && estimate <= upper && upper <= value.volume)) return `${key} not in [0, volume]: ${lower} / ${estimate} / ${upper}`;
  }
  return null;
};
Object.assign(TARGETS, {
  detectionMetrics: ofCounts(metricsCheck, 300),
  precisionInterval: { args: fc.tuple(fc.oneof(fc.record({ tp: count, fp: count }), edge), delta), names: ['counts', 'tp', 'fp', 'delta'], check: interval(), runs: 300 },
  negativePredictiveInterval: { args: fc.tuple(fc.oneof(fc.record({ tn: count, fn: count }), edge), delta), names: ['counts', 'tn', 'fn', 'delta'], check: interval(), runs: 300 },
  f1Interval: { args: fc.tuple(matrix, delta), names: ['matrix', 'tp', 'fn', 'tn', 'fp', 'delta'], check: interval(), runs: 300 },
  deploymentMetrics: {
    args: fc.tuple(twoClasses, deploymentArg, delta),
    names: ['counts', 'yes', 'no', 'deployment', 'prevalence', 'volume', 'prevalenceRange', 'delta'],
    check: deploymentCheck,
    runs: 300,
  },
});

// Multi-class detectors (issue 31): K × K matrices with non-empty rows most of the time, or raw rows.
const squareMatrix = fc.oneof(
  {
    arbitrary: fc.integer({ min: 1, max: 5 }).chain((size) => fc.array(fc.array(count, { minLength: size, maxLength: size }), { minLength: size, maxLength: size })),
    weight: 5,
  },
  { arbitrary: fc.array(fc.array(fc.oneof(count, edge), { maxLength: 4 }), { maxLength: 4 }), weight: 1 },
  { arbitrary: edge, weight: 1 },
);
const macroRecall: Check = (result) => {
  const value = result as stats.MacroRecallInterval;
  return (
    intervalProblem(result) ??
    value.classes
      .map((item, index) => intervalProblem(item.recall, true, `classes[${index}].recall`) ?? intervalProblem(item.unionBound, true, `classes[${index}].unionBound`) ?? (item.precision && intervalProblem(item.precision, true, `classes[${index}].precision`)))
      .find(Boolean) ??
    null
  );
};
const macroRecallPlan: Check = (result) => {
  const value = result as stats.MacroRecallPlan;
  if (!['reached', 'unreachable', 'beyond-limit'].includes(value.status)) return `status ${String(value.status)}`;
  if (value.status !== 'reached') return null;
  if (!(Number.isSafeInteger(value.additional) && value.additional! >= 0)) return `additional ${String(value.additional)}`;
  if (value.perClass!.reduce((sum, count) => sum + count, 0) !== value.additional) return 'perClass does not sum to additional';
  return intervalProblem(value.interval, true, 'interval');
};
Object.assign(TARGETS, {
  macroRecallInterval: { args: fc.tuple(squareMatrix, delta), names: ['matrix', 'delta'], check: macroRecall, runs: 300 },
  // A search of up to ~0.4 s per end where the matrix fits: fewer runs.
  macroRecallBuehlerInterval: { args: fc.tuple(squareMatrix, delta), names: ['matrix', 'delta'], check: (result: unknown) => intervalProblem(result), runs: 40 },
  labelsForMacroRecall: { args: fc.tuple(squareMatrix, delta, target), names: ['matrix', 'delta', 'target'], check: macroRecallPlan, runs: 200 },
});

// Confidence sequences (issue 32): horizons stay small here (a table of N is ~N²/2 root searches).
const sequenceOptions = fc.oneof(
  { arbitrary: fc.record({ sides: fc.constantFrom<unknown>('two-sided', 'lower', 'upper', 'both'), expectedTrials: fc.oneof(count, fc.constant(undefined)) }, { requiredKeys: [] }), weight: 5 },
  { arbitrary: edge, weight: 1 },
);
const boundTable: Check = (result) => {
  const { lower, upper } = result as stats.SequentialBoundTable;
  for (let index = 0; index < lower.length; index++) if (!(lower[index]! >= 0 && lower[index]! <= upper[index]! && upper[index]! <= 1)) return `bounds ${lower[index]} / ${upper[index]} at ${index}`;
  return null;
};
const SMALL_TABLE = stats.sequentialBoundTable(8, 0.1);
Object.assign(TARGETS, {
  proportionConfidenceSequence: { args: fc.tuple(count, count, delta, sequenceOptions), names: ['successes', 'trials', 'delta', 'options'], check: interval(), runs: 300 },
  balancedConfidenceSequence: { args: fc.tuple(twoClasses, delta, sequenceOptions), names: ['counts', 'yes', 'no', 'delta', 'options'], check: balanced, runs: 300 },
  sequentialBoundTable: { args: fc.tuple(gridCount, delta, sequenceOptions), names: ['horizon', 'delta', 'options'], check: boundTable, runs: 100 },
  sequentialMissProbability: { args: fc.tuple(probability, fc.oneof(fc.constant(SMALL_TABLE), edge)), names: ['p', 'table'], check: probabilityResult, runs: 300 },
});
// The planner's sequential plan (issue 32): batches and horizons from the small grid sizes.
const stopSetup = fc.oneof(
  {
    arbitrary: fc.record({
      current: twoClasses,
      accuracy: fc.oneof(fc.record({ yes: probability, no: probability }), edge),
      batch: fc.oneof(fc.record({ yes: gridCount, no: gridCount }), edge),
      batches: gridCount,
      target: probability,
      delta,
      level: fc.oneof(fc.constant(undefined), probability),
    }),
    weight: 5,
  },
  { arbitrary: edge, weight: 1 },
);
const stopDistribution: Check = (result) => {
  const { stopProbability, neverCleared, dropped } = result as stats.SequentialStopDistribution;
  const all = [...stopProbability, neverCleared, dropped];
  if (!all.every((value) => value >= 0 && value <= 1)) return `probabilities outside [0, 1]: ${all.join(', ')}`;
  return Math.abs(all.reduce((sum, value) => sum + value, 0) - 1) < 1e-9 ? null : 'the probabilities do not sum to 1';
};
Object.assign(TARGETS, {
  sequentialStopDistribution: { args: fc.tuple(stopSetup), names: ['setup', 'current', 'accuracy', 'batch', 'batches', 'target', 'delta', 'level'], check: stopDistribution, runs: 200 },
});

const POSTERIORS = { posteriorAccuracy: stats.posteriorAccuracy, posteriorBalancedAccuracy: stats.posteriorBalancedAccuracy };

describe('fuzz: every export either answers in [0, 1] or throws a RangeError naming the argument, within 2 s', () => {
  it('covers every function exported by index.ts', () => {
    const exported = Object.entries(stats)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .filter((name) => name !== 'EmptyClassError')
      .sort();
    expect(exported).toEqual([...Object.keys(TARGETS), ...Object.keys(POSTERIORS)].sort());
    expect(new stats.EmptyClassError('n')).toBeInstanceOf(RangeError);
  });

  it.each(Object.keys(TARGETS))('%s', (name) => {
    const { args, names, check, runs } = TARGETS[name]!;
    const fn = (stats as unknown as Record<string, (...values: unknown[]) => unknown>)[name]!;
    fc.assert(
      fc.property(args, (values) => {
        const { problem } = violation(() => fn(...values), names, (result) => check(result, values));
        if (problem) throw new Error(`${name}(${values.map(show).join(', ')}): ${problem}`);
      }),
      { seed: SEED, numRuns: runs, endOnFailure: true },
    );
  });

  it.each(Object.keys(POSTERIORS))('%s and the methods of what it returns', (name) => {
    const make = POSTERIORS[name as keyof typeof POSTERIORS] as (matrix: unknown) => stats.AccuracyPosterior;
    fc.assert(
      fc.property(matrix, delta, probability, (counts, alpha, x) => {
        const fail = (call: string, problem: string | null) => {
          if (problem) throw new Error(`${name}(${show(counts)})${call}: ${problem}`);
        };
        const made = violation(
          () => make(counts),
          ['matrix', 'tp', 'fn', 'tn', 'fp'],
          (result) => {
            const posterior = result as stats.AccuracyPosterior;
            return [posterior.mean, posterior.median, posterior.mode].every(isProbability) ? null : `mean/median/mode ${posterior.mean}/${posterior.median}/${posterior.mode}`;
          },
        );
        fail('', made.problem);
        if (made.result === undefined) return;
        const posterior = made.result as stats.AccuracyPosterior;
        // A central credible interval need not contain the mean (α near 1 shrinks it to the median).
        fail(`.interval(${show(alpha)})`, violation(() => posterior.interval(alpha as number), ['alpha'], (result) => interval(false)(result, [])).problem);
        fail(`.cdf(${show(x)})`, violation(() => posterior.cdf(x as number), ['x'], probabilityResult).problem);
        fail(`.probabilityAbove(${show(x)})`, violation(() => posterior.probabilityAbove(x as number), ['x'], probabilityResult).problem);
        fail(`.pdf(${show(x)})`, violation(() => posterior.pdf(x as number), ['x'], (result) => nonNegative(result, [])).problem);
      }),
      { seed: SEED, numRuns: 60, endOnFailure: true },
    );
  });
});

function show(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'number' && !Number.isFinite(item) ? String(item) : item)) ?? String(value);
  } catch {
    return String(value);
  }
}
