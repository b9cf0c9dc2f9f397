import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { detectorsFileQuery, resolveSourceUrl, SAMPLE_DETECTORS_URL } from '../data/detectors';
import { useWorkspace } from '../store/workspace';

/**
 * A compare, ranking or report link opened in a browser that never had a workspace gets the sample detectors,
 * as the list would give it, so links naming sample ids work anywhere. With a `?src=` file the list
 * decides (it may ask first): nothing is seeded here, nor when `needed` is false (a view of counts
 * alone). Returns true while the samples are loading.
 */
export function useSampleSeed(needed = true): boolean {
  const hydrated = useWorkspace((state) => state.hydrated);
  const seeded = useWorkspace((state) => state.seeded);
  const seed = useWorkspace((state) => state.seed);
  const wanted = needed && hydrated && !seeded && resolveSourceUrl(window.location.search, window.location.href).kind === 'sample';
  const samples = useQuery({ ...detectorsFileQuery(SAMPLE_DETECTORS_URL), enabled: wanted });
  useEffect(() => {
    if (wanted && samples.data) seed(samples.data);
  }, [wanted, samples.data, seed]);
  return wanted && !samples.isError;
}
