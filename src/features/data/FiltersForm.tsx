import { useId, useState } from 'react';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { EvaluationFilter, EvaluationMapping } from '../../data/evaluation';
import { SelectOptions } from '../../components/SelectOptions';

/** Structured filters (column, = or ≠, value) on the slice and detector columns; never SQL text. */
export function FiltersForm({
  mapping,
  filters,
  onChange,
}: {
  mapping: EvaluationMapping;
  filters: readonly EvaluationFilter[];
  onChange: (filters: EvaluationFilter[]) => void;
}) {
  const id = useId();
  const columns = [...(mapping.detector === null ? [] : [mapping.detector]), ...mapping.slices];
  const [column, setColumn] = useState('');
  const [operator, setOperator] = useState<EvaluationFilter['operator']>('=');
  const [value, setValue] = useState('');
  const shownColumn = columns.includes(column) ? column : (columns[0] ?? '');
  if (columns.length === 0) return null;
  return (
    <fieldset className="data-filters">
      <legend>Filters (rows counted only when every filter holds; values compared exactly)</legend>
      {filters.length > 0 && (
        <ul>
          {filters.map((filter, index) => (
            <li key={`${filter.column}\u0000${filter.operator}\u0000${filter.value}`}>
              {filter.column} {filter.operator === '=' ? '=' : '≠'} “{filter.value}”{' '}
              <button type="button" onClick={() => onChange(filters.filter((_, i) => i !== index))}>
                Remove<VisuallyHidden> filter on {filter.column}</VisuallyHidden>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="data-fields">
        <div className="data-field">
          <label htmlFor={`${id}-column`}>Filter column</label>
          <select id={`${id}-column`} value={shownColumn} onChange={(event) => setColumn(event.target.value)}>
            <SelectOptions values={columns} />
          </select>
        </div>
        <div className="data-field">
          <label htmlFor={`${id}-operator`}>Filter operator</label>
          <select id={`${id}-operator`} value={operator} onChange={(event) => setOperator(event.target.value as EvaluationFilter['operator'])}>
            <option value="=">= (equals)</option>
            <option value="!=">≠ (differs)</option>
          </select>
        </div>
        <div className="data-field">
          <label htmlFor={`${id}-value`}>Filter value</label>
          <input id={`${id}-value`} type="text" value={value} onChange={(event) => setValue(event.target.value)} />
        </div>
        <button
          type="button"
          disabled={value === ''}
          onClick={() => {
            onChange([...filters, { column: shownColumn, operator, value }]);
            setValue('');
          }}
        >
          Add filter
        </button>
      </div>
    </fieldset>
  );
}
