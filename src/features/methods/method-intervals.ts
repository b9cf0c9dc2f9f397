import { balancedNow } from '../../data/workers';
import { BALANCED_METHODS, type BalancedMethod, effectiveMethod, PROPORTION_METHODS } from '../../data/methods';
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

/** An exact balanced interval as a view gets it: now, 'pending' while a worker computes it, null where it is not computed. */
export type ExactBalanced = Interval | 'pending' | null;

export interface BalancedIntervals {
  /**
   * Each exact balanced construction's interval: the union bound always; Buehler's and the
   * estimate-ordered test inversion's 'pending' while a worker computes large counts, null past 10⁷
   * labels per class, where they are not computed.
   */
  byMethod: Record<BalancedMethod, ExactBalanced>;
  /** tailbound's exact union-bound interval (each class bound at δ/4), with its per-class parts. */
  exact: BalancedInterval;
  /** Brodersen et al.'s central 1 − δ posterior interval, with the posterior mean as its estimate. */
  posterior: Interval;
  /** The normal approximation on the balanced point estimate (clipped to [0, 1]): what goes wrong. */
  wald: Interval;
}

/**
 * One construction's interval through the shared service (cached by method, counts and δ): small
 * counts computed on the spot, large ones in a worker ('pending' until they arrive); null past the
 * expensive constructions' ceiling, where the service would stand the union bound in for them.
 */
export function exactBalancedBy(method: BalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number): ExactBalanced {
  if (effectiveMethod(method, yes, no) !== method) return null;
  return balancedNow(method, yes, no, delta);
}

/** The balanced accuracy's intervals from a detector's two classes (both non-empty). */
export function balancedIntervals(yes: ClassCounts, no: ClassCounts, delta: number): BalancedIntervals {
  const posterior = posteriorBalancedAccuracy({
    tp: yes.correct,
    fn: yes.total - yes.correct,
    tn: no.correct,
    fp: no.total - no.correct,
  });
  const exact = balancedInterval({ yes, no }, delta);
  const byMethod = Object.fromEntries(
    BALANCED_METHODS.map((method) => [method, method === 'union' ? exact : exactBalancedBy(method, yes, no, delta)]),
  ) as Record<BalancedMethod, ExactBalanced>;
  return {
    byMethod,
    exact,
    posterior: posterior.interval(delta),
    wald: balancedWaldInterval({ yes, no }, delta),
  };
}
