import { balancedNow } from '../../data/balanced-intervals-service';
import { effectiveMethod } from '../../data/balanced-method';
import { PROPORTION_METHODS } from '../../data/method-info';
import {
  balancedInterval,
  balancedWaldInterval,
  posteriorBalancedAccuracy,
  proportionInterval,
  type BalancedInterval,
  type ClassCounts,
  type Interval,
  type ProportionMethod,
} from '../../stats';

export interface MethodInterval {
  method: ProportionMethod;
  interval: Interval;
}

/** Every method's two-sided 1 − δ interval for k of n, exact first. */
export function proportionIntervals(n: number, k: number, delta: number): MethodInterval[] {
  return PROPORTION_METHODS.map((method) => ({ method, interval: proportionInterval(method, n, k, delta) }));
}

export interface BalancedIntervals {
  /**
   * tailbound's exact test inversion ('pending' while a worker computes large counts; null past 10⁷
   * labels per class, where it is not computed).
   */
  inverted: Interval | 'pending' | null;
  /** tailbound's exact union-bound interval (each class bound at δ/4). */
  exact: BalancedInterval;
  /** Brodersen et al.'s central 1 − δ posterior interval, with the posterior mean as its estimate. */
  posterior: Interval;
  /** The normal approximation on the balanced point estimate (clipped to [0, 1]): what goes wrong. */
  wald: Interval;
}

/** The balanced accuracy's intervals from a detector's two classes. */
export function balancedIntervals(yes: ClassCounts, no: ClassCounts, delta: number): BalancedIntervals {
  const posterior = posteriorBalancedAccuracy({
    tp: yes.correct,
    fn: yes.total - yes.correct,
    tn: no.correct,
    fp: no.total - no.correct,
  });
  const inverted = effectiveMethod('inversion', yes, no) === 'inversion' ? balancedNow('inversion', yes, no, delta) : null;
  return {
    inverted,
    exact: balancedInterval({ yes, no }, delta),
    posterior: posterior.interval(delta),
    wald: balancedWaldInterval({ yes, no }, delta),
  };
}
