import { FieldProblem, TypedInput } from './TypedInput';
import './parsed-field.css';
import { useId, useState } from 'react';

/** A field's reading of its text: a value to commit, or what is wrong with it. */
export type FieldReading<T> = { value: T } | { problem: string };

export interface ParsedFieldProps<T> {
  label: string;
  /** The last committed value, shown as `format(value)`; changed elsewhere, the field follows it. */
  value: T;
  format: (value: T) => string;
  parse: (text: string) => FieldReading<T>;
  onCommit: (value: T) => void;
  placeholder?: string;
  hint?: string;
}

/**
 * A text field for a typed setting (a target, an accuracy, a ratio). Valid text commits as it is
 * typed; invalid text stays in the field with an inline message while the last valid value is kept.
 */
export function ParsedField<T>({ label, value, format, parse, onCommit, placeholder, hint }: ParsedFieldProps<T>) {
  const id = useId();
  const [draft, setDraft] = useState(() => format(value));
  const [shown, setShown] = useState(() => format(value));
  const reading = parse(draft);
  // Changed elsewhere (a preset, a newly opened link): show it, unless the draft already says it.
  if (shown !== format(value)) {
    setShown(format(value));
    if (!('value' in reading) || format(reading.value) !== format(value)) setDraft(format(value));
  }
  const problem = 'problem' in reading ? reading.problem : null;

  function onChange(text: string) {
    setDraft(text);
    const next = parse(text);
    if ('value' in next && format(next.value) !== format(value)) {
      setShown(format(next.value));
      onCommit(next.value);
    }
  }

  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className="parsed-field">
      <label htmlFor={id}>{label}</label>
      <TypedInput id={id} inputMode="decimal" value={draft} placeholder={placeholder} invalid={problem !== null} describedBy={describedBy} onText={onChange} />
      {hint && (
        <span className="parsed-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {problem && (
        <FieldProblem id={`${id}-problem`}>
          {problem} Still using {format(value) || 'the observed value'}.
        </FieldProblem>
      )}
    </div>
  );
}
