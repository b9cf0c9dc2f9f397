import type { InputHTMLAttributes, ReactNode } from 'react';

export interface TypedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'aria-invalid' | 'aria-describedby'> {
  id: string;
  value: string;
  inputMode: 'numeric' | 'decimal';
  /** Whether the typed text cannot be used (aria-invalid). */
  invalid: boolean;
  /** The ids of what describes the field (a hint, the problem), space-separated; empty for none. */
  describedBy: string;
  onText: (text: string) => void;
}

/**
 * The text input of every typed field (counts, δ, the explorer's N, k and p, the planner's
 * assumptions): plain text with a numeric keyboard, no autocomplete or spell check, invalid and
 * described by its problem while the typed text cannot be used. The field keeps its own draft and
 * decides when to commit; this only draws the input the same way everywhere.
 */
export function TypedInput({ invalid, describedBy, onText, ...input }: TypedInputProps) {
  return (
    <input
      {...input}
      type="text"
      autoComplete="off"
      spellCheck={false}
      aria-invalid={invalid}
      aria-describedby={describedBy || undefined}
      onChange={(event) => onText(event.target.value)}
    />
  );
}

/** A typed field's inline problem, the text its input's aria-describedby points at. */
export function FieldProblem({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <p className={className ? `field-error ${className}` : 'field-error'} id={id}>
      {children}
    </p>
  );
}
