/**
 * tailbound's statistics library: exact binomial-tail intervals and their relatives.
 * The one public face of src/stats — everything outside imports from here.
 */
export type { BalancedInterval, ClassCounts, ConfusionMatrix, Interval, ProportionMethod } from './types';
export type { BalancedIntervalMulti } from './balanced-interval-multi';
// Validation policy
export { EmptyClassError } from './empty-class-error';
export { assertCounts } from './assert-counts';
export { assertDelta } from './assert-delta';
// Distributions
export { binomialPmf } from './binomial-pmf';
export { binomialCdf } from './binomial-cdf';
export { binomialSf } from './binomial-sf';
export { betaPdf } from './beta-pdf';
export { betaCdf } from './beta-cdf';
export { betaSf } from './beta-sf';
export { betaQuantile } from './beta-quantile';
// Exact bounds and intervals
export { exactUpperBound } from './exact-upper-bound';
export { exactLowerBound } from './exact-lower-bound';
export { upperComplement } from './upper-complement';
export { exactInterval } from './exact-interval';
export { balancedInterval } from './balanced-interval';
export { balancedIntervalMulti } from './balanced-interval-multi';
// The tightest exact balanced interval: inverting an exact test of the balanced accuracy (issue 10)
export { balancedInversionInterval } from './balanced-inversion-interval';
export { balancedInversionIntervalLower } from './balanced-inversion-interval-lower';
export { balancedInversionLowerBound } from './balanced-inversion-lower-bound';
export { balancedInversionUpperBound } from './balanced-inversion-upper-bound';
export { balancedInversionCoverageGrid } from './balanced-inversion-coverage-grid';
// Other proportion intervals and their exact coverage (stats helper)
export { normalQuantile } from './normal-quantile';
export { waldInterval } from './wald-interval';
export { balancedWaldInterval } from './balanced-wald-interval';
export { wilsonInterval } from './wilson-interval';
export { agrestiCoullInterval } from './agresti-coull-interval';
export { jeffreysInterval } from './jeffreys-interval';
export { clopperPearsonInterval } from './clopper-pearson-interval';
export { proportionInterval } from './proportion-interval';
export { proportionIntervalTable, type ProportionIntervalTable } from './proportion-interval-table';
export { exactCoverage } from './exact-coverage';
export { coverageCurve } from './coverage-curve';
export { balancedCoverage } from './balanced-coverage';
export { balancedCoverageGrid } from './balanced-coverage-grid';
// Posterior view (Brodersen et al. 2010)
export { posteriorBalancedAccuracy } from './posterior-balanced-accuracy';
export { posteriorAccuracy, type AccuracyPosterior } from './posterior-accuracy';
// Label planner (issue 5)
export { labelsToClearLowerBound } from './labels-to-clear-lower-bound';
export { labelsToReachWidth } from './labels-to-reach-width';
export { labelsForProportion, type ProportionPlan, type ProportionPlanPoint } from './labels-for-proportion';
export { projectBalancedInterval, type BalancedProjection } from './project-balanced-interval';
export { planCurveCounts } from './plan-curve-counts';
export type { LabelPlanAssumptions, ProjectedCounts } from './label-plan-model';
export type { LabelGoal, LabelPlan, LabelPlanPoint } from './plan-labels';
// Comparing detectors (issue 12): paired and unpaired differences, many detectors at once
export type { DetectorCounts, DifferenceInterval, PairedClassCounts, PairedCounts } from './comparison-types';
export { mcnemarExactTest, type McNemarExactTest } from './mcnemar-exact-test';
export { pairedDifferenceInterval } from './paired-difference-interval';
export { pairedDifferenceScoreInterval, TANGO_MAX_N, type PairedScoreInterval } from './paired-difference-score-interval';
export { pairedDifferenceScoreTest, type PairedScoreTest } from './paired-difference-score-test';
export { mcnemarMidP } from './mcnemar-mid-p';
export { pairedBalancedDifferenceInterval, type PairedBalancedDifferenceInterval } from './paired-balanced-difference-interval';
export { pairedBalancedDifferenceTest, type PairedBalancedDifferenceTest } from './paired-balanced-difference-test';
export { differenceInterval } from './difference-interval';
export { differenceBuehlerInterval, type DifferenceBuehlerInterval } from './difference-buehler-interval';
export { unpairedDifferenceScoreInterval, SCORE_MAX_LABELS, type UnpairedScoreInterval } from './unpaired-difference-score-interval';
export { unpairedDifferenceScoreTest, type UnpairedScoreTest } from './unpaired-difference-score-test';
export { BUEHLER_MAX_LABELS } from './balanced-buehler-search';
export { balancedDifferenceInterval } from './balanced-difference-interval';
export { balancedDifferenceBuehlerInterval, type BalancedDifferenceBuehlerInterval } from './balanced-difference-buehler-interval';
export { differenceTest, type DifferenceTest } from './difference-test';
export { balancedDifferenceTest } from './balanced-difference-test';
export { balancedOneSidedLowerBound } from './balanced-one-sided-lower-bound';
export { holmAdjust } from './holm-adjust';
export { simultaneousAboveTarget, type AboveTargetResult } from './simultaneous-above-target';
export { rankAgainstReference, type AgainstReferenceResult } from './rank-against-reference';
// Never wider than the union bound: the exact balanced interval ordered by the union bound (Buehler; issue 25)
export { balancedBuehlerInterval } from './balanced-buehler-interval';
export { balancedBuehlerIntervalLower } from './balanced-buehler-interval-lower';
export { balancedBuehlerLowerBound } from './balanced-buehler-lower-bound';
export { balancedBuehlerUpperBound } from './balanced-buehler-upper-bound';
export { balancedBuehlerCoverageGrid } from './balanced-buehler-coverage-grid';
// Deployment metrics (issue 28)
export type { DeploymentMetrics, DetectionMetrics, MetricInterval } from './metric-types';
export { detectionMetrics } from './detection-metrics';
export { precisionInterval } from './precision-interval';
export { negativePredictiveInterval } from './negative-predictive-interval';
export { f1Interval } from './f1-interval';
export { deploymentMetrics, type Deployment } from './deployment-metrics';
// Multi-class detectors: macro recall (balanced accuracy of K classes) with per-class recall and precision (issue 31)
export { macroRecallInterval, type MacroRecallClass, type MacroRecallInterval } from './macro-recall-interval';
export { MACRO_BUEHLER_MAX_CLASSES, MACRO_BUEHLER_MAX_EXAMPLES, MACRO_BUEHLER_MIN_DELTA, macroRecallBuehlerInterval, type MacroRecallBuehlerInterval } from './macro-recall-buehler-interval';
// Anytime-valid confidence sequences and the exact cost of peeking (issue 32)
export { proportionConfidenceSequence, type ConfidenceSequenceOptions, type SequenceSides } from './proportion-confidence-sequence';
export { balancedConfidenceSequence } from './balanced-confidence-sequence';
export { sequentialBoundTable, type SequentialBoundOptions, type SequentialBoundTable } from './sequential-bound-table';
export { sequentialMissProbability } from './sequential-miss-probability';
export { sequentialStopDistribution, type SequentialPlanSetup, type SequentialStopDistribution } from './sequential-stop-distribution';
export { labelsForMacroRecall, type MacroRecallPlan } from './labels-for-macro-recall';
