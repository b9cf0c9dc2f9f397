import { binomialCdf, binomialSf, exactLowerBound, exactUpperBound } from '../../stats';

/** 'upper' = max{p : P[X ≤ k] ≥ δ}; 'lower' = min{p : P[X ≥ k] ≥ δ} (the blog's lower bound, via the error count). */
export type BoundKind = 'upper' | 'lower';

export interface SearchStep {
  p: number;
  /** The tail the bound is about, at p: P[X ≤ k] for 'upper', P[X ≥ k] for 'lower'. */
  tailMass: number;
  /** Whether at least δ of the mass lies in the tail at p, i.e. p is still a plausible accuracy. */
  plausible: boolean;
}

export interface BoundSearch {
  kind: BoundKind;
  /** Bisection midpoints in the order visited; shown one per frame so the tail visibly closes in on δ. */
  steps: SearchStep[];
  /** Where the search lands: the stats library's exact bound, not the last midpoint. */
  bound: number;
  /** The tail mass at the bound (δ, up to the bound's own precision; more when the bound is 0 or 1). */
  boundTailMass: number;
  /** The tail mass the search aims for: δ, or δ/2 for an end of a central interval. */
  targetTail: number;
}

/** The tail read for a bound of this kind at p. */
export function boundTail(kind: BoundKind, n: number, k: number, p: number): number {
  if (kind === 'upper') return binomialCdf(k, n, p);
  return k === 0 ? 1 : binomialSf(k - 1, n, p);
}

/**
 * The blog's bisection, replayed for the picture: starting from the current p, halve the bracket
 * that holds the bound `stepCount` times, recording each midpoint and its tail mass. The tail mass
 * is monotone in p (it falls as p rises for 'upper' and rises for 'lower'), so the bound lies on the
 * plausible side of every midpoint. The final value is `exactUpperBound` / `exactLowerBound` itself.
 */
export function searchBound(kind: BoundKind, n: number, k: number, delta: number, start: number, stepCount = 12): BoundSearch {
  const bound = kind === 'upper' ? exactUpperBound(n, k, delta) : exactLowerBound(n, k, delta);
  // Plausible p lie below the upper bound and above the lower bound.
  const plausibleAt = (p: number) => boundTail(kind, n, k, p) >= delta;
  const towardOne = (kind === 'upper') === plausibleAt(start);
  let low = towardOne ? start : 0;
  let high = towardOne ? 1 : start;
  const steps: SearchStep[] = [];
  for (let i = 0; i < stepCount; i++) {
    const p = (low + high) / 2;
    const tailMass = boundTail(kind, n, k, p);
    const plausible = tailMass >= delta;
    steps.push({ p, tailMass, plausible });
    if (plausible === (kind === 'upper')) low = p;
    else high = p;
  }
  return { kind, steps, bound, boundTailMass: boundTail(kind, n, k, bound), targetTail: delta };
}
