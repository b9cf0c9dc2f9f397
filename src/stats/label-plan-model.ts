import { assertDelta } from './assert-delta';
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
  /** Search no further than this many additional labels (default 1e9). */
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
  current: { yes: ClassCounts; no: ClassCounts };
  counts(additional: number): ProjectedCounts;
}

const DEFAULT_LIMIT = 1e9;

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
 * (0, 1); maxAdditionalLabels a whole number ≥ 1. A RangeError names the bad argument and value,
 * and says what is missing when a class has no labels and no assumed accuracy, or can never get any.
 *
 * @example labelPlanModel({ current: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, delta: 0.05 }).counts(100).yes
 * // { correct: 76, total: 80 }
 */
export function labelPlanModel(assumptions: LabelPlanAssumptions): LabelPlanModel {
  assertDelta(assumptions.delta);
  const current = assumptions.current ?? { yes: { correct: 0, total: 0 }, no: { correct: 0, total: 0 } };
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
  const limit = assumptions.maxAdditionalLabels ?? DEFAULT_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`maxAdditionalLabels must be a whole number ≥ 1, got ${String(limit)}`);
  }
  return {
    delta: assumptions.delta,
    yesAccuracy,
    noAccuracy,
    yesShare,
    limit,
    current,
    counts(additional: number): ProjectedCounts {
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
