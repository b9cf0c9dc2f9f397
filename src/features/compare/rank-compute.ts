import {
  balancedBuehlerLowerBound,
  balancedDifferenceInterval,
  balancedDifferenceTest,
  balancedInversionLowerBound,
  balancedOneSidedLowerBound,
  holmAdjust,
  macroRecallInterval,
  simultaneousAboveTarget,
  type DetectorCounts,
} from '../../stats';
import { effectiveMethod, type BalancedMethod } from '../../data/methods';
import { type DetectionMetricKey, detectionMetricFigures, DETECTION_METRIC_KEYS } from '../../data/detectors';
import { deltaProblem } from '../../data/links';

/**
 * Work for the ranking worker: each detector's counts as [yes correct, yes total, no correct, no
 * total] (every class total ≥ 1), and what they are ranked against: a target balanced accuracy, or
 * the detector at `reference` (then the others are the m comparisons).
 */
export type RankJob = { delta: number; counts: Float64Array } & (
  | {
      against: 'target';
      target: number;
      /** The workspace's balanced interval, whose one-sided lower bounds are the simultaneous ones (absent: the union bound). */
      method?: BalancedMethod | undefined;
      /**
       * With an exact search's bounds, the whole family's size when this job's detectors are a part
       * of it (the views share them out to a worker per core); absent, the job's detectors are all m.
       */
      m?: number | undefined;
      /** Rank by this metric's lower bound instead of balanced accuracy's (issue 28). */
      metric?: DetectionMetricKey | undefined;
    }
  | { against: 'reference'; reference: number }
);

/** One detector's verdict, aligned with the job's detectors (the reference's own row is null). */
export interface RankVerdict {
  estimate: number;
  lower: number;
  upper: number;
  /**
   * P-value for "above the target" / "better than the reference", and its Holm adjustment over the m
   * (null against a target with an exact search's bounds: they are not nested in δ, so they give no
   * p-value; the verdict is Bonferroni's).
   */
  pValue: number | null;
  adjustedPValue: number | null;
  /** Proven above the target / better than the reference, family-wise error ≤ δ. */
  provenBetter: boolean;
  /** Proven worse than the reference (its simultaneous interval is below 0). */
  provenWorse: boolean;
}

export type RankMessage =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; verdicts: (RankVerdict | null)[]; m: number }
  | { kind: 'failed'; message: string };

/** Progress is posted at most this often (ms) while the exact searches' bounds are computed. */
const REPORT_EVERY_MS = 200;

/**
 * Against a target, by the union bound: `simultaneousAboveTarget` (Bonferroni lower bounds at δ/m,
 * Holm on the p-values). By an exact search (`method` Buehler's or the estimate-ordered inversion's):
 * each detector's one-sided lower bound by that method at δ/m (Buehler's never below the union
 * bound's; past 10⁷ labels per class the union bound's stands in), all m holding together with
 * probability ≥ 1 − δ (Bonferroni), and a detector proven above the target when its bound is above
 * it — family-wise error ≤ δ. Holm's step-down needs bounds nested in δ, which these orderings do not
 * promise, so there is no p-value (null) and no step-down: with many detectors above the target the
 * union bound's Holm can prove one Bonferroni does not, while the exact bounds prove more where the
 * classes are small. Against a reference on different test sets: `balancedDifferenceInterval` at δ/m for
 * each detector − reference (Bonferroni: all m intervals hold together with probability ≥ 1 − δ,
 * so "worse" (upper < 0) has family-wise error ≤ δ), and "better" by Holm on
 * `balancedDifferenceTest(...).pAGreater` (family-wise error ≤ δ under any dependence; it proves at
 * least what the intervals prove).
 */
