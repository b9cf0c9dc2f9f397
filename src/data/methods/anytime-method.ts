import { balancedConfidenceSequence, proportionConfidenceSequence, type ClassCounts, type Interval } from '../../stats';

/**
 * Anytime-valid intervals (issue 32): for a label set that keeps growing and is looked at again and
 * again (a CI gate on every run, a dashboard every day). Each is a confidence sequence from Robbins'
 * Beta(1, 1) mixture (stats `proportionConfidenceSequence`), valid at every label count at once:
 * P(∃ n : p ∉ CSₙ) ≤ δ. The balanced one (`balancedConfidenceSequence`) spends δ/2 on each class.
 */
export const ANYTIME_METHOD_IDS = {
  balanced: 'anytime-mixture-union-bound',
  yes: 'anytime-mixture',
  no: 'anytime-mixture',
} as const;

/** How the page and the command name the construction in a sentence. */
export const ANYTIME_METHOD_LABEL = 'anytime-valid confidence sequence (Robbins’ Beta(1, 1) mixture)';

/** The anytime-valid balanced and per-class intervals at 1 − δ; null where a class has no examples. */
export function anytimeIntervals(yes: ClassCounts, no: ClassCounts, delta: number): { balanced: Interval | null; yes: Interval | null; no: Interval | null } {
  const ofClass = (counts: ClassCounts) => (counts.total > 0 ? proportionConfidenceSequence(counts.correct, counts.total, delta) : null);
  const balanced = yes.total > 0 && no.total > 0 ? balancedConfidenceSequence({ yes, no }, delta) : null;
  return { balanced: balanced && { estimate: balanced.estimate, lower: balanced.lower, upper: balanced.upper }, yes: ofClass(yes), no: ofClass(no) };
}
