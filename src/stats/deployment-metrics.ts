import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import type { DetectorCounts } from './comparison-types';
import { assertClass } from './difference-interval';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import type { DeploymentMetrics, MetricInterval } from './metric-types';
import { monotoneUnionInterval, type MonotoneIngredient } from './monotone-union-interval';

/** Where the detector will run: the share of YES in real traffic, the examples a day, and optionally the range the share is known to lie in. */
export interface Deployment {
  prevalence: number;
  volume: number;
  prevalenceRange?: readonly [number, number];
}

/**
 * What a detector's test counts mean in deployment, at a prevalence π (the share of YES in real
 * traffic) and a volume V (examples a day), each with an exact (1 − δ) interval:
 *
 * - PPV(π) = π·TPR / (π·TPR + (1 − π)·FPR), the share of alarms that are real;
 * - NPV(π) = (1 − π)·TNR / ((1 − π)·TNR + π·FNR), the share of NO answers that are right;
 * - false alarms a day V·(1 − π)·FPR and missed events a day V·π·FNR (expected values).
 *
 * TPR = TP/n₊ and FNR = FN/n₊ come from the YES class, TNR = TN/n₋ and FPR = FP/n₋ from the NO
 * class, each rate bounded on its own count (so a rate near 0 keeps its relative precision).
 * Construction (`monotoneUnionInterval`, the union-bound argument written once): PPV(π) rises with
 * TPR and falls with FPR, so its ends are PPV at (TPR_L, FPR_U) and (TPR_U, FPR_L), the four
 * one-sided exact bounds at δ/4 (NPV(π) likewise from TNR and FNR); each daily count depends on one
 * class only, so it takes that class's exact central interval at δ (δ/2 per side) times V·(1 − π)
 * or V·π. Each of the four intervals holds with probability ≥ 1 − δ on its own (not jointly).
 * Unlike test-set precision, these do not depend on the test set's mix: class totals may be fixed
 * by design (k₊ ~ Bin(n₊, TPR), k₋ ~ Bin(n₋, TNR)) and the guarantee is exact.
 *
 * Uncertain prevalence: with `prevalenceRange` [π_lo, π_hi] the bounds are the worst case over it,
 * still at 1 − δ (a known range costs no δ, and the class bounds hold for every π at once):
 * PPV and missed events rise with π (lower end at π_lo, upper at π_hi); NPV and false alarms fall
 * with π (lower end at π_hi, upper at π_lo). The estimates are at `prevalence`.
 *
 * Reference: the issue's construction (#28); Clopper & Pearson (1934); the blog, "Constructing the
 * Bound for Balanced Accuracy" (union bound); Altman & Bland (1994), "Diagnostic tests 2:
 * predictive values", BMJ 309:102, for PPV/NPV at a prevalence by Bayes' theorem.
 * Domain: each class total ≥ 1, 0 ≤ correct ≤ total whole; 0 < π < 1; V finite ≥ 0;
 * 0 < π_lo ≤ π ≤ π_hi < 1; 1e-300 ≤ δ < 1. About 12 exact bounds: well under 0.1 ms.
 * Errors: RangeError naming the argument ("prevalence must be in (0, 1), got 0",
 * "volume must be a finite number ≥ 0, got -1", "prevalenceRange must be ordered (low ≤ high), got
 * [0.05, 0.01]", "prevalence must lie in prevalenceRange [0.01, 0.05], got 0.2",
 * "yes.correct must be ≤ yes.total (40), got 41", "deployment must be an object {prevalence,
 * volume, prevalenceRange?}, got null"); EmptyClassError for an empty class. `ppv` is null when the
 * detector gave no YES answer on the test set (its estimate is 0/0), `npv` when it gave no NO answer.
 *
 * @example deploymentMetrics({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } },
 *   { prevalence: 0.02, volume: 10_000 }, 0.05)
 * // ≈ { ppv: { estimate: 0.188742, lower: 0.0767516, upper: 0.468269, method: 'exact-union-bound' },
 * //     falseAlarms: { estimate: 816.667, lower: 270.610, upper: 1801.81, method: 'exact-central' }, … }
 */
