import type { EvaluationFilter, EvaluationMapping, GroupCounts, PreparedExamples } from '../../data/evaluation';

/** The mapped examples and the per-detector counts, for the mapping and threshold they were made with. */
export interface Counted {
  mapping: EvaluationMapping;
  filters: EvaluationFilter[];
  threshold: number | null;
  prepared: PreparedExamples;
  counts: GroupCounts[];
}
