import { assertConfusionMatrix } from './assert-confusion-matrix';
import { assertDelta } from './assert-delta';
import { assertProbability } from './assert-probability';
import { betaCdf } from './beta-cdf';
import { betaPdf } from './beta-pdf';
import { betaQuantile } from './beta-quantile';
import { betaSf } from './beta-sf';
import { gaussLegendreRule } from './gauss-legendre-rule';
import { incompleteBeta } from './incomplete-beta';
import { minimizeUnimodal } from './minimize-unimodal';
import { normalQuantile } from './normal-quantile';
import type { AccuracyPosterior } from './posterior-accuracy';
import type { ConfusionMatrix, Interval } from './types';

const RULE = gaussLegendreRule(20);
/** Probability left outside the narrower class's starting window on each side. */
const WINDOW_TAIL = 1e-18;
/** Panel width in standard deviations of the narrower class (20 nodes give ~1e-15 on a Gaussian). */
const PANEL_STANDARD_DEVIATIONS = 6;
/** The window grows while the integrand at its edge is above this fraction of its largest value. */
const NEGLIGIBLE = 1e-16;
const MAX_PANELS = 400;
/** The largest class (tp + fn, or tn + fp): beyond it the incomplete betas at the nodes get slow. */
const MAX_CLASS_TOTAL = 1e12;

interface BetaShape {
  a: number;
  b: number;
  mean: number;
  sd: number;
  /** The 1e-18 and 1 − 1e-18 quantiles: where the density is still worth integrating. */
  low: number;
  high: number;
}

/** One quadrature panel: nodes t, the narrow class's density there, weights including both. */
interface Panel {
  nodes: Float64Array;
  densities: Float64Array;
  weights: Float64Array;
}

/** What a convolution integral sums at each node u = X − t: one or two functions of u. */
type WideFunction = (u: number, out: Float64Array) => void;

/**
 * The posterior distribution of the balanced accuracy B = (A₊ + A₋)/2 of a binary classifier,
 * under flat priors: A₊ ~ Beta(TP + 1, FN + 1), A₋ ~ Beta(TN + 1, FP + 1), independent.
 *
 * Formulas (X = 2x, f/F/S the density, CDF and survival function of each class's Beta):
 *   P(B ≤ x) = F₁(X − 1)·[X > 1] + ∫ f₁(t) F₂(X − t) dt,
 *   P(B > x) = S₁(X)·[X < 1]     + ∫ f₁(t) S₂(X − t) dt,
 *   p_B(x)   = 2 ∫ f₁(t) f₂(X − t) dt,
 * each integral over t ∈ [max(0, X − 1), min(1, X)], with class 1 the one with the smaller standard
 * deviation (so the integrand is resolved on its scale). The integrals use 20-point Gauss–Legendre
 * panels 6 standard deviations wide over class 1's [1e-18, 1 − 1e-18] quantile window, grown panel
 * by panel while the integrand at the window's edge is not negligible — so tail probabilities keep
 * their relative precision. Quantiles solve ln P(B ≤ x) = ln q (or the upper tail for q > ½) by
 * bracketed Newton steps with the density as derivative, from a normal first guess; the mode
 * maximises ln p_B (log-concave, so unimodal) by Brent's method (exactly ½ when a class has no
 * labels: its flat prior makes the top flat, see below). The mean is exact: the average of
 * the two Beta means. `interval(alpha)` is the central posterior interval (α/2 in each tail) with
 * the posterior MEAN as its `estimate` (inside [0, 1] and lower ≤ upper always; the mean need not
 * lie inside the interval when α is near 1, where the interval shrinks to the median).
 *
 * Accuracy: quantiles (median, interval) to ~1e-13 absolute, mode ~1e-9, for counts from 0 to at
 * least 10⁶ per class; about 1–3 ms per posterior (constructor + median + mode + one interval),
 * tens of ms at 10¹⁰ per class. Class totals (tp + fn, tn + fp) are capped at 10¹².
 * Reference: K. H. Brodersen, C. S. Ong, K. E. Stephan & J. M. Buhmann (2010), "The balanced
 * accuracy and its posterior distribution", ICPR, §III (eqs. 3–6, Figure 2).
 * Domain: tp, fn, tn, fp whole numbers ≥ 0 (an empty class contributes its flat prior);
 * alpha in [1e-300, 1); x in [0, 1].
 * Errors: RangeError naming the count (`tp` …), `alpha` or `x`, with the value; `matrix: tp + fn
 * must be ≤ 1e12` past the cap.
 *
 * @example
 * const posterior = posteriorBalancedAccuracy({ tp: 41, fn: 4, tn: 3, fp: 7 });
 * posterior.mean // ≈ 0.61; posterior.interval(0.05) // ≈ [0.49, 0.76] — reaches chance (0.5)
 */
