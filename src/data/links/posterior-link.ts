import type { ConfusionMatrix } from '../../stats';
import { formatWholeCount } from '../format/count-format';
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

/** What a `#/posterior` link may say: the four cells, or each class's results as every other view writes them. */
const POSTERIOR_PARAMS = [...CELLS, 'yes', 'no', 'delta', 'confidence'];

/**
 * Reads a `#/posterior` link; without counts it opens the Brodersen example. The counts are the four
 * cells (`tp`, `fn`, `tn`, `fp`) or, as every other view's link has them, `yes=38/40&no=55/60`
 * (TP = YES correct, FN = the rest; TN = NO correct, FP = the rest). Every problem is named: a
 * missing or malformed count, both forms at once, and any parameter the view does not read (so a
 * link's counts are never silently replaced by the example).
 */
export function parsePosteriorLink(params: URLSearchParams): LinkParse<PosteriorLink> {
  const reader = new LinkReader(params);
  const delta = reader.delta(DEFAULT_POSTERIOR_LINK.delta);
  reader.unexpected(POSTERIOR_PARAMS, 'the posterior view');
  const byCell = CELLS.some((cell) => reader.has(cell));
  const byClass = reader.has('yes') || reader.has('no');
  if (byCell && byClass) {
    reader.problem('yes', 'The link gives both the cells (tp, fn, tn, fp) and the classes (yes, no); give one of the two.');
    return reader.result({ counts: BRODERSEN_EXAMPLE, delta });
  }
  if (byClass) return reader.result({ counts: countsFromClasses(reader), delta });
  if (!byCell) return reader.result({ counts: BRODERSEN_EXAMPLE, delta });
  for (const cell of CELLS) {
    if (!reader.has(cell)) reader.problem(cell, `“${cell}” is missing; the confusion matrix needs all four of tp, fn, tn and fp.`);
  }
  const [tp, fn, tn, fp] = CELLS.map((cell) => reader.wholeNumber(cell, 0, 0, MAX_POSTERIOR_COUNT)) as [number, number, number, number];
  return reader.result({ counts: { tp, fn, tn, fp }, delta });
}

/** The confusion matrix from `yes=` and `no=` (each correct/total); any problem is the reader's (the example stands in). */
function countsFromClasses(reader: LinkReader): ConfusionMatrix {
  const classes = (['yes', 'no'] as const).map((name) => {
    const className = name === 'yes' ? 'should-be-YES' : 'should-be-NO';
    if (!reader.has(name)) {
      reader.problem(name, `“${name}” is missing; the posterior needs both classes’ results, yes=correct/total and no=correct/total.`);
      return undefined;
    }
    const counts = reader.classCounts(name, className, true);
    if (counts !== undefined && counts.total > MAX_POSTERIOR_COUNT) {
      reader.problem(name, `“${name}” has ${formatWholeCount(counts.total)} examples; the posterior view reads up to ${formatWholeCount(MAX_POSTERIOR_COUNT)} a class.`);
      return undefined;
    }
    return counts;
  });
  const [yes, no] = classes;
  if (yes === undefined || no === undefined) return BRODERSEN_EXAMPLE;
  return { tp: yes.correct, fn: yes.total - yes.correct, tn: no.correct, fp: no.total - no.correct };
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
