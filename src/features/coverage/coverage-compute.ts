import type { BalancedMethod } from '../../data/methods';
import {
  balancedBuehlerCoverageGrid,
  balancedBuehlerInterval,
  balancedCoverageGrid,
  balancedInterval,
  balancedInversionCoverageGrid,
  balancedInversionInterval,
  coverageCurve,
  proportionIntervalTable,
  type ProportionMethod,
} from '../../stats';

/**
 * 999 true proportions, 0.001, 0.002, …, 0.999: fine enough to show the sawtooth at a few hundred
 * examples, and on round values (0.01, 0.05, 0.35, …) that can be checked against published tables.
 */
export const CURVE_PS: readonly number[] = Array.from({ length: 999 }, (_, index) => (index + 1) / 1000);

/** 50 × 50 (p⁺, p⁻) cells, 0.01, 0.03, …, 0.99 on each axis. */
export const GRID_PS: readonly number[] = Array.from({ length: 50 }, (_, index) => (2 * index + 1) / 100);

/** Work for the coverage worker: curves for some methods at n and δ, or the balanced interval's grid. */
export type CoverageJob =
  | { kind: 'curves'; n: number; delta: number; methods: ProportionMethod[] }
  | { kind: 'grid'; yesTotal: number; noTotal: number; delta: number; method: BalancedMethod };

/**
 * The exact searches' heat maps (Buehler's and the estimate-ordered inversion's) go up to this many
 * examples per class (stats' ceiling for their grids: every outcome is a certified search).
 */
export const INVERSION_HEATMAP_CLASS_SIZE = 60;

/** Each balanced construction's coverage over a grid of (p⁺, p⁻), all with the same contract. */
const COVERAGE_GRID: Record<BalancedMethod, typeof balancedCoverageGrid> = {
  union: balancedCoverageGrid,
  buehler: balancedBuehlerCoverageGrid,
  inversion: balancedInversionCoverageGrid,
};

/** What the worker reports, in order: progress (any number of times), results, then `done` or `error`. */
export type CoverageMessage =
  | { kind: 'progress'; fraction: number }
  | { kind: 'curve'; method: ProportionMethod; coverage: number[] }
  | { kind: 'grid'; coverage: number[][]; meanWidth: number }
  | { kind: 'done'; elapsedMs: number }
  | { kind: 'error'; message: string };

/** The curve of one method is computed in this many slices of p, so progress moves smoothly. */
const CURVE_SLICES = 10;

/**
 * Runs a job, reporting through `post`. Exact throughout: every value is a finite binomial sum from
 * src/stats; this module only slices the work and times it.
 */
export function runCoverageJob(job: CoverageJob, post: (message: CoverageMessage) => void): void {
  const started = performance.now();
  try {
    if (job.kind === 'curves') runCurves(job, post);
    else runGrid(job, post);
    post({ kind: 'done', elapsedMs: performance.now() - started });
  } catch (error) {
    post({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

function runCurves(job: Extract<CoverageJob, { kind: 'curves' }>, post: (message: CoverageMessage) => void) {
  const { n, delta, methods } = job;
  const sliceLength = Math.ceil(CURVE_PS.length / CURVE_SLICES);
  methods.forEach((method, methodIndex) => {
    // Each method's intervals for k = 0..n are computed once and shared by every slice of p.
    const table = proportionIntervalTable(method, n, delta);
    const coverage: number[] = [];
    for (let start = 0; start < CURVE_PS.length; start += sliceLength) {
      coverage.push(...coverageCurve(method, n, delta, CURVE_PS.slice(start, start + sliceLength), table));
      const done = methodIndex + Math.min(start + sliceLength, CURVE_PS.length) / CURVE_PS.length;
      post({ kind: 'progress', fraction: done / methods.length });
    }
    post({ kind: 'curve', method, coverage });
  });
}

function runGrid(job: Extract<CoverageJob, { kind: 'grid' }>, post: (message: CoverageMessage) => void) {
  const { yesTotal, noTotal, delta, method } = job;
  const grid = COVERAGE_GRID[method];
  // The grid is most of the work; the mean width over every outcome takes the rest.
  const coverage = grid(yesTotal, noTotal, delta, GRID_PS, GRID_PS, (rowsDone, rows) => post({ kind: 'progress', fraction: (0.8 * rowsDone) / rows }));
  post({ kind: 'grid', coverage, meanWidth: meanWidth(yesTotal, noTotal, delta, method) });
}

/** The interval's width averaged over all (n₊ + 1)(n₋ + 1) outcomes (each outcome counted once). */
export function meanWidth(yesTotal: number, noTotal: number, delta: number, method: BalancedMethod): number {
  // The estimate-ordered inversion depends on the outcome through t = n₋k₊ + n₊k₋ only.
  const byT = new Map<number, number>();
  let sum = 0;
  for (let yes = 0; yes <= yesTotal; yes++) {
    for (let no = 0; no <= noTotal; no++) {
      const counts = { yes: { correct: yes, total: yesTotal }, no: { correct: no, total: noTotal } };
      if (method !== 'inversion') {
        // The union bound and Buehler's depend on both counts, not on t alone.
        const { lower, upper } = (method === 'union' ? balancedInterval : balancedBuehlerInterval)(counts, delta);
        sum += upper - lower;
        continue;
      }
      const t = yes * noTotal + no * yesTotal;
      let width = byT.get(t);
      if (width === undefined) {
        const { lower, upper } = balancedInversionInterval(counts, delta);
        byT.set(t, (width = upper - lower));
      }
      sum += width;
    }
  }
  return sum / ((yesTotal + 1) * (noTotal + 1));
}
