import type { BalancedMethod } from '../../data/methods';
import { useEffect, useMemo, useState } from 'react';
import type { ProportionMethod } from '../../stats';
import { startCoverageJob } from './coverage-client';
import type { AnytimeMethod, CoverageJob, CoverageMessage } from './coverage-compute';

/** A job's state as the page shows it. `elapsedMs` is undefined when everything came from the cache. */
export interface JobState {
  status: 'computing' | 'ready' | 'error';
  /** 0 to 1. */
  progress: number;
  elapsedMs?: number;
  error?: string;
}

// Results computed on this page, kept for as long as it is open: revisiting settings is instant.
const curveCache = new Map<string, readonly number[]>();
const gridCache = new Map<string, { coverage: readonly (readonly number[])[]; meanWidth: number }>();
const anytimeCache = new Map<string, Readonly<Record<AnytimeMethod, readonly number[]>>>();

const curveKey = (method: ProportionMethod, n: number, delta: number) => `${method}|${n}|${delta}`;

interface TrackedJob extends JobState {
  requestKey: string;
}

type ResultMessage = Extract<CoverageMessage, { kind: 'curve' | 'grid' | 'anytime' }>;

/**
 * Tracks the request `requestKey`; when `needsWork`, runs the job `makeJob()` builds (from what is
 * still missing at that moment), handing results to `onResult` before the job is marked ready.
 * A new request cancels the job in flight.
 */
function useCoverageJob(
  requestKey: string,
  needsWork: boolean,
  makeJob: () => CoverageJob,
  onResult: (message: ResultMessage) => void,
): JobState {
  const [tracked, setTracked] = useState<TrackedJob | null>(null);
  useEffect(() => {
    if (!needsWork) return undefined;
    return startCoverageJob(makeJob(), (message) => {
      if (message.kind === 'progress') setTracked({ requestKey, status: 'computing', progress: message.fraction });
      else if (message.kind === 'done') setTracked({ requestKey, status: 'ready', progress: 1, elapsedMs: message.elapsedMs });
      else if (message.kind === 'error') setTracked({ requestKey, status: 'error', progress: 0, error: message.message });
      else onResult(message);
    });
    // The request key identifies the job; `makeJob` and `onResult` are rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, needsWork]);
  if (tracked?.requestKey === requestKey) return tracked;
  return needsWork ? { status: 'computing', progress: 0 } : { status: 'ready', progress: 1 };
}

export interface CoverageCurves extends JobState {
  /** Coverage at each of CURVE_PS, aligned with `methods`; undefined until every method is computed. */
  curves: readonly (readonly number[])[] | undefined;
}

/** The coverage curves of `methods` at n and δ: from the page's cache, or computed in the worker. */
export function useCoverageCurves(methods: readonly ProportionMethod[], n: number, delta: number): CoverageCurves {
  const missing = () => methods.filter((method) => !curveCache.has(curveKey(method, n, delta)));
  const complete = missing().length === 0;
  const state = useCoverageJob(
    `${n}|${delta}|${methods.join(',')}`,
    !complete,
    () => ({ kind: 'curves', n, delta, methods: missing() }),
    (message) => {
      if (message.kind === 'curve') curveCache.set(curveKey(message.method, n, delta), message.coverage);
    },
  );
  const curves = useMemo(
    () => (complete ? methods.map((method) => curveCache.get(curveKey(method, n, delta))!) : undefined),
    [complete, methods, n, delta],
  );
  return { ...state, curves };
}

export interface BalancedCoverage extends JobState {
  /** coverage[i][j] at p⁺ = GRID_PS[i], p⁻ = GRID_PS[j]; undefined until computed. */
  coverage: readonly (readonly number[])[] | undefined;
  /** The interval's width averaged over every outcome; undefined until computed. */
  meanWidth: number | undefined;
}

/** A balanced interval's coverage over the (p⁺, p⁻) grid for these class sizes, δ and method. */
export function useBalancedCoverage(yesTotal: number, noTotal: number, delta: number, method: BalancedMethod): BalancedCoverage {
  const key = `${yesTotal}|${noTotal}|${delta}|${method}`;
  const state = useCoverageJob(
    key,
    !gridCache.has(key),
    () => ({ kind: 'grid', yesTotal, noTotal, delta, method }),
    (message) => {
      if (message.kind === 'grid') gridCache.set(key, { coverage: message.coverage, meanWidth: message.meanWidth });
    },
  );
  const found = gridCache.get(key);
  return { ...state, coverage: found?.coverage, meanWidth: found?.meanWidth };
}

export interface AnytimeMisses extends JobState {
  /** Per method, the chance of ever missing p within N labels at each of ANYTIME_PS; undefined until computed. */
  missed: Readonly<Record<AnytimeMethod, readonly number[]>> | undefined;
}

/** "Looking after every label" at horizon N and δ: from the page's cache, or computed in the worker. */
export function useAnytimeMisses(horizon: number, delta: number): AnytimeMisses {
  const key = `${horizon}|${delta}`;
  const state = useCoverageJob(
    `anytime|${key}`,
    !anytimeCache.has(key),
    () => ({ kind: 'anytime', horizon, delta }),
    (message) => {
      if (message.kind === 'anytime') anytimeCache.set(key, message.missed);
    },
  );
  return { ...state, missed: anytimeCache.get(key) };
}
