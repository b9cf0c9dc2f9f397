import { useCallback, useId, useMemo, useState } from 'react';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { classSliceMatrices } from '../../data/evaluation/browser';
import type { ClassColumns, ClassReading, EvaluationFilter } from '../../data/evaluation';
import { formatConfidence, formatEstimateWithInterval } from '../../data/format';
import { multiclassHref } from '../../data/links';
import { countsText, macroRecallMethod } from '../../data/methods';
import { macroRecallInterval } from '../../stats';
import { DataProblem } from './DataProblem';
import { GroupTable, MISSING } from './GroupTable';
import { NameSelect } from './NameSelect';
import { useEngineResult } from './use-engine-result';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * One K-class detector's macro recall per value of a slice column (the slice chosen for the two-class
 * slices, shared through the link): a matrix per slice from one GROUP BY, over the file's classes,
 * each macro recall by the exact union bound at δ/m — m the slices with examples of every class —
 * so all hold together with probability ≥ 1 − δ (Bonferroni); a slice missing a class says so.
 */
export function ClassSlicesSection(props: {
  reading: Extract<ClassReading, { kind: 'classes' }>;
  columns: ClassColumns;
  filters: readonly EvaluationFilter[];
  slices: readonly string[];
  delta: number;
  /** The chosen slice column (kept in the view's link); the first slice column when unset or gone. */
  column: string | undefined;
  onColumn: (column: string) => void;
}) {
  const { reading, columns, filters, slices, delta, column, onColumn } = props;
  const id = useId();
  // A detector without examples of some class has no macro recall in any slice: only the others are offered.
  const names = useMemo(() => reading.detectors.filter((detector) => detector.missing.length === 0).map((detector) => detector.detector), [reading]);
  const [chosen, setChosen] = useState<string | null>(null);
  const detector = chosen !== null && names.includes(chosen) ? chosen : names[0]!;
  const shownColumn = column !== undefined && slices.includes(column) ? column : slices[0]!;
  const { labels } = reading;
  const load = useCallback(() => classSliceMatrices(columns, filters, shownColumn, labels, detector), [columns, filters, shownColumn, labels, detector]);
  const [sliced, problem] = useEngineResult(`${JSON.stringify([columns, filters, labels])}\u0000${shownColumn}\u0000${detector}`, load, 'The class slices could not be counted');
  const family = sliced?.filter((slice) => slice.missing.length === 0).length ?? 0;
  const sliceDelta = delta / Math.max(family, 1);
  const rows = useMemo(
    () => (sliced ?? []).map((slice) => ({ ...slice, group: slice.slice, macro: slice.missing.length === 0 ? macroRecallInterval(slice.matrix, sliceDelta) : null })),
    [sliced, sliceDelta],
  );
  const size = labels.length;
  const named = columns.detector !== null;
  return (
    <section aria-labelledby={`${id}-title`} className="data-class-slices">
      <h3 id={`${id}-title`}>{size} classes by slice</h3>
      <div className="data-fields">
        <NameSelect label="Slice the classes by" names={slices} value={shownColumn} onChange={onColumn} />
        {named && names.length > 1 && <NameSelect label="Detector to slice by class" names={names} value={detector} onChange={setChosen} />}
      </div>
      {problem && <DataProblem>{problem}</DataProblem>}
      {sliced && (
        <>
          <p className="data-note">
            {family} slice{family === 1 ? '' : 's'} with examples of every class, so each macro recall is at δ/{family} = {Number(sliceDelta.toPrecision(4))}{' '}
            (Bonferroni): all of them hold together with probability ≥ {formatConfidence(delta)}. A slice without examples of some class has no macro recall.
          </p>
          <GroupTable
            label={`Classes by ${shownColumn}`}
            caption={`${named ? detector : 'All rows'} by ${shownColumn}: balanced accuracy of ${size} classes (macro recall), ${macroRecallMethod(size)}, each at δ/${family}`}
            columns={[shownColumn, 'Examples', 'Macro recall', 'Class recalls', 'Open']}
            rows={rows}
            cells={(row) => (
              <>
                <td>{count(row.matrix.reduce((sum, line) => sum + line.reduce((a, b) => a + b, 0), 0))}</td>
                <td>{row.macro ? formatEstimateWithInterval(row.macro) : <span className="muted">none: no examples of {row.missing.map((label) => `“${label}”`).join(', ')}</span>}</td>
                <td>{labels.map((label, i) => `${label} ${countsText({ correct: row.matrix[i]![i]!, total: row.matrix[i]!.reduce((a, b) => a + b, 0) })}`).join(', ')}</td>
                <td>
                  {row.macro && (
                    <a href={multiclassHref({ classes: labels, matrix: row.matrix, delta: sliceDelta })}>
                      in the multi-class view<VisuallyHidden> ({row.slice ?? MISSING})</VisuallyHidden>
                    </a>
                  )}
                </td>
              </>
            )}
          />
        </>
      )}
    </section>
  );
}