export function deploymentMetrics(counts: DetectorCounts, deployment: Deployment, delta: number): DeploymentMetrics {
  assertObject(counts, 'counts', '{yes, no}');
  assertClass(counts.yes, 'yes');
  assertClass(counts.no, 'no');
  assertObject(deployment, 'deployment', '{prevalence, volume, prevalenceRange?}');
  const { prevalence, volume } = deployment;
  if (typeof prevalence !== 'number' || !(prevalence > 0 && prevalence < 1)) {
    throw new RangeError(`prevalence must be in (0, 1), got ${String(prevalence)}`);
  }
  if (typeof volume !== 'number' || !(volume >= 0 && volume < Infinity)) {
    throw new RangeError(`volume must be a finite number ≥ 0, got ${String(volume)}`);
  }
  const range = prevalenceRangeOf(deployment.prevalenceRange, prevalence);
  assertDelta(delta);

  const yes = counts.yes;
  const no = counts.no;
  const rate = (total: number, count: number, direction: 1 | -1): MonotoneIngredient => ({
    estimate: count / total,
    direction,
    bounds: (level) => [exactLowerBound(total, count, level), exactUpperBound(total, count, level)],
  });
  const share = (direction: 1 | -1): MonotoneIngredient => ({ estimate: prevalence, direction, range });
  const [tp, fn, tn, fp] = [yes.correct, yes.total - yes.correct, no.correct, no.total - no.correct];

  const ppv = (values: readonly number[]) => predictive(values[0]!, values[1]!, values[2]!);
  const npv = (values: readonly number[]) => predictive(1 - values[0]!, values[1]!, values[2]!);
  const method = (interval: { estimate: number; lower: number; upper: number }, name: string): MetricInterval => ({ ...interval, method: name });
  return {
    prevalence,
    prevalenceRange: range,
    volume,
    delta,
    ppv: tp + fp === 0 ? null : method(monotoneUnionInterval(ppv, [share(1), rate(yes.total, tp, 1), rate(no.total, fp, -1)], delta), 'exact-union-bound'),
    npv: tn + fn === 0 ? null : method(monotoneUnionInterval(npv, [share(-1), rate(no.total, tn, 1), rate(yes.total, fn, -1)], delta), 'exact-union-bound'),
    falseAlarms: method(monotoneUnionInterval(([p, f]) => volume * (1 - p!) * f!, [share(-1), rate(no.total, fp, 1)], delta), 'exact-central'),
    missedEvents: method(monotoneUnionInterval(([p, m]) => volume * p! * m!, [share(1), rate(yes.total, fn, 1)], delta), 'exact-central'),
  };
}

/**
 * s·r / (s·r + (1 − s)·w): the share of right answers among answers of one kind, with s the share of
 * the class they should come from, r its rate of that answer and w the other class's. Rises with s
 * and r, falls with w. Callers keep r > 0 or w > 0 (the 0/0 case is reported as null).
 */
function predictive(s: number, r: number, w: number): number {
  const right = s * r;
  const wrong = (1 - s) * w;
  return right + wrong > 0 ? right / (right + wrong) : 0;
}

/** The validated prevalence range, [π, π] when none was given. */
function prevalenceRangeOf(value: unknown, prevalence: number): readonly [number, number] {
  if (value === undefined) return [prevalence, prevalence];
  if (!Array.isArray(value) || value.length !== 2) {
    throw new RangeError(`prevalenceRange must be an array [low, high], got ${Array.isArray(value) ? `an array of ${value.length}` : String(value)}`);
  }
  value.forEach((end: unknown, index) => {
    if (typeof end !== 'number' || !(end > 0 && end < 1)) throw new RangeError(`prevalenceRange[${index}] must be in (0, 1), got ${String(end)}`);
  });
  const [low, high] = value as [number, number];
  if (!(low <= high)) throw new RangeError(`prevalenceRange must be ordered (low ≤ high), got [${low}, ${high}]`);
  if (!(prevalence >= low && prevalence <= high)) throw new RangeError(`prevalence must lie in prevalenceRange [${low}, ${high}], got ${prevalence}`);
  return [low, high];
}
