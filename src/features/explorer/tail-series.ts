import { binomialCdf, binomialSf } from '../../stats';

/** Which tail of Binomial(n, p) is read off: 'left' = P[X ≤ k] (upper bound), 'right' = P[X ≥ k] (lower bound). */
export type TailSide = 'left' | 'right';

/** A run of outcomes from..to (inclusive) drawn as one bar, with its exact probability mass. */
export interface PmfBin {
  from: number;
  to: number;
  mass: number;
  inTail: boolean;
}

/** One step of the PMF drawn as a step area: the bin starting at x (= from − ½) has this mean P[X = j]. */
export interface PmfPoint {
  x: number;
  tail: number;
  rest: number;
}

/** The CDF sampled between outcomes: at x = e − ½ its value is F(e − 1), exact for the step function. */
export interface CdfPoint {
  x: number;
  cdf: number;
}

export interface TailSeries {
  /** The drawn window of outcomes [lo, hi]; always contains k and the mean, and all but ~1e-14 of the mass. */
  lo: number;
  hi: number;
  /** The x axis' tick step: lo is a multiple of it, and hi too unless it is N. */
  tickStep: number;
  /** Outcomes per bar (the bins touching the window's ends or k may hold fewer). */
  binWidth: number;
  bins: PmfBin[];
  pmf: PmfPoint[];
  cdf: CdfPoint[];
  /** The exact tail probability: P[X ≤ k] for 'left', P[X ≥ k] for 'right'. */
  tailMass: number;
  /** F at the level the tail is read off the CDF: F(k) for 'left', F(k − 1) for 'right'. */
  cdfReading: number;
  /** Probability outside [lo, hi], left out of the drawing. */
  outsideMass: number;
}

/** Mass beyond the window's ends that may be left undrawn. */
const NEGLIGIBLE = 1e-14;
/** Fewer outcomes than this are widened so that a point-mass distribution is still readable. */
const MIN_WINDOW = 20;

/**
 * The PMF and CDF of Binomial(n, p) as drawn by the explorer, with the tail at k marked.
 *
 * Only the window where the mass is non-negligible is drawn (mean ± 8 sd, widened until less than
 * 1e-14 lies outside on each side, and always including k; its ends snapped outward to the axis
 * ticks, so that small moves of p leave the axes as they are — see `snapToTicks`), aggregated into at most about
 * `maxBins` bars on a fixed grid from the window's start. The bar holding the tail's edge (k + ½ for
 * the left tail, k − ½ for the right) is split there into two exact parts, so the shaded area equals
 * the tail probability exactly, whatever the binning. Each bin's mass is a difference of the stats
 * library's CDF (below the mean) or survival function (above it), so it is accurate in both tails.
 * The grid's values are cached, so moving k alone costs one more CDF value, not a new grid.
 */
export function tailSeries(n: number, k: number, p: number, side: TailSide, maxBins = 200): TailSeries {
  const [lo, hi, step] = snapToTicks(...massWindow(n, k, p), n);
  const binWidth = Math.max(1, Math.ceil((hi - lo + 1) / maxBins));
  const mean = n * p;
  const grid = gridEdges(n, p, lo, hi, binWidth);
  const cut = side === 'left' ? k + 1 : k; // first outcome right of the tail's edge
  const edges = [...grid.entries()];
  if (cut > lo && cut <= hi && !grid.has(cut)) {
    const at = edges.findIndex(([edge]) => edge > cut);
    edges.splice(at, 0, [cut, tailsBelow(cut, n, p, mean)]);
  }

  const bins: PmfBin[] = edges.slice(0, -1).map(([from, below], i) => {
    const [next, above] = edges[i + 1]!;
    // Subtract the function that is small here, so that far-tail bins keep their relative accuracy.
    const mass = from - 1 >= mean ? below.atOrAbove - above.atOrAbove : above.below - below.below;
    return { from, to: next - 1, mass, inTail: side === 'left' ? next <= cut : from >= cut };
  });

  const pmf: PmfPoint[] = bins.map((bin) => {
    const height = bin.mass / (bin.to - bin.from + 1);
    return { x: bin.from - 0.5, tail: bin.inTail ? height : 0, rest: bin.inTail ? 0 : height };
  });
  const last = pmf[pmf.length - 1]!;
  pmf.push({ ...last, x: hi + 0.5 }); // closes the last step

  const cdf: CdfPoint[] = edges.map(([edge, tails]) => ({ x: edge - 0.5, cdf: tails.below }));

  const tailMass = side === 'left' ? binomialCdf(k, n, p) : k === 0 ? 1 : binomialSf(k - 1, n, p);
  const cdfReading = side === 'left' ? tailMass : 1 - tailMass;
  const outsideMass = edges[0]![1].below + edges[edges.length - 1]![1].atOrAbove;
  return { lo, hi, tickStep: step, binWidth, bins, pmf, cdf, tailMass, cdfReading, outsideMass };
}