export function runRankJob(job: RankJob, post: (message: RankMessage) => void): void {
  try {
    const detectors: DetectorCounts[] = [];
    for (let at = 0; at < job.counts.length; at += 4) {
      detectors.push({ yes: { correct: job.counts[at]!, total: job.counts[at + 1]! }, no: { correct: job.counts[at + 2]!, total: job.counts[at + 3]! } });
    }
    if (job.against === 'target' && job.metric !== undefined) {
      const verdicts = metricVerdicts(detectors, job.metric, job.target, job.delta);
      post({ kind: 'done', verdicts, m: verdicts.filter((verdict) => verdict !== null).length });
      return;
    }
    if (job.against === 'target' && job.method !== undefined && job.method !== 'union') {
      const m = job.m ?? detectors.length;
      post({ kind: 'done', verdicts: exactSearchVerdicts(detectors, job.target, job.delta, m, job.method, post), m });
      return;
    }
    if (job.against === 'target') {
      const verdicts = simultaneousAboveTarget(detectors, job.target, job.delta).map((verdict) => ({
        estimate: verdict.estimate,
        lower: verdict.lower,
        upper: 1,
        pValue: verdict.pValue,
        adjustedPValue: verdict.adjustedPValue,
        provenBetter: verdict.provenAbove,
        provenWorse: false,
      }));
      post({ kind: 'done', verdicts, m: detectors.length });
      return;
    }
    const reference = detectors[job.reference]!;
    const m = detectors.length - 1;
    if (deltaProblem(job.delta / Math.max(1, m)) !== null) {
      // Raising it would break the family-wise guarantee; say what the user can change instead.
      post({ kind: 'failed', message: `δ/m = ${job.delta}/${m} is below 1e-300, the smallest level a difference interval takes: raise δ or rank fewer detectors.` });
      return;
    }
    const others = detectors.filter((_, index) => index !== job.reference);
    const pValues = others.map((counts) => balancedDifferenceTest(counts, reference).pAGreater);
    const adjusted = holmAdjust(pValues);
    const verdicts: (RankVerdict | null)[] = others.map((counts, at) => {
      const interval = balancedDifferenceInterval(counts, reference, job.delta / Math.max(1, m));
      return { ...interval, pValue: pValues[at]!, adjustedPValue: adjusted[at]!, provenBetter: adjusted[at]! <= job.delta, provenWorse: interval.upper < 0 };
    });
    verdicts.splice(job.reference, 0, null);
    post({ kind: 'done', verdicts, m });
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Against a target by a test-set metric (precision, recall, specificity, NPV, F1): each detector's
 * exact one-sided lower bound at δ/m — the lower end of its interval at 2δ/m, which puts δ/m in that
 * tail (Clopper–Pearson's central interval; F1's union bound, whose lower end uses precision's and
 * recall's bounds at δ/(2m) each) — so all m hold together with probability ≥ 1 − δ (Bonferroni),
 * and a detector is proven above the target when its bound is above it: family-wise error ≤ δ.
 * m counts the detectors where the metric is defined; one where it is 0/0 (precision without a YES
 * answer) is null, left out. No p-values (the verdict is Bonferroni's on the bounds).
 */
function metricVerdicts(detectors: readonly DetectorCounts[], metric: DetectionMetricKey, target: number, delta: number): (RankVerdict | null)[] {
  const index = DETECTION_METRIC_KEYS.indexOf(metric);
  // 0/0 where no answer of that kind was given: precision without a YES answer, NPV without a NO answer.
  const answers = ({ yes, no }: DetectorCounts) => (metric === 'precision' ? yes.correct + no.total - no.correct : metric === 'npv' ? no.correct + yes.total - yes.correct : 1);
  const defined = detectors.map((counts) => answers(counts) > 0);
  const m = Math.max(1, defined.filter(Boolean).length);
  const level = (2 * delta) / m;
  if (deltaProblem(level) !== null) throw new RangeError(`2δ/m = ${level} must be a level the intervals take (below 1, at least 1e-300): choose a smaller δ or rank more detectors.`);
  return detectors.map((counts, at) => {
    if (!defined[at]) return null;
    const interval = detectionMetricFigures(counts.yes, counts.no, level)[index]!.interval!;
    return { estimate: interval.estimate, lower: interval.lower, upper: 1, pValue: null, adjustedPValue: null, provenBetter: interval.lower > target, provenWorse: false };
  });
}

/** Against a target by an exact search's one-sided bounds at δ/m (Bonferroni; these detectors may be part of the m), with progress. */
function exactSearchVerdicts(
  detectors: readonly DetectorCounts[],
  target: number,
  delta: number,
  m: number,
  method: Exclude<BalancedMethod, 'union'>,
  post: (message: RankMessage) => void,
): RankVerdict[] {
  if (!Number.isInteger(m) || m < detectors.length) throw new RangeError(`m must be a whole number ≥ the ${detectors.length} detectors, got ${m}`);
  const level = delta / Math.max(1, m);
  // simultaneousAboveTarget checks the counts, the target and δ/(2m) as the union bound's ranking does.
  simultaneousAboveTarget(detectors, target, level * Math.max(1, detectors.length));
  const bound = method === 'buehler' ? balancedBuehlerLowerBound : balancedInversionLowerBound;
  let reported = Date.now();
  return detectors.map((counts, index) => {
    const estimate = (counts.yes.correct / counts.yes.total + counts.no.correct / counts.no.total) / 2;
    // Past the exact searches' ceiling (10⁷ labels per class) the union bound's stands in.
    const lower = effectiveMethod(method, counts.yes, counts.no) === method ? bound(counts, level) : balancedOneSidedLowerBound(counts, level);
    if (Date.now() - reported >= REPORT_EVERY_MS) {
      post({ kind: 'progress', fraction: index / detectors.length });
      reported = Date.now();
    }
    return { estimate, lower, upper: 1, pValue: null, adjustedPValue: null, provenBetter: lower > target, provenWorse: false };
  });
}

/**
 * K-class detectors against a target balanced accuracy, as members of a family of `m` comparisons
 * (Bonferroni): each macro recall's exact one-sided lower bound at δ/m — the union bound's, the mean
 * of its K class recalls' exact (Clopper–Pearson) lower bounds at δ/(mK) each, i.e. the lower end of
 * `macroRecallInterval` at 2δ/m — and proven above the target when the bound is. No p-values.
 * Throws a RangeError when 2δ/m is not a level the intervals take.
 */
export function classTargetVerdicts(matrices: readonly (readonly (readonly number[])[])[], target: number, delta: number, m: number): RankVerdict[] {
  const level = (2 * delta) / m;
  const problem = deltaProblem(level);
  if (problem !== null) throw new RangeError(`2δ/m = ${level} is not a level the intervals take (${problem}): choose another δ or rank fewer detectors.`);
  return matrices.map((matrix) => {
    const { estimate, lower } = macroRecallInterval(matrix, level);
    return { estimate, lower, upper: 1, pValue: null, adjustedPValue: null, provenBetter: lower > target, provenWorse: false };
  });
}
