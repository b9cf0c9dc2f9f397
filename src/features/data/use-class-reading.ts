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

/** Past this many value combinations of the columns read, the class reading is not quick (see classReadingIsQuick). */
const QUICK_COMBINATIONS = 100_000;

/**
 * Whether the class reading is quick enough to go before the two-class counts: the product of the
 * columns' distinct counts from opening (approximate; 0 where not counted, then not quick) bounds its
 * GROUP BY's groups and the rows it sends back. A label column of ids (a guessed mapping gone wrong)
 * gives a million groups and seconds of work, which then waits for the counts rather than the counts for it.
 */
export function classReadingIsQuick(opened: OpenedEvaluation, columns: ClassColumns): boolean {
  const distinct = (name: string) => opened.columns.find((column) => column.name === name)?.distinct ?? 0;
  const counts = [columns.truth, columns.prediction, columns.detector].filter((name) => name !== null).map(distinct);
  return counts.every((count) => count > 0) && counts.reduce((product, count) => product * count, 1) <= QUICK_COMBINATIONS;
}

/**
 * The opened file read as K-class detectors (issue 31) once its label values are known (`labelValues`
 * null: not read yet for the current columns). A quick reading (classReadingIsQuick) goes first:
 * `settled` is false until its answer is in (or while the label values are not), and the page starts
 * its two-class counting only when settled, so that the engine, one statement at a time, answers this
 * small GROUP BY first instead of after the examples table's build (2 s a million rows). A slow one
 * is asked once the counts are in (`countsDone`), and never holds them. `result` is null when there is
 * nothing to show.
 */
export function useClassReading(
  opened: OpenedEvaluation | null,
  mapping: EvaluationMapping | null,
  filters: readonly EvaluationFilter[],
  labelValues: readonly ValueCount[] | null,
  countsDone: boolean,
): { settled: boolean; result: ClassResult | null } {
  const key = opened === null || labelValues === null ? null : classReadingKey(mapping, filters, labelValues);
  const query = useMemo(() => {
    if (key === null || opened === null) return null;
    const [truth, prediction, detector, filtersAsked] = JSON.parse(key) as [string, string, string | null, EvaluationFilter[]];
    const columns: ClassColumns = { truth, prediction, detector };
    return { opened, columns, filters: filtersAsked, quick: classReadingIsQuick(opened, columns) };
  }, [key, opened]);
  const [answer, setAnswer] = useState<{ query: NonNullable<typeof query>; result: ClassResult } | null>(null);
  const now = query !== null && answer !== null && answer.query === query ? answer.result : null;
  // Once answered, the counts starting again (a label value ticked) ask nothing more.
  const ready = query !== null && (query.quick || countsDone || now !== null);
  useEffect(() => {
    if (query === null || !ready) return undefined;
    let current = true;
    classMatrices(query.columns, query.filters)
      .then((reading) => current && setAnswer({ query, result: { reading, problem: '' } }))
      .catch((error: unknown) => current && setAnswer({ query, result: { reading: null, problem: `The classes could not be counted: ${error instanceof Error ? error.message : String(error)}` } }));
    return () => {
      current = false;
    };
  }, [query, ready]);
  if (opened === null) return { settled: true, result: null };
  if (labelValues === null) return { settled: mapping === null || mapping.prediction === null, result: null };
  if (query === null) return { settled: true, result: null };
  return { settled: now !== null || !query.quick, result: now };
}
