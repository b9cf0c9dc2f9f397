/**
 * The interval methods: which balanced interval (BalancedMethod, computed now by
 * balancedIntervalBy), the one-proportion methods' descriptions, and how the page names them.
 */
export * from './balanced-method';
export * from './interval-wording';
export * from './method-info';
export * from './anytime-method';
