import { useId, useMemo } from 'react';
import { SelectOptions } from '../../components/SelectOptions';

/**
 * The most detectors the data view lists in a table or offers in a select: a column with a value per
 * row taken for the detector column would otherwise hold the page for seconds (17 s at 100,000).
 */
export const MAX_LISTED_DETECTORS = 500;

/**
 * A labelled select of names (a detector, a slice column): the sections' shared control. It offers
 * the first MAX_LISTED_DETECTORS names (and the chosen one); the counts section says when there are more.
 */
export function NameSelect({ label, names, value, onChange }: { label: string; names: readonly string[]; value: string; onChange: (name: string) => void }) {
  const id = useId();
  const offered = useMemo(() => {
    const first = names.slice(0, MAX_LISTED_DETECTORS);
    return first.includes(value) || !names.includes(value) ? first : [...first, value];
  }, [names, value]);
  return (
    <div className="data-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <SelectOptions values={offered} />
      </select>
    </div>
  );
}
