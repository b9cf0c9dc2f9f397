/** What one certified line search did, for tests and the benchmark. */
export interface InversionSearchReport {
  /** The certified bound returned (before clamping to the estimate). */
  bound: number;
  /** A θ at which a point of the line has P[T ≥ t] > α: the exact bound lies in [bound, above]. */
  above: number;
  /** Tail evaluations made, and how many of them went into certification. */
  evaluations: number;
  certifyEvaluations: number;
}

/** P[tail set] at (a, b), enclosed: true ∈ [value·(1 − ε), value·(1 + ε) + dropped] (ε = TAIL_RELATIVE_ERROR). */
export interface LineTail {
  evaluate(a: number, b: number, cutoff?: number): number;
  readonly dropped: number;
  readonly evaluations: number;
}

/**
 * An ordering of the outcomes (x₊, x₋) whose tail sets {ordering ≥ observed} are staircases (up-sets:
 * a larger count never ranks lower), as the certified search needs it. Classes come sorted: A is the
 * smaller (n_A ≤ n_B); a is A's accuracy, b is B's.
 */
export interface LineOrdering {
  nA: number;
  nB: number;
  /** The observed balanced estimate: the approximate search starts there. */
  estimate: number;
  /** The observed accuracies (a, b), a point of the estimate's line, where known. */
  observed?: [number, number];
  tail: LineTail;
  /**
   * How many values of one class's count share one threshold of the other's, at most: [of x₋ per
   * threshold of x₊, of x₊ per threshold of x₋] (Infinity when unknown). Sharpens the three-term bound.
   */
  thresholdShare: [number, number];
  /** A sharper bound on |h''| over a cell's box (aLo, aHi, bLo, bHi), Infinity where it has none. */
  curvature?: (aLo: number, aHi: number, bLo: number, bHi: number) => number;
  /**
   * A closed-form upper bound on P over the whole line 2θ (or over p₊ ∈ [s1, s2] of it, taken in
   * `cells` pieces), for large classes (Berry–Esseen).
   */
  normal?: (theta: number, s1?: number, s2?: number, cells?: number) => number;
  /** A θ at which φ ≤ α is proved by other means: the search never returns less, and stops there. */
  floor?: number;
}

/** A point on the line 2θ: p₊ = s, p₋ = 2θ − s. */
export interface LinePoint {
  s: number;
  value: number;
}
