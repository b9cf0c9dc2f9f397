/** Regula falsi steps at most per `narrow`. */
const MOST_STEPS = 60;

/**
 * The approximate phase's bracket [below, above] of the root of ψ(θ) = log φ(θ) − log α, with
 * ψ(below) < 0 < ψ(above) (ψ = −∞ allowed below). Steps:
 * - `stepDown(from, step)`: the lower end by steps down from `from` that double until ψ < 0 (or θ
 *   reaches 0);
 * - `narrow(target)`: the Illinois method (regula falsi in ψ, halving the value kept twice in a row)
 *   until the bracket is narrower than target(above); bisection when an end is −∞. A secant step
 *   landing within half the target of an end is pushed to half the target from it: one more line
 *   then closes the bracket (bisecting from the far end would take ~10).
 * ψ costs a whole line search (`LinePeakSearch.max`), so each step counts.
 * Reference: Dowell & Jarratt (1971), "A modified regula falsi method for computing the root of an
 * equation", BIT 11, 168–174 (the Illinois method). Internal.
 *
 * @example const bracket = new LineRootBracket(psi, 0.9, psi(0.9)); bracket.stepDown(0.9, 0.05); bracket.narrow(() => 1e-6)
 */
export class LineRootBracket {
  below = 0;
  psiBelow = -Infinity;

  constructor(
    private readonly psi: (theta: number) => number,
    public above: number,
    public psiAbove: number,
  ) {}

  /** Takes θ as the lower end, with its ψ. */
  setBelow(theta: number): void {
    this.below = theta;
    this.psiBelow = this.psi(theta);
  }

  /** Steps down from `from` by doubling steps, starting at `step`, until ψ < 0 (or θ reaches 0). */
  stepDown(from: number, step: number): void {
    for (;;) {
      this.below = Math.max(0, from - step);
      this.psiBelow = this.below === 0 ? -Infinity : this.psi(this.below);
      if (this.psiBelow < 0 || this.below === 0) return;
      step *= 2;
    }
  }

  /** Narrows the bracket to below target(above) (see the class doc). */
  narrow(target: (above: number) => number): void {
    let side = 0;
    for (let iteration = 0; iteration < MOST_STEPS; iteration++) {
      const width = this.above - this.below;
      const goal = target(this.above);
      if (width <= goal) break;
      let next: number;
      if (Number.isFinite(this.psiBelow) && Number.isFinite(this.psiAbove)) {
        next = this.above - (this.psiAbove * width) / (this.psiAbove - this.psiBelow);
        if (next >= this.above - goal / 2) next = this.above - goal / 2;
        else if (next <= this.below + goal / 2) next = this.below + goal / 2;
        if (!(next > this.below && next < this.above)) next = this.below + width / 2;
      } else {
        next = this.below + width / 2;
      }
      const value = this.psi(next);
      if (value > 0) {
        this.above = next;
        this.psiAbove = value;
        if (side === 1 && Number.isFinite(this.psiBelow)) this.psiBelow /= 2;
        side = 1;
      } else {
        this.below = next;
        this.psiBelow = value;
        if (side === -1) this.psiAbove /= 2;
        side = -1;
      }
    }
  }
}
