import type { ConfusionMatrix } from '../../stats';
import { LinkReader, numberParam, type LinkParse } from './link-params';
import { hashHref } from './routes';

/** `#/posterior?tp=41&fn=4&tn=3&fp=7&delta=0.05`: a confusion matrix and the posterior interval's δ. */
export interface PosteriorLink {
  counts: ConfusionMatrix;
  delta: number;
}

/** Brodersen et al. (2010), Figure 2: 45 YES and 10 NO examples, a classifier biased towards YES. */
export const BRODERSEN_EXAMPLE: ConfusionMatrix = { tp: 41, fn: 4, tn: 3, fp: 7 };

/** Counts above this would make the posterior a spike narrower than the chart can draw. */
export const MAX_POSTERIOR_COUNT = 10_000_000;

const CELLS = ['tp', 'fn', 'tn', 'fp'] as const;

export const DEFAULT_POSTERIOR_LINK: PosteriorLink = { counts: BRODERSEN_EXAMPLE, delta: 0.05 };

/** Reads a `#/posterior` link; without counts it opens the Brodersen example. */
export function parsePosteriorLink(params: URLSearchParams): LinkParse<PosteriorLink> {
  const reader = new LinkReader(params);
  const delta = reader.delta(DEFAULT_POSTERIOR_LINK.delta);
  if (!CELLS.some((cell) => reader.has(cell))) return reader.result({ counts: BRODERSEN_EXAMPLE, delta });
  for (const cell of CELLS) {
    if (!reader.has(cell)) reader.problem(cell, `“${cell}” is missing; the confusion matrix needs all four of tp, fn, tn and fp.`);
  }
  const [tp, fn, tn, fp] = CELLS.map((cell) => reader.wholeNumber(cell, 0, 0, MAX_POSTERIOR_COUNT)) as [number, number, number, number];
  return reader.result({ counts: { tp, fn, tn, fp }, delta });
}

export function posteriorHref(link: PosteriorLink): string {
  const { tp, fn, tn, fp } = link.counts;
  return hashHref(['posterior'], {
    tp: numberParam(tp),
    fn: numberParam(fn),
    tn: numberParam(tn),
    fp: numberParam(fp),
    delta: numberParam(link.delta),
  });
}
