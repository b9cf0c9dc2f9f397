import type { BalancedMethod } from '../../data/methods';
import { relativeWidth } from '../../data/format';
import type { Interval } from '../../stats';

/** How the methods view names each exact balanced construction, and what it promises, in plain words. */
export const EXACT_BALANCED: Record<BalancedMethod, { name: string; short: string; promise: string }> = {
  buehler: {
    name: 'Exact, never wider than the union bound (Buehler)',
    short: 'the Buehler interval',
    promise:
      'One exact test of the balanced accuracy inverted, its outcomes ordered by the union bound itself, δ/2 per side: guaranteed ≥ 1 − δ ' +
      'coverage, and never wider than the union bound at any counts — about 23% narrower on average at 20 + 20 labels.',
  },
  union: {
    name: 'Exact union bound (the blog’s)',
    short: 'the union bound',
    promise:
      'Each class’s exact lower and upper bounds at δ/4 — four bounds, averaged: guaranteed ≥ 1 − δ coverage for every pair of class ' +
      'accuracies, and the simplest to check by hand.',
  },
  inversion: {
    name: 'Exact test inversion ordered by the estimate',
    short: 'the estimate-ordered test inversion',
    promise:
      'The same exact inversion with outcomes ordered by the balanced estimate, δ/2 per side: guaranteed ≥ 1 − δ coverage, the narrowest ' +
      'on average with classes of similar size (about 28% narrower than the union bound at 20 + 20), but wider than the union bound where ' +
      'one class is near 0% and the other near 100% — a detector that never fires, say.',
  },
};

/** What an exact construction gives at these counts against the union bound (nothing for the union bound itself). */
export function hereVersusUnion(method: BalancedMethod, interval: Interval, union: Interval): string {
  if (method === 'union') return '';
  const { percent, wider } = relativeWidth(union, interval);
  if (percent === 0) return ' Here: about as wide as the union bound.';
  return wider ? ` Here: ${percent}% wider than the union bound.` : ` Here: ${percent}% narrower than the union bound.`;
}

/** The three exact constructions in a few plain sentences: the guarantee they share, and when each is narrower. */
export function BalancedConstructions() {
  return (
    <section className="methods-view__constructions" aria-labelledby="balanced-constructions-heading">
      <h3 id="balanced-constructions-heading">Three exact balanced intervals</h3>
      <p>
        All three keep the same promise — at least 1 − δ coverage whatever the two true class accuracies — and differ only in how they
        spend δ. The workspace’s “Balanced interval” setting picks the one every view shows.
      </p>
      <ul>
        <li>
          <strong>{EXACT_BALANCED.union.name}</strong>: four exact one-sided bounds at δ/4, two per class, averaged (the blog’s construction).
        </li>
        <li>
          <strong>{EXACT_BALANCED.buehler.name}</strong>, the default: an exact test inversion whose outcomes are ordered by the union bound
          (Buehler 1957; Lloyd &amp; Kabaila 2003). Because the union bound is itself a valid bound, this one can never be wider: at every
          count it lies inside the union bound, about 23% narrower on average at 20 + 20 labels, less where a class is small.
        </li>
        <li>
          <strong>{EXACT_BALANCED.inversion.name}</strong>: the same inversion ordered by the balanced estimate. Narrowest on average with
          classes of similar size (about 28% narrower than the union bound at 20 + 20), but wider than the union bound where one class is
          near 0% and the other near 100% — a detector that never fires (0/40 YES, 960/960 NO) gets a much wider interval.
        </li>
      </ul>
    </section>
  );
}
