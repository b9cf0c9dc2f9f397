import { startTransition, useEffect, useMemo, useState } from 'react';
import { balancedIsQuick, type BalancedMethod } from '../../data/methods';
import { type Detector, detectorsWithoutLowerBound, rememberLowerBounds } from '../../data/detectors';
import { startWorkerJob, workersFor } from '../../data/workers';
import { runLowerBoundsJob, splitByCounts, type LowerBoundsJob, type LowerBoundsMessage } from './lower-bounds-compute';

/**
 * Up to this many missing bounds are computed on the page: union bounds take ≈ 0.15 ms each; the
 * expensive methods' intervals (the test inversion's, Buehler's) of small counts ≈ 1.5 ms (median)
 * each, so fewer of them.
 */
const ON_PAGE_LIMIT: Record<BalancedMethod, number> = { union: 500, inversion: 20, buehler: 20 };
/** A worker for every this many detectors at most (one per core). */
const DETECTORS_PER_WORKER = 200;

/**
 * Makes sure every detector's balanced lower bound at δ (by `method`) is known before the list sorts
 * by it: a few are computed on the spot, many (a new δ over 10,000 detectors takes seconds, minutes
 * for Buehler's or inverted intervals of classes in the tens of thousands) in Web Workers, one per core, with
 * progress, so no δ change or sort holds the page. Returns null when ready, else the fraction done.
 */
export function useLowerBounds(detectors: readonly Detector[], delta: number, method: BalancedMethod, needed: boolean): number | null {
  const missing = useMemo(() => (needed ? detectorsWithoutLowerBound(detectors, delta, method) : []), [detectors, delta, method, needed]);
  const onPage = missing.length <= ON_PAGE_LIMIT[method] && missing.every((d) => balancedIsQuick(method, d.yes, d.no));
  const [progress, setProgress] = useState<{ missing: readonly Detector[]; fraction: number } | null>(null);
  if (missing.length > 0 && onPage) {
    // Cheap enough to do during this render; the sort that follows finds them in the cache.
    runHere(missing, delta, method);
  }
  useEffect(() => {
    if (missing.length === 0 || onPage) return undefined;
    // Started in a task of their own: after a click React runs this effect in the click's task, and
    // starting workers and dealing 10,000 detectors out to them (~30 ms) would lengthen it.
    let stops: (() => void)[] = [];
    const starting = setTimeout(() => {
      // A transition: once the bounds are in, sorting 10,000 detectors and drawing the rows (each
      // computing its upper end) are rendered in slices, not one long task.
      stops = startLowerBoundWorkers(missing, delta, method, (fraction) => startTransition(() => setProgress({ missing, fraction })));
    });
    return () => {
      clearTimeout(starting);
      stops.forEach((stop) => stop());
    };
  }, [missing, onPage, delta, method]);
  if (missing.length === 0 || onPage) return null;
  if (progress?.missing === missing && progress.fraction === 1) return null;
  return progress?.missing === missing ? progress.fraction : 0;
}

/** Workers (one per core) computing the `missing` detectors' lower bounds into the cache; returns their stops. */
function startLowerBoundWorkers(missing: readonly Detector[], delta: number, method: BalancedMethod, onProgress: (fraction: number) => void): (() => void)[] {
  const parts = splitByCounts(missing, workersFor(missing.length, DETECTORS_PER_WORKER));
  const done = parts.map(() => 0); // detectors finished, per part
  const report = () => onProgress(done.reduce((sum, count) => sum + count, 0) / missing.length);
  return parts.map((part, index) =>
    startWorkerJob<LowerBoundsJob, LowerBoundsMessage>({
      createWorker: () => new Worker(new URL('./lower-bounds.worker.ts', import.meta.url), { type: 'module' }),
      runHere: runLowerBoundsJob,
      job: { delta, method, counts: countsOf(part) },
      onMessage: (message) => {
        if (message.kind === 'done') rememberLowerBounds(part, delta, method, message.lowers);
        // A part is finished only when its bounds are in: progress stops one short of it.
        done[index] = message.kind === 'done' ? part.length : Math.min(part.length - 1, Math.floor(message.fraction * part.length));
        report();
      },
      isLast: (message) => message.kind === 'done',
      onError: () => {
        done[index] = part.length;
        report();
      },
    }),
  );
}

function countsOf(detectors: readonly Detector[]): Float64Array {
  const counts = new Float64Array(4 * detectors.length);
  detectors.forEach((d, index) => counts.set([d.yes.correct, d.yes.total, d.no.correct, d.no.total], 4 * index));
  return counts;
}

function runHere(detectors: readonly Detector[], delta: number, method: BalancedMethod): void {
  runLowerBoundsJob({ delta, method, counts: countsOf(detectors) }, (message) => {
    if (message.kind === 'done') rememberLowerBounds(detectors, delta, method, message.lowers);
  });
}
