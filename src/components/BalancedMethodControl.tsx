import { useId } from 'react';
import { BALANCED_METHODS, isBalancedMethod, type BalancedMethod } from '../data/methods';
import './balanced-method-control.css';
import { SelectOptions } from './SelectOptions';

/** What the setting's choices say: the method, and why one would pick it. */
export const BALANCED_METHOD_CHOICES: Record<BalancedMethod, string> = {
  buehler: 'Exact, never wider than the union bound (Buehler)',
  union: 'Exact, union bound (the blog’s δ/4)',
  inversion: 'Exact, test inversion ordered by the estimate',
};

/** The workspace setting "balanced interval": which exact construction every balanced interval uses. */
export function BalancedMethodControl({ method, onChange }: { method: BalancedMethod; onChange: (method: BalancedMethod) => void }) {
  const id = useId();
  return (
    <div className="toolbar__field balanced-method-control">
      <label htmlFor={id}>Balanced interval</label>
      <select
        id={id}
        value={method}
        onChange={(event) => {
          if (isBalancedMethod(event.target.value)) onChange(event.target.value);
        }}
      >
        <SelectOptions values={BALANCED_METHODS} label={(choice) => BALANCED_METHOD_CHOICES[choice]} />
      </select>
    </div>
  );
}
