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
  sequentialBoundTable,
  sequentialMissProbability,
  type ProportionMethod,
} from '../../stats';

/**
 * 999 true proportions, 0.001, 0.002, …, 0.999: fine enough to show the sawtooth at a few hundred
 * examples, and on round values (0.01, 0.05, 0.35, …) that can be checked against published tables.
 */
export const CURVE_PS: readonly number[] = Array.from({ length: 999 }, (_, index) => (index + 1) / 1000);

/** 50 × 50 (p⁺, p⁻) cells, 0.01, 0.03, …, 0.99 on each axis. */
export const GRID_PS: readonly number[] = Array.from({ length: 50 }, (_, index) => (2 * index + 1) / 100);

/** 99 true proportions, 0.01, 0.02, …, 0.99, for "Looking after every label" (each costs O(N²) per method). */
export const ANYTIME_PS: readonly number[] = Array.from({ length: 99 }, (_, index) => (index + 1) / 100);

/** The two ways of looking after every label that the page compares. */
export type AnytimeMethod = 'confidence-sequence' | 'clopper-pearson';
export const ANYTIME_METHODS: readonly AnytimeMethod[] = ['confidence-sequence', 'clopper-pearson'];

/** Work for the coverage worker: curves for some methods at n and δ, the balanced interval's grid, or the chance of ever missing within N labels. */
export type CoverageJob =
  | { kind: 'curves'; n: number; delta: number; methods: ProportionMethod[] }
  | { kind: 'grid'; yesTotal: number; noTotal: number; delta: number; method: BalancedMethod }
  | { kind: 'anytime'; horizon: number; delta: number };

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
  | { kind: 'anytime'; missed: Record<AnytimeMethod, number[]> }
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
    else if (job.kind === 'grid') runGrid(job, post);
    else post({ kind: 'anytime', missed: anytimeMisses(job.horizon, job.delta, (fraction) => post({ kind: 'progress', fraction })) });
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

/** Each method's share of the anytime job: the confidence sequence's table (root searches) is most of it. */
const ANYTIME_SHARE: Record<AnytimeMethod, { from: number; table: number; misses: number }> = {
  'confidence-sequence': { from: 0, table: 0.6, misses: 0.1 },
  'clopper-pearson': { from: 0.7, table: 0.2, misses: 0.1 },
};

/**
 * For each method, the exact probability of EVER excluding the true p when the two-sided (1 − δ)
 * interval is recomputed after every label up to N (`sequentialMissProbability` over
 * `sequentialBoundTable`: dynamic programming, no simulation), at each of ANYTIME_PS. The confidence
 * sequence keeps it ≤ δ; Clopper–Pearson, valid for one look, does not.
 */
export function anytimeMisses(horizon: number, delta: number, onProgress: (fraction: number) => void): Record<AnytimeMethod, number[]> {
  const missed = {} as Record<AnytimeMethod, number[]>;
  for (const method of ANYTIME_METHODS) {
    const share = ANYTIME_SHARE[method];
    // A row's work grows with t, so the rows done so far are (t/N)² of the table.
    const table = sequentialBoundTable(horizon, delta, { method }, (trials) => {
      if (trials % 25 === 0) onProgress(share.from + share.table * (trials / horizon) ** 2);
    });
    missed[method] = ANYTIME_PS.map((p, index) => {
      if (index % 10 === 0) onProgress(share.from + share.table + (share.misses * index) / ANYTIME_PS.length);
      return sequentialMissProbability(p, table);
    });
  }
  onProgress(1);
  return missed;
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