export function posteriorBalancedAccuracy(matrix: ConfusionMatrix): AccuracyPosterior {
  assertConfusionMatrix(matrix);
  for (const [cells, total] of [['tp + fn', matrix.tp + matrix.fn], ['tn + fp', matrix.tn + matrix.fp]] as const) {
    if (total > MAX_CLASS_TOTAL) throw new RangeError(`matrix: ${cells} must be ≤ ${MAX_CLASS_TOTAL}, got ${total}`);
  }
  const positive = betaShape(matrix.tp + 1, matrix.fn + 1);
  const negative = betaShape(matrix.tn + 1, matrix.fp + 1);
  const narrow = positive.sd <= negative.sd ? positive : negative;
  // Near 1 the quadrature nodes round (1 − 1e-10 holds only ~6 digits of its distance to 1), and a
  // narrow class there lost up to 5e-7: work on the errors' posterior, 1 − B, whose mass is near 0.
  if (narrow.mean > 0.5) return reflected(posteriorOfClasses(betaShape(matrix.fn + 1, matrix.tp + 1), betaShape(matrix.fp + 1, matrix.tn + 1)));
  return posteriorOfClasses(positive, negative);
}

/** The posterior of 1 − B from that of B. */
function reflected(errors: AccuracyPosterior): AccuracyPosterior {
  return {
    mean: 1 - errors.mean,
    median: 1 - errors.median,
    mode: 1 - errors.mode,
    interval(alpha: number): Interval {
      const { estimate, lower, upper } = errors.interval(alpha);
      return { estimate: 1 - estimate, lower: 1 - upper, upper: 1 - lower };
    },
    cdf: (x) => errors.probabilityAbove(1 - checked(x)),
    pdf: (x) => errors.pdf(1 - checked(x)),
    probabilityAbove: (x) => errors.cdf(1 - checked(x)),
  };
}

/** x checked before it is reflected, so that an error names the caller's value. */
function checked(x: number): number {
  assertProbability('x', x);
  return x;
}

