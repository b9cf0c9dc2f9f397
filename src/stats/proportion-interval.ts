import { agrestiCoullInterval } from './agresti-coull-interval';
import { clopperPearsonInterval } from './clopper-pearson-interval';
import { jeffreysInterval } from './jeffreys-interval';
import type { Interval, ProportionMethod } from './types';
import { waldInterval } from './wald-interval';
import { wilsonInterval } from './wilson-interval';

const METHODS: Record<ProportionMethod, (n: number, k: number, delta: number) => Interval> = {
  clopper_pearson: clopperPearsonInterval,
  wilson: wilsonInterval,
  agresti_coull: agrestiCoullInterval,
  jeffreys: jeffreysInterval,
  wald: waldInterval,
};

/**
 * The two-sided 1 − δ interval for k successes in n trials by the named method — a dispatcher over
 * `clopperPearsonInterval`, `wilsonInterval`, `agrestiCoullInterval`, `jeffreysInterval` and
 * `waldInterval` (see each for its formula and reference), so views and coverage computations can
 * take the method as data.
 *
 * Domain: method one of 'clopper_pearson' | 'wilson' | 'agresti_coull' | 'jeffreys' | 'wald';
 * n ≥ 1 and 0 ≤ k ≤ n whole numbers; 1e-300 ≤ δ < 1.
 * Errors: a `RangeError` naming `method` for an unknown method; otherwise the method's own
 * validation (EmptyClassError for n = 0, RangeError naming the argument and value).
 *
 * @example proportionInterval('wilson', 10, 7, 0.01) // same as wilsonInterval(10, 7, 0.01)
 */
export function proportionInterval(method: ProportionMethod, n: number, k: number, delta: number): Interval {
  return intervalFunction(method)(n, k, delta);
}

function intervalFunction(method: ProportionMethod): (n: number, k: number, delta: number) => Interval {
  const compute = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  if (!compute) {
    throw new RangeError(`method must be one of ${Object.keys(METHODS).join(', ')}, got ${String(method)}`);
  }
  return compute;
}
