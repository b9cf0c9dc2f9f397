import { useMemo, useState } from 'react';
import type { GroupCounts } from '../../data/evaluation-engine';

/**
 * The detector a data section shows: the user's choice while the counted file still has it, else
 * the first detector (a new file or new filters can drop the one chosen).
 */
export function useDetectorChoice(counts: readonly GroupCounts[]) {
  const detectors = useMemo(() => counts.map((group) => group.group ?? ''), [counts]);
  const [detector, setDetector] = useState(detectors[0] ?? '');
  const shownDetector = detectors.includes(detector) ? detector : (detectors[0] ?? '');
  return { detectors, shownDetector, setDetector };
}
