import type { Detector } from '../data/detectors';

/** The blog's worked example as a detector: 38 of 40 should-be-YES and 55 of 60 should-be-NO answered right. */
export const FORKLIFT: Detector = {
  id: 'forklift',
  name: 'Forklift',
  query: 'Is there a forklift in the loading bay?',
  yes: { correct: 38, total: 40 },
  no: { correct: 55, total: 60 },
};

/** A detector with no should-be-YES labels yet: no balanced interval, only the should-be-NO one. */
export const SMOKE_WITHOUT_YES: Detector = { id: 'smoke', name: 'Smoke', query: '', yes: { correct: 0, total: 0 }, no: { correct: 297, total: 300 } };
