import { useCallback } from 'react';
import { useWorkspace } from '../../store/workspace';
import { useSampleSeed } from '../../components/use-sample-seed';

/**
 * What a compare or ranking page reads from the workspace: its detectors (seeded with the samples
 * where a link opens a browser that never had a workspace), whether they are ready, and δ — the
 * link's if it names one, else the workspace's — with a setter that writes it to the link.
 */
export function useCompareWorkspace<Link extends { delta: number | undefined }>(link: Link, setLink: (next: Link) => void) {
  const workspaceDelta = useWorkspace((state) => state.delta);
  const hydrated = useWorkspace((state) => state.hydrated);
  const stored = useWorkspace((state) => state.detectors);
  const loadingSamples = useSampleSeed();
  const setDelta = useCallback((next: number) => setLink({ ...link, delta: next }), [link, setLink]);
  return { stored, ready: hydrated && !loadingSamples, delta: link.delta ?? workspaceDelta, setDelta };
}
