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
 * 1e-14 lies outside on each side, and always including k), aggregated into at most about
 * `maxBins` bars. Bin edges are anchored at the tail's edge (k + ½ for the left tail, k − ½ for the
 * right), so no bar straddles it and the shaded area equals the tail probability exactly, whatever
 * the binning. Each bin's mass is a difference of the stats library's CDF (below the mean) or
 * survival function (above it), so it is accurate in both tails.
 */
export function tailSeries(n: number, k: number, p: number, side: TailSide, maxBins = 200): TailSeries {
  const [lo, hi] = massWindow(n, k, p);
  const binWidth = Math.max(1, Math.ceil((hi - lo + 1) / maxBins));
  const cut = side === 'left' ? k + 1 : k; // first outcome right of the tail's edge
  const bins: PmfBin[] = [];
  for (let to = Math.min(cut - 1, hi); to >= lo; to -= binWidth) {
    bins.push({ from: Math.max(lo, to - binWidth + 1), to, mass: 0, inTail: side === 'left' });
  }
  bins.reverse();
  for (let from = Math.max(cut, lo); from <= hi; from += binWidth) {
    bins.push({ from, to: Math.min(hi, from + binWidth - 1), mass: 0, inTail: side === 'right' });
  }

  const mean = n * p;
  const edges = [...bins.map((bin) => bin.from), hi + 1].map((edge) => tailsBelow(edge, n, p, mean));
  bins.forEach((bin, i) => {
    const [below, above] = [edges[i]!, edges[i + 1]!];
    // Subtract the function that is small here, so that far-tail bins keep their relative accuracy.
    bin.mass = bin.from - 1 >= mean ? below.atOrAbove - above.atOrAbove : above.below - below.below;
  });

  const pmf: PmfPoint[] = bins.map((bin) => {
    const height = bin.mass / (bin.to - bin.from + 1);
    return { x: bin.from - 0.5, tail: bin.inTail ? height : 0, rest: bin.inTail ? 0 : height };
  });
  const last = pmf[pmf.length - 1]!;
  pmf.push({ ...last, x: hi + 0.5 }); // closes the last step

  const cdf: CdfPoint[] = edges.map((edge, i) => ({ x: (bins[i]?.from ?? hi + 1) - 0.5, cdf: edge.below }));

  const tailMass = side === 'left' ? binomialCdf(k, n, p) : k === 0 ? 1 : binomialSf(k - 1, n, p);
  const cdfReading = side === 'left' ? tailMass : 1 - tailMass;
  const outsideMass = edges[0]!.below + edges[edges.length - 1]!.atOrAbove;
  return { lo, hi, binWidth, bins, pmf, cdf, tailMass, cdfReading, outsideMass };
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