function posteriorOfClasses(positive: BetaShape, negative: BetaShape): AccuracyPosterior {
  const [narrow, wide] = positive.sd <= negative.sd ? [positive, negative] : [negative, positive];
  const integrate = convolution(narrow);
  const scratch = new Float64Array(2);
  const sums = new Float64Array(2);

  /** The wide class's CDF (or survival function) and density at u, from one incomplete-beta call. */
  const wideTail =
    (upper: boolean): WideFunction =>
    (u, out) => {
      if (u <= 0 || u >= 1) {
        out[0] = (u >= 1) !== upper ? 1 : 0;
        out[1] = betaPdf(u <= 0 ? 0 : 1, wide.a, wide.b);
        return;
      }
      const values = incompleteBeta(u, 1 - u, wide.a, wide.b);
      out[0] = upper ? values.sf : values.cdf;
      out[1] = values.density;
    };
  const wideLowerTail = wideTail(false);
  const wideUpperTail = wideTail(true);
  const wideDensity: WideFunction = (u, out) => {
    out[0] = betaPdf(Math.min(Math.max(u, 0), 1), wide.a, wide.b);
  };

  /** P(B ≤ x) (or P(B > x) when `upper`), and the density p_B(x), in one pass over the nodes. */
  function tailAndDensity(x: number, upper: boolean): { tail: number; density: number } {
    const X = 2 * x;
    integrate(X, upper ? wideUpperTail : wideLowerTail, 2, sums, scratch);
    const exact = upper ? (X < 1 ? betaSf(Math.max(X, 0), narrow.a, narrow.b) : 0) : X > 1 ? betaCdf(Math.min(X - 1, 1), narrow.a, narrow.b) : 0;
    return { tail: Math.min(Math.max(exact + sums[0]!, 0), 1), density: 2 * sums[1]! };
  }

  function density(x: number): number {
    integrate(2 * x, wideDensity, 1, sums, scratch);
    return 2 * sums[0]!;
  }

  const mean = (positive.mean + negative.mean) / 2;
  const spread = Math.hypot(positive.sd, negative.sd) / 2;

  /** The x with P(B ≤ x) = target, or P(B > x) = target when `upper`. */
  function quantile(target: number, upper: boolean): number {
    const logTarget = Math.log(target);
    const z = normalQuantile(target);
    let low = 0;
    let high = 1;
    let x = Math.min(Math.max(mean + (upper ? -z : z) * spread, 1e-12), 1 - 1e-12);
    for (let iteration = 0; iteration < 100; iteration++) {
      const { tail, density: slope } = tailAndDensity(x, upper);
      // Residual increasing in x: ln F(x) − ln q, or ln q − ln S(x).
      const residual = upper ? logTarget - Math.log(tail) : Math.log(tail) - logTarget;
      if (residual === 0) return x;
      if (residual < 0) low = x;
      else high = x;
      const step = (residual * tail) / slope;
      // The last Newton step is kept inside the bracket [low, high] ⊂ [0, 1]: a step from x near 0 or
      // 1 could otherwise leave [0, 1] by an ulp or two.
      if (Math.abs(step) <= 1e-14) return Math.min(Math.max(x - step, low), high);
      let next = x - step;
      if (!(next > low && next < high)) next = (low + high) / 2;
      if (high - low <= 1e-15) return next;
      x = next;
    }
    return x;
  }

  const lowest = (positive.low + negative.low) / 2;
  const highest = (positive.high + negative.high) / 2;
  // A class with no labels has the flat prior, Beta(1, 1): then the sum's density is F(s) below s = 1
  // and 1 − F(s − 1) above it (F the other class's CDF), so the mode is exactly ½ — on a top flat to
  // ~1e-8 over a few points, where a numerical search wanders (it read 51.7456% for 0/0 with 10/10).
  const uniform = (shape: BetaShape) => shape.a === 1 && shape.b === 1;
  const mode = uniform(positive) || uniform(negative) ? 0.5 : minimizeUnimodal(
    (x) => {
      const value = density(x);
      return value > 0 ? -Math.log(value) : Number.MAX_VALUE;
    },
    lowest,
    highest,
  );

  return {
    mean,
    median: quantile(0.5, false),
    mode,
    interval(alpha: number): Interval {
      assertDelta(alpha, 'alpha');
      const upper = quantile(alpha / 2, true);
      // As α → 1 both ends tend to the median; rounding must not make them cross.
      return { estimate: mean, lower: Math.min(quantile(alpha / 2, false), upper), upper };
    },
    cdf(x: number): number {
      assertProbability('x', x);
      return tailAndDensity(x, false).tail;
    },
    pdf(x: number): number {
      assertProbability('x', x);
      return density(x);
    },
    probabilityAbove(x: number): number {
      assertProbability('x', x);
      return tailAndDensity(x, true).tail;
    },
  };
}

function betaShape(a: number, b: number): BetaShape {
  const total = a + b;
  return {
    a,
    b,
    mean: a / total,
    sd: Math.sqrt((a * b) / (total * total * (total + 1))),
    low: betaQuantile(WINDOW_TAIL, a, b),
    high: 1 - betaQuantile(WINDOW_TAIL, b, a),
  };
}

/**
 * ∫ f₁(t)·G(X − t) dt over t ∈ [max(0, X − 1), min(1, X)] for one or two functions G at once
 * (`components`), f₁ the density of `narrow`. Panels of the starting window have their nodes and
 * f₁ values precomputed; panels clipped by the limits or added to grow the window are computed
 * on the fly.
 */
