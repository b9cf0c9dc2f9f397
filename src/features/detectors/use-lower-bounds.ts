import { useEffect, useMemo, useState } from 'react';
import type { Detector } from '../../data/detector';
import { detectorsWithoutLowerBound, rememberLowerBounds } from '../../data/detector-intervals';
import { startWorkerJob } from '../../data/worker-job';
import { runLowerBoundsJob, type LowerBoundsJob, type LowerBoundsMessage } from './lower-bounds-compute';

/** Up to this many missing bounds are computed on the page (≈ 0.15 ms each: well under 200 ms). */
const ON_PAGE_LIMIT = 500;

/**
 * Makes sure every detector's balanced lower bound at δ is known before the list sorts by it: a
 * few are computed on the spot, many (a new δ over 10,000 detectors takes seconds) in a Web Worker
 * with progress, so no δ change or sort holds the page. Returns null when ready, else the fraction done.
 */
export function useLowerBounds(detectors: readonly Detector[], delta: number, needed: boolean): number | null {
  const missing = useMemo(() => (needed ? detectorsWithoutLowerBound(detectors, delta) : []), [detectors, delta, needed]);
  const onPage = missing.length <= ON_PAGE_LIMIT;
  const [progress, setProgress] = useState<{ missing: readonly Detector[]; fraction: number } | null>(null);
  if (missing.length > 0 && onPage) {
    // Cheap enough to do during this render; the sort that follows finds them in the cache.
    rememberLowerBounds(missing, delta, runHere(missing, delta));
  }
  useEffect(() => {
    if (missing.length === 0 || onPage) return undefined;
    const counts = new Float64Array(missing.flatMap((d) => [d.yes.correct, d.yes.total, d.no.correct, d.no.total]));
    return startWorkerJob<LowerBoundsJob, LowerBoundsMessage>({
      createWorker: () => new Worker(new URL('./lower-bounds.worker.ts', import.meta.url), { type: 'module' }),
      runHere: runLowerBoundsJob,
      job: { delta, counts },
      onMessage: (message) => {
        if (message.kind === 'done') rememberLowerBounds(missing, delta, message.lowers);
        setProgress({ missing, fraction: message.kind === 'done' ? 1 : message.fraction });
      },
      onError: () => setProgress({ missing, fraction: 1 }),
    });
  }, [missing, onPage, delta]);
  if (missing.length === 0 || onPage) return null;
  if (progress?.missing === missing && progress.fraction === 1) return null;
  return progress?.missing === missing ? progress.fraction : 0;
}

function runHere(detectors: readonly Detector[], delta: number): ArrayLike<number> {
  let lowers: ArrayLike<number> = [];
  const counts = new Float64Array(detectors.flatMap((d) => [d.yes.correct, d.yes.total, d.no.correct, d.no.total]));
  runLowerBoundsJob({ delta, counts }, (message) => {
    if (message.kind === 'done') lowers = message.lowers;
  });
  return lowers;
}
