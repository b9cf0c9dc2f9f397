/**
 * The detector model: a detector and its counts, the versioned detectors file (schema), the list's
 * sorting and filtering, the intervals shown for a detector, its counts over time (monitoring), and
 * the TanStack Query hooks that load the sample detectors; a K-class detector (class-detector) and its intervals (class-intervals).
 */
export * from './detector-intervals';
export * from './detector-metrics';
export * from './detector-list';
export * from './detector';
export * from './detectors-query';
export * from './detectors-schema';
export * from './packed-detectors';
export * from './counts-history';
export * from './class-intervals';
export * from './class-detector';