function convolution(narrow: BetaShape) {
  const order = RULE.nodes.length;
  const panelCount = Math.max(1, Math.ceil((narrow.high - narrow.low) / (PANEL_STANDARD_DEVIATIONS * narrow.sd)));
  const panelWidth = (narrow.high - narrow.low) / panelCount;
  const edges = Array.from({ length: panelCount + 1 }, (_, index) =>
    index === panelCount ? narrow.high : narrow.low + index * panelWidth,
  );
  const basePanels = Array.from({ length: panelCount }, (_, panel) => panelRule(edges[panel]!, edges[panel + 1]!));

  /** Nodes on [from, to], the density f₁ there, and weights that include the Jacobian and f₁. */
  function panelRule(from: number, to: number): Panel {
    const half = (to - from) / 2;
    const centre = (to + from) / 2;
    const nodes = new Float64Array(order);
    const densities = new Float64Array(order);
    const weights = new Float64Array(order);
    for (let i = 0; i < order; i++) {
      const t = centre + half * RULE.nodes[i]!;
      nodes[i] = t;
      densities[i] = betaPdf(Math.min(Math.max(t, 0), 1), narrow.a, narrow.b);
      weights[i] = half * RULE.weights[i]! * densities[i]!;
    }
    return { nodes, densities, weights };
  }

  return function integrate(X: number, wide: WideFunction, components: number, sums: Float64Array, scratch: Float64Array): void {
    sums.fill(0);
    const from = Math.max(0, X - 1);
    const to = Math.min(1, X);
    if (!(from < to)) return;
    let largest = 0;
    let leftEdgeValue = 0;
    let rightEdgeValue = 0;
    let panels = 0;

    /** Adds one panel; returns the first integrand f₁·G at its first and last nodes (for the edges). */
    const addPanel = ({ nodes, densities, weights }: Panel): [number, number] => {
      let first = 0;
      let last = 0;
      for (let i = 0; i < order; i++) {
        wide(X - nodes[i]!, scratch);
        for (let component = 0; component < components; component++) sums[component]! += weights[i]! * scratch[component]!;
        const integrand = densities[i]! * scratch[0]!;
        largest = Math.max(largest, integrand);
        if (i === 0) first = integrand;
        if (i === order - 1) last = integrand;
      }
      panels++;
      return [first, last];
    };

    // Start on the part of the window inside [from, to]; if there is none, next to the window.
    let left = Math.max(from, narrow.low);
    let right = Math.min(to, narrow.high);
    if (left < right) {
      let firstPanel = true;
      for (let panel = 0; panel < panelCount; panel++) {
        const start = edges[panel]!;
        const end = edges[panel + 1]!;
        if (end <= left || start >= right) continue;
        const clipped = start < left || end > right;
        const [first, last] = addPanel(clipped ? panelRule(Math.max(start, left), Math.min(end, right)) : basePanels[panel]!);
        if (firstPanel) leftEdgeValue = first;
        rightEdgeValue = last;
        firstPanel = false;
      }
    } else if (to <= narrow.low) {
      left = Math.max(from, to - panelWidth);
      right = to;
      [leftEdgeValue] = addPanel(panelRule(left, right));
    } else {
      left = from;
      right = Math.min(to, from + panelWidth);
      [, rightEdgeValue] = addPanel(panelRule(left, right));
    }
    // Grow outwards while the integrand at an open edge is not negligible (it is log-concave, so
    // once small at an edge it only gets smaller beyond it).
    while (left > from && leftEdgeValue > NEGLIGIBLE * largest && panels < MAX_PANELS) {
      const start = Math.max(from, left - panelWidth);
      [leftEdgeValue] = addPanel(panelRule(start, left));
      left = start;
    }
    while (right < to && rightEdgeValue > NEGLIGIBLE * largest && panels < MAX_PANELS) {
      const end = Math.min(to, right + panelWidth);
      [, rightEdgeValue] = addPanel(panelRule(right, end));
      right = end;
    }
  };
}
