import { useId } from 'react';
import { SelectOptions } from '../../components/SelectOptions';
import { DETECTION_METRIC_KEYS, DETECTION_METRIC_METHOD_IDS, detectorMetricFigure, LIST_METRIC_NAMES, type DetectionMetricKey } from '../../data/detectors';
import { formatEstimateWithInterval, formatWholeCount } from '../../data/format';
import { METRIC_METHOD_NAMES } from '../../data/methods';
import type { ClassCounts } from '../../stats';

/** A table's extra metric column: none, or precision, recall, specificity, NPV or F1. */
export type MetricColumnChoice = DetectionMetricKey | 'none';

/** The select that adds a metric column to a table of counts (the counts per detector, the slices). */
export function MetricColumnSelect({ value, onChange }: { value: MetricColumnChoice; onChange: (value: MetricColumnChoice) => void }) {
  const id = useId();
  return (
    <div className="data-field">
      <label htmlFor={id}>Extra metric column</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as MetricColumnChoice)}>
        <SelectOptions values={['none', ...DETECTION_METRIC_KEYS] as const} label={(key) => (key === 'none' ? 'none' : LIST_METRIC_NAMES[key])} />
      </select>
    </div>
  );
}

/** The caption's words for the column: "precision: exact central (Clopper–Pearson) given the number of such answers". */
export function metricColumnCaption(metric: DetectionMetricKey): string {
  return `${LIST_METRIC_NAMES[metric].toLowerCase()}: ${METRIC_METHOD_NAMES[DETECTION_METRIC_METHOD_IDS[metric]]}`;
}

/** One row's cell: the metric's counts and its exact interval at δ, rounded outward. */
export function MetricCell({ counts, metric, delta }: { counts: { yes: ClassCounts; no: ClassCounts }; metric: DetectionMetricKey; delta: number }) {
  const figure = detectorMetricFigure(counts, metric, delta);
  return (
    <td>
      {formatWholeCount(figure.counts.correct)}/{formatWholeCount(figure.counts.total)}{' '}
      {figure.interval ? formatEstimateWithInterval(figure.interval) : <span className="muted">undefined (0/0 or a class without labels)</span>}
    </td>
  );
}
