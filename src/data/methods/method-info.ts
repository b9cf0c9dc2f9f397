import type { ProportionMethod } from '../../stats';

/** Every interval method, in the order the views list them (exact first, Wald last). */
export const PROPORTION_METHODS: readonly ProportionMethod[] = ['clopper_pearson', 'wilson', 'agresti_coull', 'jeffreys', 'wald'];

/** How the views name an interval method and what it promises (seed ci-for-model-performance, Brown et al. 2001). */
export interface MethodInfo {
  label: string;
  /** One line on what the method promises, and where it breaks that promise. */
  promise: string;
}

export const METHOD_INFO: Record<ProportionMethod, MethodInfo> = {
  clopper_pearson: {
    label: 'Exact (Clopper–Pearson)',
    promise: 'Guaranteed ≥ 1 − δ coverage at every true accuracy; conservative, so usually wider than needed.',
  },
  wilson: {
    label: 'Wilson score',
    promise: 'Honest average coverage close to 1 − δ and always inside [0, 1], but it dips below 1 − δ at some accuracies.',
  },
  agresti_coull: {
    label: 'Agresti–Coull',
    promise: 'Adds z²/2 successes and z²/2 failures, then uses the normal formula: simple and slightly conservative.',
  },
  jeffreys: {
    label: 'Jeffreys',
    promise: 'Bayesian equal-tailed interval under the Jeffreys prior Beta(½, ½): good average coverage, no guarantee at any one accuracy.',
  },
  wald: {
    label: 'Wald (normal approximation)',
    promise: 'The textbook p̂ ± z·√(p̂(1 − p̂)/n): it can collapse to zero width or leave [0, 1], and undercovers near 0% and 100%.',
  },
};
