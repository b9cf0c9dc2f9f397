import { posteriorAccuracy, posteriorBalancedAccuracy, type AccuracyPosterior, type ConfusionMatrix, type Interval } from '../../stats';

export const CHANCE = 0.5;

/** What the page shows about one posterior at the page's δ. */
export interface PosteriorFacts {
  mean: number;
  median: number;
  mode: number;
  /** The central 1 − δ posterior interval; its estimate is the posterior mean. */
  interval: Interval;
  /** P(accuracy > 0.5): the posterior probability of doing better than chance. */
  aboveChance: number;
}

export interface PosteriorCurves {
  balanced: AccuracyPosterior;
  accuracy: AccuracyPosterior;
  /** Chart rows: x in [0, 1] with both posterior densities there. */
  density: { x: number; balanced: number; accuracy: number }[];
}

/** Evenly spread points over [0, 1], plus this many across each posterior's bulk so a narrow peak is drawn. */
const BASE_POINTS = 201;
const BULK_POINTS = 200;
/** The bulk is the central 1 − 1e-6 of each posterior. */
const BULK_ALPHA = 1e-6;

/** Both posteriors of a confusion matrix (Brodersen et al. 2010) and their densities for the chart. */
export function posteriorCurves(counts: ConfusionMatrix): PosteriorCurves {
  const balanced = posteriorBalancedAccuracy(counts);
  const accuracy = posteriorAccuracy(counts);
  const xs = new Set<number>();
  for (let index = 0; index < BASE_POINTS; index++) xs.add(index / (BASE_POINTS - 1));
  for (const posterior of [balanced, accuracy]) {
    const { lower, upper } = posterior.interval(BULK_ALPHA);
    for (let index = 0; index < BULK_POINTS; index++) xs.add(lower + ((upper - lower) * index) / (BULK_POINTS - 1));
  }
  const density = [...xs]
    .sort((a, b) => a - b)
    .map((x) => ({ x, balanced: balanced.pdf(x), accuracy: accuracy.pdf(x) }));
  return { balanced, accuracy, density };
}

/** One posterior's summaries at δ. */
export function posteriorFacts(posterior: AccuracyPosterior, delta: number): PosteriorFacts {
  return {
    mean: posterior.mean,
    median: posterior.median,
    mode: posterior.mode,
    interval: posterior.interval(delta),
    aboveChance: posterior.probabilityAbove(CHANCE),
  };
}
