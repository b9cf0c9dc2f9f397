import { formatWholeCount } from '../data/format';
import { FieldProblem, TypedInput } from './TypedInput';
import { useEffect, useId, useState } from 'react';
import './count-field.css';
import './field-error.css';

/** The largest count a field accepts; far beyond any labelled test set, well inside exact integers. */
export const MAX_COUNT = 1_000_000_000;

export interface CountLimit {
  value: number;
  /** Shown when the limit is broken, e.g. "Correct can't exceed the total (40)." */
  message: string;
}

/** Why `text` is not a usable count under the limits, or null when it is one. */
export function countProblem(text: string, min?: CountLimit, max?: CountLimit): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter a count: a whole number, 0 or more.';
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return `“${trimmed}” is not a number.`;
  const value = Number(trimmed);
  if (value < 0) return `Counts can't be negative (got ${trimmed}).`;
  if (!Number.isInteger(value)) return `Counts are whole numbers (got ${trimmed}).`;
  if (value > MAX_COUNT) return `Counts above ${formatWholeCount(MAX_COUNT)} are not supported.`;
  if (min && value < min.value) return min.message;
  if (max && value > max.value) return max.message;
  return null;
}

export interface CountFieldProps {
  label: string;
  /** The last valid count; the field starts from it and returns to it when it changes elsewhere. */
  value: number;
  /** Called only with valid counts. */
  onCommit: (value: number) => void;
  min?: CountLimit;
  max?: CountLimit;
  className?: string;
}

/**
 * A count input that never commits an invalid value: the typed text stays in the field with an
 * inline message (aria-invalid + aria-describedby) while the last valid count is kept. When a
 * related limit changes (e.g. the total grows) and the typed text becomes valid, it is committed.
 */
export function CountField({ label, value, onCommit, min, max, className }: CountFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const [committed, setCommitted] = useState(value);
  if (committed !== value) {
    // Changed elsewhere (undo, import, another field): show the new value unless the draft already says it.
    setCommitted(value);
    if (Number(draft.trim()) !== value || draft.trim() === '') setDraft(String(value));
  }
  const problem = countProblem(draft, min, max);
  const pending = problem === null && Number(draft.trim()) !== value;

  useEffect(() => {
    if (pending) onCommit(Number(draft.trim()));
  }, [pending, draft, onCommit]);

  return (
    <div className={`count-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <TypedInput
        id={id}
        inputMode="numeric"
        value={draft}
        invalid={problem !== null}
        describedBy={problem ? `${id}-problem` : ''}
        onText={setDraft}
        onBlur={() => {
          if (problem === null) setDraft(String(Number(draft.trim())));
        }}
      />
      {problem && (
        <FieldProblem id={`${id}-problem`}>
          {problem} Still using {formatWholeCount(value)}.
        </FieldProblem>
      )}
    </div>
  );
}
