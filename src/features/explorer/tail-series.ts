import { binomialCdf, binomialPmf, binomialSf } from '../../stats';

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
 * the left tail, k − ½ for the right) is split there into two parts, so the shaded area is the tail
 * probability whatever the binning. Each bin's mass is the sum of its terms (`rangeMass`), so it is
 * accurate in both tails; the CDF at each edge adds them up from the end where it is small. The grid
 * is cached, so moving k alone sums one bar again, not the grid.
 */
export function tailSeries(n: number, k: number, p: number, side: TailSide, maxBins = 200): TailSeries {
  const [lo, hi, step] = snapToTicks(...massWindow(n, k, p), n);
  const binWidth = Math.max(1, Math.ceil((hi - lo + 1) / maxBins));
  const mean = n * p;
  const grid = gridMasses(n, p, lo, hi, binWidth);
  const cut = side === 'left' ? k + 1 : k; // first outcome right of the tail's edge
  const starts = [...grid.starts];
  const masses = [...grid.masses];
  if (cut > lo && cut <= hi) {
    // The bar holding the tail's edge (the last one starting at or before it), split there into its two exact parts.
    let index = starts.length - 1;
    while (starts[index]! > cut) index--;
    const from = starts[index]!;
    if (from !== cut) {
      const to = (starts[index + 1] ?? hi + 1) - 1;
      starts.splice(index + 1, 0, cut);
      masses.splice(index, 1, rangeMass(n, p, from, cut - 1), rangeMass(n, p, cut, to));
    }
  }

  const bins: PmfBin[] = starts.map((from, i) => {
    const next = starts[i + 1] ?? hi + 1;
    return { from, to: next - 1, mass: masses[i]!, inTail: side === 'left' ? next <= cut : from >= cut };
  });
  // The CDF at each edge from the end it is small at, so that it keeps its relative accuracy there.
  const below: number[] = [grid.below];
  for (const mass of masses) below.push(below[below.length - 1]! + mass);
  const atOrAbove = new Array<number>(masses.length + 1);
  atOrAbove[masses.length] = grid.above;
  for (let i = masses.length - 1; i >= 0; i--) atOrAbove[i] = atOrAbove[i + 1]! + masses[i]!;
  const edges = [...starts, hi + 1];
  const cdf: CdfPoint[] = edges.map((edge, i) => ({ x: edge - 0.5, cdf: edge - 1 < mean ? below[i]! : 1 - atOrAbove[i]! }));

  const pmf: PmfPoint[] = bins.map((bin) => {
    const height = bin.mass / (bin.to - bin.from + 1);
    return { x: bin.from - 0.5, tail: bin.inTail ? height : 0, rest: bin.inTail ? 0 : height };
  });
  const last = pmf[pmf.length - 1]!;
  pmf.push({ ...last, x: hi + 0.5 }); // closes the last step

  const tailMass = side === 'left' ? binomialCdf(k, n, p) : k === 0 ? 1 : binomialSf(k - 1, n, p);
  const cdfReading = side === 'left' ? tailMass : 1 - tailMass;
  const outsideMass = grid.below + grid.above;
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

interface GridMasses {
  /** The bars' first outcomes: lo, lo + width, … (each bar ends where the next begins, the last at hi). */
  starts: number[];
  /** Each bar's probability mass. */
  masses: number[];
  /** P[X < lo] and P[X > hi]. */
  below: number;
  above: number;
}

let gridCache: { key: string; grid: GridMasses } | undefined;

/** The bars of `width` outcomes from lo to hi with their masses; the last grid is kept, so moving k alone reuses it. */
function gridMasses(n: number, p: number, lo: number, hi: number, width: number): GridMasses {
  const key = `${n}|${p}|${lo}|${hi}|${width}`;
  if (gridCache?.key !== key) {
    const starts: number[] = [];
    const masses: number[] = [];
    for (let from = lo; from <= hi; from += width) {
      starts.push(from);
      masses.push(rangeMass(n, p, from, Math.min(hi, from + width - 1)));
    }
    const below = lo > 0 ? binomialCdf(lo - 1, n, p) : 0;
    const above = hi < n ? binomialSf(hi, n, p) : 0;
    gridCache = { key, grid: { starts, masses, below, above } };
  }
  return gridCache.grid;
}

/**
 * P[from ≤ X ≤ to] for X ~ Binomial(n, p), summed term by term: the term nearest the mode exactly
 * (binomialPmf), the others by the ratio recurrence away from it, so they can only underflow where
 * they are negligible. A bar spans at most ~1% of the window, so each term is within ~100 roundings
 * of exact (relative error below 3e-14): the bars keep their relative accuracy in both tails, at a
 * fraction of the cost of two CDF values each.
 */
function rangeMass(n: number, p: number, from: number, to: number): number {
  if (to < from) return 0;
  const mode = Math.min(n, Math.floor((n + 1) * p));
  const anchor = Math.min(to, Math.max(from, mode));
  const start = binomialPmf(anchor, n, p);
  let total = start;
  let term = start;
  const odds = p / (1 - p);
  for (let j = anchor; j < to; j++) {
    term *= ((n - j) / (j + 1)) * odds;
    total += term;
  }
  term = start;
  const inverse = (1 - p) / p;
  for (let j = anchor; j > from; j--) {
    term *= (j / (n - j + 1)) * inverse;
    total += term;
  }
  return total;
}
