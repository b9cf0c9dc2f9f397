/**
 * tailbound's statistics library: exact binomial-tail intervals and their relatives.
 * The one public face of src/stats — everything outside imports from here.
 */
export type { BalancedInterval, ClassCounts, ConfusionMatrix, Interval, ProportionMethod } from './types';
