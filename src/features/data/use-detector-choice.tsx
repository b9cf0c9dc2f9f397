import { createContext, useCallback, useContext, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { GroupCounts } from '../../data/evaluation';
import type { Counted } from './types';

interface DetectorChoices {
  chosen: Readonly<Record<string, string>>;
  choose: (section: string, detector: string) => void;
}

const DetectorChoicesContext = createContext<DetectorChoices | null>(null);

/**
 * Keeps each section's detector choice above the sections: they are unmounted while the file is
 * counted again (a new threshold, mapping or filter), and the choice must outlive that.
 */
export function DetectorChoicesProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const choose = useCallback((section: string, detector: string) => setChosen((current) => ({ ...current, [section]: detector })), []);
  const value = useMemo(() => ({ chosen, choose }), [chosen, choose]);
  return <DetectorChoicesContext.Provider value={value}>{children}</DetectorChoicesContext.Provider>;
}

/**
 * The detector a data section (`section` names it) shows: the user's choice while the counted file
 * still has it, else the first detector (a new file or new filters can drop the one chosen).
 */
export function useDetectorChoice(counts: readonly GroupCounts[], section: string) {
  const detectors = useMemo(() => counts.map((group) => group.group ?? ''), [counts]);
  const shared = useContext(DetectorChoicesContext);
  if (!shared) throw new Error('useDetectorChoice needs a DetectorChoicesProvider above it');
  const { chosen, choose } = shared;
  const detector = chosen[section];
  const setDetector = useCallback((next: string) => choose(section, next), [choose, section]);
  const shownDetector = detector !== undefined && detectors.includes(detector) ? detector : (detectors[0] ?? '');
  return { detectors, shownDetector, setDetector };
}

/**
 * What a charted data section (time windows, threshold) starts from: ids for its labels, a ref for
 * its chart's picture, the counted file's mapping, filters, threshold and counts, and the detector
 * it shows (`useDetectorChoice`).
 */
export function useChartSection(counted: Counted, section: string) {
  const id = useId();
  const chartRef = useRef<HTMLDivElement>(null);
  return { id, chartRef, ...counted, ...useDetectorChoice(counted.counts, section) };
}