/**
 * The outcomes worth drawing: mean ± 8 sd (plus a margin for skewed, small-mean cases), widened until
 * less than 1e-14 of the mass lies beyond each end, then stretched to include k.
 */
export function massWindow(n: number, k: number, p: number): [number, number] {
  const mean = n * p;
  const reach = 8 * Math.sqrt(n * p * (1 - p)) + 2;
  let below = reach;
  let lo = Math.max(0, Math.floor(mean - below));
  while (lo > 0 && binomialCdf(lo - 1, n, p) > NEGLIGIBLE) {
    below *= 2;
    lo = Math.max(0, Math.floor(mean - below));
  }
  let above = reach;
  let hi = Math.min(n, Math.ceil(mean + above));
  while (hi < n && binomialSf(hi, n, p) > NEGLIGIBLE) {
    above *= 2;
    hi = Math.min(n, Math.ceil(mean + above));
  }
  lo = Math.min(lo, k);
  hi = Math.max(hi, k);
  const missing = MIN_WINDOW - (hi - lo);
  if (missing > 0) {
    lo = Math.max(0, lo - Math.ceil(missing / 2));
    hi = Math.min(n, lo + MIN_WINDOW);
    lo = Math.max(0, hi - MIN_WINDOW);
  }
  return [lo, hi];
}

/** The x axis spans this many tick steps, wherever the window is not cut short at 0 or N. */
export const AXIS_STEPS = 6;

/** Tick steps per decade: round, and close enough together that the window fills at least 5/12 of the axis (2 apart at most). */
const STEP_MULTIPLES = [1, 2, 2.5, 4, 5, 8, 10];

/** The smallest whole-number step from STEP_MULTIPLES × 10^m with (AXIS_STEPS − 1) steps covering `width`. */
export function tickStep(width: number): number {
  const raw = Math.max(1, width / (AXIS_STEPS - 1));
  const power = 10 ** Math.floor(Math.log10(raw));
  return STEP_MULTIPLES.map((multiple) => multiple * power).find((candidate) => candidate >= raw && Number.isInteger(candidate))!;
}

/**
 * The window [lo, hi] widened to AXIS_STEPS tick steps, [start, start + AXIS_STEPS·step], centred
 * on it to within half a step and cut at 0 and n. The axis is then the same in tick units — ticks at
 * 0, 1, …, AXIS_STEPS — wherever the window lies and whatever its width, until it is cut short at 0
 * or n: a drag of p or N changes the ticks' labels, not the chart's axes. Returns [start, end, step].
 */
export function snapToTicks(lo: number, hi: number, n: number): [number, number, number] {
  const step = tickStep(hi - lo);
  // (AXIS_STEPS − 1)·step ≥ hi − lo: at least one step of slack, shared out on both sides.
  const slack = AXIS_STEPS * step - (hi - lo);
  const start = Math.max(0, Math.round((lo - slack / 2) / step) * step);
  return [start, Math.min(n, start + AXIS_STEPS * step), step];
}

let gridCache: { key: string; edges: Map<number, TailsAtEdge> } | undefined;

/** The cumulative probabilities at lo, lo + width, … and hi + 1, in order; the last grid is kept for reuse. */
function gridEdges(n: number, p: number, lo: number, hi: number, width: number): Map<number, TailsAtEdge> {
  const key = `${n}|${p}|${lo}|${hi}|${width}`;
  if (gridCache?.key !== key) {
    const mean = n * p;
    const edges = new Map<number, TailsAtEdge>();
    for (let edge = lo; edge <= hi; edge += width) edges.set(edge, tailsBelow(edge, n, p, mean));
    edges.set(hi + 1, tailsBelow(hi + 1, n, p, mean));
    gridCache = { key, edges };
  }
  return gridCache.edges;
}

interface TailsAtEdge {
  /** P[X ≤ edge − 1] */
  below: number;
  /** P[X ≥ edge] */
  atOrAbove: number;
}

/** Both cumulative probabilities at a bin edge, the small one computed directly. */
function tailsBelow(edge: number, n: number, p: number, mean: number): TailsAtEdge {
  if (edge <= 0) return { below: 0, atOrAbove: 1 };
  if (edge > n) return { below: 1, atOrAbove: 0 };
  if (edge - 1 < mean) {
    const below = binomialCdf(edge - 1, n, p);
    return { below, atOrAbove: 1 - below };
  }
  const atOrAbove = binomialSf(edge - 1, n, p);
  return { below: 1 - atOrAbove, atOrAbove };
}
