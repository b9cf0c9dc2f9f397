import { useEffect, useMemo, useState } from 'react';
import { classMatrices } from '../../data/evaluation/browser';
import type { ClassColumns, ClassReading, EvaluationFilter, EvaluationMapping, OpenedEvaluation, ValueCount } from '../../data/evaluation';

/** The file read as K-class detectors, or why it could not be. */
export interface ClassResult {
  reading: ClassReading | null;
  problem: string;
}

/**
 * Whether the labels may be 3 to MAX_CLASSES classes: the true-label and prediction columns' most
 * frequent values (trimmed, lower-case) hold at least three. Only then is the file also read as
 * classes (one more pass over it); the reading itself decides from the true labels alone.
 */
export function mayHoldClasses(labelValues: readonly ValueCount[]): boolean {
  return labelValues.filter((entry) => entry.value !== null).length >= 3;
}

/**
 * What a class reading is asked with, as one string: only these columns, the filters and the file
 * change it (the page makes a new mapping and filter list on any change, e.g. a label value ticked);
 * null when no reading is needed (no prediction column, or the label values show fewer than three).
 */
export function classReadingKey(mapping: EvaluationMapping | null, filters: readonly EvaluationFilter[], labelValues: readonly ValueCount[]): string | null {
  if (mapping === null || mapping.prediction === null || !mayHoldClasses(labelValues)) return null;
  return JSON.stringify([mapping.truth, mapping.prediction, mapping.detector, filters]);
}

/**
 * The opened file read as K-class detectors (issue 31) once its label values are known (`labelValues`
 * null: not read yet for the current columns). `settled` is false while the answer is still unknown
 * (label values not in, or the reading under way): the page starts its two-class counting only when
 * settled, so that the engine, one statement at a time, answers this small GROUP BY first instead of
 * after the examples table's build (2 s a million rows). `result` is null when there is nothing to show.
 */
export function useClassReading(
  opened: OpenedEvaluation | null,
  mapping: EvaluationMapping | null,
  filters: readonly EvaluationFilter[],
  labelValues: readonly ValueCount[] | null,
): { settled: boolean; result: ClassResult | null } {
  const key = opened === null || labelValues === null ? null : classReadingKey(mapping, filters, labelValues);
  const query = useMemo(() => {
    if (key === null || opened === null) return null;
    const [truth, prediction, detector, filtersAsked] = JSON.parse(key) as [string, string, string | null, EvaluationFilter[]];
    return { opened, columns: { truth, prediction, detector } satisfies ClassColumns, filters: filtersAsked };
  }, [key, opened]);
  const [answer, setAnswer] = useState<{ query: NonNullable<typeof query>; result: ClassResult } | null>(null);
  useEffect(() => {
    if (query === null) return undefined;
    let current = true;
    classMatrices(query.columns, query.filters)
      .then((reading) => current && setAnswer({ query, result: { reading, problem: '' } }))
      .catch((error: unknown) => current && setAnswer({ query, result: { reading: null, problem: `The classes could not be counted: ${error instanceof Error ? error.message : String(error)}` } }));
    return () => {
      current = false;
    };
  }, [query]);
  if (opened === null) return { settled: true, result: null };
  if (labelValues === null) return { settled: mapping === null || mapping.prediction === null, result: null };
  if (query === null) return { settled: true, result: null };
  const now = answer !== null && answer.query === query ? answer.result : null;
  return { settled: now !== null, result: now };
}
