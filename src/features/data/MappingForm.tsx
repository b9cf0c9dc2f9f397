import { useId } from 'react';
import {
  type EvaluationColumn,
  type EvaluationMapping,
  mappingCandidates,
  type SingleRole,
  type ValueCount,
  valueMeaning,
  type ValueMeaning,
  withValueMeaning,
} from '../../data/evaluation';
import { formatWholeCount } from '../../data/format';
import { DataProblem } from './DataProblem';
import { SelectOptions } from '../../components/SelectOptions';

const ROLE_LABELS: Record<SingleRole, string> = {
  truth: 'True label',
  prediction: 'Prediction',
  score: 'Score',
  detector: 'Detector',
  timestamp: 'Timestamp',
  exampleId: 'Example id',
  split: 'Held-out split',
};

const NONE = '';

/** Column roles as selects, slice columns as checkboxes, and each seen label value's meaning. */
export function MappingForm({
  columns: allColumns,
  countedColumns,
  mapping,
  labelValues,
  threshold,
  onChange,
  onThreshold,
}: {
  columns: readonly EvaluationColumn[];
  /** The first columns whose distinct values were counted (the rest are offered by name and type only). */
  countedColumns: number;
  mapping: EvaluationMapping;
  /** The most frequent values of the true-label and prediction columns. */
  labelValues: readonly ValueCount[];
  threshold: number;
  onChange: (mapping: EvaluationMapping) => void;
  onThreshold: (threshold: number) => void;
}) {
  const id = useId();
  const columns = mappingCandidates(allColumns, mapping);
  const counted = new Set(allColumns.slice(0, countedColumns).map((column) => column.name));
  const roleSelect = (role: SingleRole, optional: boolean) => (
    <div className="data-field" key={role}>
      <label htmlFor={`${id}-${role}`}>{ROLE_LABELS[role]}</label>
      <select
        id={`${id}-${role}`}
        value={mapping[role] ?? NONE}
        onChange={(event) => {
          const value = event.target.value === NONE ? null : event.target.value;
          onChange({ ...mapping, [role]: role === 'truth' ? (value ?? mapping.truth) : value, slices: mapping.slices.filter((slice) => slice !== value) });
        }}
      >
        {optional && <option value={NONE}>{role === 'detector' ? '(none: one detector)' : role === 'prediction' ? '(none: score ≥ threshold)' : '(none)'}</option>}
        <SelectOptions values={columns.map((column) => column.name)} />
      </select>
    </div>
  );
  const singleRoles = new Set([mapping.detector, mapping.truth, mapping.prediction, mapping.score, mapping.timestamp, mapping.exampleId, mapping.split]);
  return (
    <fieldset className="data-mapping">
      <legend>Column roles</legend>
      {columns.length < allColumns.length && (
        <p role="note" className="muted">
          This file has {formatWholeCount(allColumns.length)} columns: only the first {formatWholeCount(countedColumns)} were summarised and
          are offered here, with {formatWholeCount(columns.length - Math.min(columns.length, countedColumns))} more whose name or type fits a role; slices come from
          the first {formatWholeCount(countedColumns)}. A column further on can be named in the link (for example <code>truth=…</code>).
        </p>
      )}
      <div className="data-fields">
        {roleSelect('truth', false)}
        {roleSelect('prediction', true)}
        {roleSelect('detector', true)}
        {roleSelect('score', true)}
        {roleSelect('timestamp', true)}
        {roleSelect('exampleId', true)}
        {roleSelect('split', true)}
        {mapping.prediction === null && (
          <div className="data-field">
            <label htmlFor={`${id}-threshold`}>YES when score ≥</label>
            <input
              id={`${id}-threshold`}
              type="number"
              step="any"
              value={threshold}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (event.target.value !== '' && Number.isFinite(value)) onThreshold(value);
              }}
            />
          </div>
        )}
      </div>
      {mapping.prediction === null && mapping.score === null && <DataProblem>Choose a prediction column, or a score column and a threshold.</DataProblem>}
      <fieldset className="data-slices">
        <legend>Slice columns (categorical)</legend>
        {columns
          .filter((column) => !singleRoles.has(column.name) && (counted.has(column.name) || mapping.slices.includes(column.name)))
          .map((column) => (
            <label key={column.name} className="data-check">
              <input
                type="checkbox"
                checked={mapping.slices.includes(column.name)}
                onChange={(event) =>
                  onChange({
                    ...mapping,
                    slices: event.target.checked ? [...mapping.slices, column.name] : mapping.slices.filter((slice) => slice !== column.name),
                  })
                }
              />{' '}
              {column.name} <span className="muted">{counted.has(column.name) ? `(~${formatWholeCount(column.distinct)} values)` : '(values not counted)'}</span>
            </label>
          ))}
      </fieldset>
      <LabelValues mapping={mapping} values={labelValues} onChange={onChange} />
    </fieldset>
  );
}

const MEANING_NAMES: Record<ValueMeaning, string> = { yes: 'YES', no: 'NO', none: 'neither (row unusable)' };

/** Each label value seen, with what it means; the mapping applies to the true label and the prediction. */
function LabelValues({
  mapping,
  values,
  onChange,
}: {
  mapping: EvaluationMapping;
  values: readonly ValueCount[];
  onChange: (mapping: EvaluationMapping) => void;
}) {
  const id = useId();
  const seen = values.filter((value): value is ValueCount & { value: string } => value.value !== null);
  return (
    <fieldset className="data-values">
      <legend>Label values (true label and prediction; compared trimmed, ignoring case)</legend>
      {seen.length === 0 && <p className="muted">No label values found.</p>}
      <ul>
        {seen.map(({ value, rows }, index) => (
          <li key={value}>
            <label htmlFor={`${id}-${index}`}>
              “{value}” <span className="muted">({formatWholeCount(rows)} row{rows === 1 ? '' : 's'})</span> means
            </label>{' '}
            <select
              id={`${id}-${index}`}
              value={valueMeaning(mapping, value)}
              onChange={(event) => onChange(withValueMeaning(mapping, value, event.target.value as ValueMeaning))}
            >
              <SelectOptions values={Object.keys(MEANING_NAMES) as ValueMeaning[]} label={(meaning) => MEANING_NAMES[meaning]} />
            </select>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
