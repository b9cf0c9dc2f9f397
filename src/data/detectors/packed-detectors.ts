import type { Detector } from './detector';

/**
 * Detectors in a form a worker can post cheaply: every string in one text (cut by `ends`), every
 * count in one array. Posting 50,000 detector objects made the page rebuild 250,000 objects from the
 * message (~130 ms in one task); this is one string and two typed arrays.
 */
export interface PackedDetectors {
  text: string;
  /** Per detector, where its id, name, query and source end in `text` (source '' when absent). */
  ends: Uint32Array;
  /** Per detector: yes correct, yes total, no correct, no total. */
  counts: Float64Array;
  /** Per detector, 1 when it has a source. */
  hasSource: Uint8Array;
}

const STRINGS = 4;

export function packDetectors(detectors: readonly Detector[]): PackedDetectors {
  const ends = new Uint32Array(STRINGS * detectors.length);
  const counts = new Float64Array(4 * detectors.length);
  const hasSource = new Uint8Array(detectors.length);
  const parts: string[] = [];
  let length = 0;
  detectors.forEach((detector, index) => {
    [detector.id, detector.name, detector.query, detector.source ?? ''].forEach((part, at) => {
      parts.push(part);
      length += part.length;
      ends[STRINGS * index + at] = length;
    });
    counts.set([detector.yes.correct, detector.yes.total, detector.no.correct, detector.no.total], 4 * index);
    hasSource[index] = detector.source === undefined ? 0 : 1;
  });
  return { text: parts.join(''), ends, counts, hasSource };
}

export function unpackDetectors({ text, ends, counts, hasSource }: PackedDetectors): Detector[] {
  const detectors: Detector[] = new Array(hasSource.length);
  let start = 0;
  const next = (at: number) => {
    const part = text.slice(start, ends[at]);
    start = ends[at]!;
    return part;
  };
  for (let index = 0; index < hasSource.length; index++) {
    const id = next(STRINGS * index);
    const name = next(STRINGS * index + 1);
    const query = next(STRINGS * index + 2);
    const source = next(STRINGS * index + 3);
    const c = 4 * index;
    const detector: Detector = { id, name, query, yes: { correct: counts[c]!, total: counts[c + 1]! }, no: { correct: counts[c + 2]!, total: counts[c + 3]! } };
    if (hasSource[index] === 1) detector.source = source;
    detectors[index] = detector;
  }
  return detectors;
}
