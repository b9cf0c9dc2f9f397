import type { Interval } from './types';

/** An interval for a named metric with the construction that produced it (e.g. 'exact-central', 'exact-union-bound'). */
export interface MetricInterval extends Interval {
  method: string;
}

/** What a detector's counts mean at a deployment's prevalence and volume (`deploymentMetrics`). */
export interface DeploymentMetrics {
  /** The prevalence the estimates are at, and the range the bounds hold over ([π, π] when none was given). */
  prevalence: number;
  prevalenceRange: readonly [number, number];
  /** Examples (e.g. images) a day: the unit of `falseAlarms` and `missedEvents`. */
  volume: number;
  delta: number;
  /** The share of alarms that are real, PPV(π); null when the detector gave no YES answer on the test set (TPR̂ = FPR̂ = 0: 0/0). */
  ppv: MetricInterval | null;
  /** The share of NO answers that are right, NPV(π); null when the detector gave no NO answer on the test set (TNR̂ = FNR̂ = 0: 0/0). */
  npv: MetricInterval | null;
  /** Expected false alarms a day, V·(1 − π)·FPR, in [0, V]. */
  falseAlarms: MetricInterval;
  /** Expected missed events a day, V·π·FNR, in [0, V]. */
  missedEvents: MetricInterval;
}

/** Every detection metric of a detector, each with its own (1 − δ) interval (`detectionMetrics`). */
export interface DetectionMetrics {
  delta: number;
  /** Should-be-YES accuracy (sensitivity, TPR). */
  recall: MetricInterval;
  /** Should-be-NO accuracy (TNR). */
  specificity: MetricInterval;
  /** On the test set's mix; null with no YES answers. */
  precision: MetricInterval | null;
  /** On the test set's mix; null with no NO answers. */
  npv: MetricInterval | null;
  f1: MetricInterval;
}
