import { useCallback } from 'react';
import type { ClassCounts } from '../stats';
import { CountField } from './CountField';
import './class-counts-fields.css';

export interface ClassCountsFieldsProps {
  /** e.g. "Should-be-YES examples". */
  legend: string;
  counts: ClassCounts;
  /** Called only with a valid pair: 0 ≤ correct ≤ total, total ≥ 1 (≥ 0 with `allowEmpty`). */
  onChange: (counts: ClassCounts) => void;
  /** Accept a class with no examples yet (0/0), e.g. when planning labels from scratch. */
  allowEmpty?: boolean;
}

/** A class's correct/total pair as two linked count fields, each refusing a value the other rules out. */
export function ClassCountsFields({ legend, counts, onChange, allowEmpty = false }: ClassCountsFieldsProps) {
  const { correct, total } = counts;
  const commitCorrect = useCallback((value: number) => onChange({ correct: value, total }), [onChange, total]);
  const commitTotal = useCallback((value: number) => onChange({ correct, total: value }), [onChange, correct]);
  return (
    <fieldset className="class-counts-fields">
      <legend>{legend}</legend>
      <CountField
        label="Correct"
        value={correct}
        max={{ value: total, message: `Correct can’t exceed the total (${total}).` }}
        onCommit={commitCorrect}
      />
      <CountField
        label="Total"
        value={total}
        min={{
          value: allowEmpty ? correct : Math.max(correct, 1),
          message: correct > 0 ? `The total can’t be below correct (${correct}).` : 'A class needs at least one example.',
        }}
        onCommit={commitTotal}
      />
    </fieldset>
  );
}
