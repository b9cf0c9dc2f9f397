import { useId } from 'react';

/** A labelled select of names (a detector, a slice column): the sections' shared control. */
export function NameSelect({ label, names, value, onChange }: { label: string; names: readonly string[]; value: string; onChange: (name: string) => void }) {
  const id = useId();
  return (
    <div className="data-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
