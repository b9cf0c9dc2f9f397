import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import { assertProbability } from './assert-probability';
import type { ClassCounts } from './types';

/**
 * What a label plan assumes. Either a detector's current counts (future labels then come at the
 * observed per-class accuracy and in the observed YES:NO proportion), or assumed accuracies and a
 * YES share with no labels yet — or current counts with the assumptions overridden.
 */
export interface LabelPlanAssumptions {
  /** Labels already in hand (default: none). A class may have total 0 if its accuracy is assumed. */
  current?: { yes: ClassCounts; no: ClassCounts };
  /** Accuracy of future YES labels (default: the observed yes.correct / yes.total). */
  yesAccuracy?: number;
  /** Accuracy of future NO labels (default: the observed no.correct / no.total). */
  noAccuracy?: number;
  /** Fraction of new labels that are YES (default: the current yes.total / (yes.total + no.total)). */
  yesShare?: number;
  /** Miss probability δ of the balanced interval (confidence 1 − δ). */
  delta: number;
  /**
   * Search no further than this many additional labels (default 1e9; at most 1e12). The search is
   * also capped where a class total would pass 2^53 − 1 (see `labelPlanModel`).
   */
  maxAdditionalLabels?: number;
}

/** Per-class counts after `additional` more labels under the plan's assumptions. */
export interface ProjectedCounts {
  additional: number;
  additionalYes: number;
  additionalNo: number;
  yes: ClassCounts;
  no: ClassCounts;
}

/** The validated assumptions and the projection they define. */
export interface LabelPlanModel {
  delta: number;
  yesAccuracy: number;
  noAccuracy: number;
  yesShare: number;
  limit: number;
  /** The largest M that `counts` accepts (every class total stays ≤ 2^53 − 1). */
  capacity: number;
  current: { yes: ClassCounts; no: ClassCounts };
  counts(additional: number): ProjectedCounts;
}

const DEFAULT_LIMIT = 1e9;
const MAX_LIMIT = 1e12;

/**
 * Validates label-plan assumptions and returns the projection they define: after M more labels,
 * ΔYES = round(M·s) and ΔNO = M − ΔYES (s the YES share), and each class's correct count is
 *   k = k₀ + round(a·Δ)
 * — the labels in hand plus the new ones at the class's assumed accuracy a, rounded to a whole
 * count. With a = k₀/n₀ (the default) this is k = round(a·N), the observed accuracy carried forward.
 * Both Δ and k are non-decreasing in M, which the label search relies on.
 *
 * Reference: the projection is a planning assumption, not a statistical model: it answers "if the
 * detector keeps performing as observed". Domain and errors: counts whole with 0 ≤ correct ≤ total
 * (total 0 allowed when that class's accuracy is given); accuracies and yesShare in [0, 1]; δ in
 * [1e-300, 1); maxAdditionalLabels a whole number in [1, 1e12]. A RangeError names the bad argument
 * (as the caller spells it: `assumptions`, `current.yes.total`, `maxAdditionalLabels` …) and value,
 * and says what is missing when a class has no labels and no assumed accuracy, or can never get any.
 * The model's `limit` is maxAdditionalLabels, lowered if needed so that every projected class total
 * stays a safe integer (≤ 2^53 − 1); `counts(M)` for a larger M throws a RangeError naming
 * `additionalLabels`.
 *
 * @example labelPlanModel({ current: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, delta: 0.05 }).counts(100).yes
 * // { correct: 76, total: 80 }
 */
export function labelPlanModel(assumptions: LabelPlanAssumptions): LabelPlanModel {
  assertObject(assumptions, 'assumptions', '{current?, yesAccuracy?, noAccuracy?, yesShare?, delta, maxAdditionalLabels?}');
  assertDelta(assumptions.delta);
  const current = assumptions.current ?? { yes: { correct: 0, total: 0 }, no: { correct: 0, total: 0 } };
  assertObject(current, 'current', '{yes, no}');
  assertObject(current.yes, 'current.yes', '{correct, total}');
  assertObject(current.no, 'current.no', '{correct, total}');
  assertClassCounts(current.yes, 'current.yes');
  assertClassCounts(current.no, 'current.no');
  const yesAccuracy = classAccuracy(assumptions.yesAccuracy, current.yes, 'yesAccuracy', 'YES');
  const noAccuracy = classAccuracy(assumptions.noAccuracy, current.no, 'noAccuracy', 'NO');
  const labelled = current.yes.total + current.no.total;
  if (assumptions.yesShare === undefined && labelled === 0) {
    throw new RangeError('yesShare is needed when there are no labels yet (the fraction of new labels that are YES)');
  }
  const yesShare = assumptions.yesShare ?? current.yes.total / labelled;
  assertProbability('yesShare', yesShare);
  if (yesShare === 0 && current.yes.total === 0) throw new RangeError('yesShare must be > 0 when there are no YES labels yet, got 0');
  if (yesShare === 1 && current.no.total === 0) throw new RangeError('yesShare must be < 1 when there are no NO labels yet, got 1');
  const requested = assumptions.maxAdditionalLabels ?? DEFAULT_LIMIT;
  if (!Number.isSafeInteger(requested) || requested < 1) {
    throw new RangeError(`maxAdditionalLabels must be a whole number ≥ 1, got ${String(requested)}`);
  }
  if (requested > MAX_LIMIT) throw new RangeError(`maxAdditionalLabels must be at most ${MAX_LIMIT}, got ${requested}`);
  // Room left before a class total passes 2^53 − 1 (each class gets at most all new labels).
  const room = Number.MAX_SAFE_INTEGER - Math.max(current.yes.total, current.no.total);
  const limit = Math.min(requested, room);
  return {
    delta: assumptions.delta,
    yesAccuracy,
    noAccuracy,
    yesShare,
    limit,
    capacity: room,
    current,
    counts(additional: number): ProjectedCounts {
      if (additional > room) {
        throw new RangeError(`additionalLabels must be at most ${room} here (more would take a class total past 2^53 − 1), got ${additional}`);
      }
      const additionalYes = Math.round(additional * yesShare);
      const additionalNo = additional - additionalYes;
      return {
        additional,
        additionalYes,
        additionalNo,
        yes: grown(current.yes, additionalYes, yesAccuracy),
        no: grown(current.no, additionalNo, noAccuracy),
      };
    },
  };
}

function grown(counts: ClassCounts, added: number, accuracy: number): ClassCounts {
  return { correct: counts.correct + Math.round(accuracy * added), total: counts.total + added };
}

function classAccuracy(assumed: number | undefined, counts: ClassCounts, name: string, label: string): number {
  if (assumed !== undefined) {
    assertProbability(name, assumed);
    return assumed;
  }
  if (counts.total === 0) throw new RangeError(`${name} is needed: there are no ${label} labels to take it from`);
  return counts.correct / counts.total;
}

function assertClassCounts(counts: ClassCounts, name: string): void {
  for (const key of ['correct', 'total'] as const) {
    const value = counts?.[key];
    if (typeof value !== 'number' || Number.isNaN(value)) throw new RangeError(`${name}.${key} must be a number, got ${String(value)}`);
    if (value < 0) throw new RangeError(`${name}.${key} must not be negative, got ${value}`);
    if (!Number.isSafeInteger(value)) throw new RangeError(`${name}.${key} must be a whole number, got ${value}`);
  }
  if (counts.correct > counts.total) {
    throw new RangeError(`${name}.correct must be ≤ ${name}.total (${counts.total}), got ${counts.correct}`);
  }
}
