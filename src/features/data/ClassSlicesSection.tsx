import { useCallback, useId, useMemo, useState } from 'react';
import { SelectOptions } from '../../components/SelectOptions';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { classSliceMatrices } from '../../data/evaluation/browser';
import { autoTimeWindow, classWindowsFromDays, TIME_WINDOWS, type ClassColumns, type ClassGroup, type ClassReading, type ClassSlice, type EvaluationFilter } from '../../data/evaluation';
import { formatConfidence, formatEstimateWithInterval, formatWholeCount } from '../../data/format';
import type { WindowChoice } from '../../data/links';
import { multiclassHref } from '../../data/links';
import { countsText, macroRecallMethod } from '../../data/methods';
import { macroRecallInterval } from '../../stats';
import { DataProblem } from './DataProblem';
import { GroupTable, MISSING } from './GroupTable';
import { NameSelect } from './NameSelect';
import { useEngineResult } from './use-engine-result';

const DAY_SECONDS = 86_400;

type Reading = Extract<ClassReading, { kind: 'classes' }>;

interface GroupsProps {
  reading: Reading;
  columns: ClassColumns;
  filters: readonly EvaluationFilter[];
  delta: number;
}

/**
 * One K-class detector's macro recall per value of a slice column (the slice chosen for the two-class
 * slices, shared through the link): a matrix per slice from one GROUP BY, over the file's classes.
 */
export function ClassSlicesSection(props: GroupsProps & { slices: readonly string[]; column: string | undefined; onColumn: (column: string) => void }) {
  const { slices, column, onColumn } = props;
  const id = useId();
  const shownColumn = column !== undefined && slices.includes(column) ? column : slices[0]!;
  const chooser = useDetectorChooser(props.reading);
  const [sliced, problem] = useClassGroups(props, { column: shownColumn }, chooser.detector);
  return (
    <section aria-labelledby={`${id}-title`} className="data-class-slices">
      <h3 id={`${id}-title`}>{props.reading.labels.length} classes by slice</h3>
      <div className="data-fields">
        <NameSelect label="Slice the classes by" names={slices} value={shownColumn} onChange={onColumn} />
        {chooser.select('Detector to slice by class')}
      </div>
      {problem && <DataProblem>{problem}</DataProblem>}
      {sliced && <ClassGroupTable {...props} groups={sliced} detector={chooser.detector} by={shownColumn} what="slice" />}
    </section>
  );
}

/**
 * One K-class detector's macro recall per time window of the timestamp column (the window chosen for
 * the two-class table, shared through the link; automatic by the span of the days seen): the days'
 * matrices from one GROUP BY, summed into days, weeks (from Monday) or months in UTC.
 */
export function ClassTimeSection(props: GroupsProps & { timestamp: string; choice: WindowChoice; onChoice: (choice: WindowChoice) => void }) {
  const { timestamp, choice, onChoice } = props;
  const id = useId();
  const chooser = useDetectorChooser(props.reading);
  const [days, problem] = useClassGroups(props, { dayOf: timestamp }, chooser.detector);
  const dated = days?.filter((day) => day.slice !== null) ?? [];
  const span = dated.length > 0 ? (Date.parse(dated.at(-1)!.slice!) - Date.parse(dated[0]!.slice!)) / 1000 + DAY_SECONDS : null;
  const window = choice === 'auto' ? (span === null ? 'day' : autoTimeWindow(span)) : choice;
  const { windows, withoutTime } = useMemo(() => classWindowsFromDays(days ?? [], props.reading.labels, window), [days, props.reading.labels, window]);
  return (
    <section aria-labelledby={`${id}-title`} className="data-class-slices">
      <h3 id={`${id}-title`}>{props.reading.labels.length} classes over time</h3>
      <div className="data-fields">
        <div className="data-field">
          <label htmlFor={`${id}-window`}>Window of the classes</label>
          <select id={`${id}-window`} value={choice} onChange={(event) => onChoice(event.target.value as WindowChoice)}>
            <option value="auto">automatic{span === null ? '' : ` (${autoTimeWindow(span)})`}</option>
            <SelectOptions values={TIME_WINDOWS} />
          </select>
        </div>
        {chooser.select('Detector over time by class')}
      </div>
      {problem && <DataProblem>{problem}</DataProblem>}
      {days && (
        <>
          {withoutTime > 0 && <p className="data-note">{formatWholeCount(withoutTime)} examples without a readable time in {timestamp} are left out of the windows.</p>}
          <ClassGroupTable {...props} groups={windows} detector={chooser.detector} by={`${window} (from ${timestamp}, UTC)`} what="window" />
        </>
      )}
    </section>
  );
}

/** The detectors with every class (the others have no macro recall anywhere), and a select among them when there are several. */
function useDetectorChooser(reading: Reading) {
  const names = useMemo(() => reading.detectors.filter((detector) => detector.missing.length === 0).map((detector) => detector.detector), [reading]);
  const [chosen, setChosen] = useState<string | null>(null);
  const detector = chosen !== null && names.includes(chosen) ? chosen : names[0]!;
  const select = (label: string) => (names.length > 1 ? <NameSelect label={label} names={names} value={detector} onChange={setChosen} /> : null);
  return { detector, select };
}

/** The detector's matrices per group, from the engine (null until they are in), and any problem. */
function useClassGroups({ reading, columns, filters }: GroupsProps, group: ClassGroup, detector: string) {
  const { labels } = reading;
  const groupKey = JSON.stringify(group);
  const load = useCallback(() => classSliceMatrices(columns, filters, JSON.parse(groupKey) as ClassGroup, labels, detector), [columns, filters, groupKey, labels, detector]);
  return useEngineResult(`${JSON.stringify([columns, filters, labels])}\u0000${groupKey}\u0000${detector}`, load, 'The classes could not be counted by group');
}

/**
 * The groups' table: each macro recall by the exact union bound at δ/m — m the groups with examples
 * of every class — so all hold together with probability ≥ 1 − δ (Bonferroni); a group missing a
 * class says so; each class's recall counts, and a link into the K-class view.
 */
function ClassGroupTable({ reading, columns, delta, groups, detector, by, what }: GroupsProps & { groups: readonly ClassSlice[]; detector: string; by: string; what: 'slice' | 'window' }) {
  const { labels } = reading;
  const family = groups.filter((group) => group.missing.length === 0).length;
  const groupDelta = delta / Math.max(family, 1);
  const rows = useMemo(
    () => groups.map((group) => ({ ...group, group: group.slice, macro: group.missing.length === 0 ? macroRecallInterval(group.matrix, groupDelta) : null })),
    [groups, groupDelta],
  );
  const size = labels.length;
  return (
    <>
      <p className="data-note">
        {family} {what}
        {family === 1 ? '' : 's'} with examples of every class, so each macro recall is at δ/{family} = {Number(groupDelta.toPrecision(4))} (Bonferroni): all of
        them hold together with probability ≥ {formatConfidence(delta)}. A {what} without examples of some class has no macro recall.
      </p>
      <GroupTable
        label={`Classes by ${by}`}
        caption={`${columns.detector === null ? 'All rows' : detector} by ${by}: balanced accuracy of ${size} classes (macro recall), ${macroRecallMethod(size)}, each at δ/${family}`}
        columns={[what === 'slice' ? by : 'Window from', 'Examples', 'Macro recall', 'Class recalls', 'Open']}
        rows={rows}
        cells={(row) => (
          <>
            <td>{formatWholeCount(row.matrix.reduce((sum, line) => sum + line.reduce((a, b) => a + b, 0), 0))}</td>
            <td>{row.macro ? formatEstimateWithInterval(row.macro) : <span className="muted">none: no examples of {row.missing.map((label) => `“${label}”`).join(', ')}</span>}</td>
            <td>{labels.map((label, i) => `${label} ${countsText({ correct: row.matrix[i]![i]!, total: row.matrix[i]!.reduce((a, b) => a + b, 0) })}`).join(', ')}</td>
            <td>
              {row.macro && (
                <a href={multiclassHref({ classes: labels, matrix: row.matrix, delta: groupDelta })}>
                  in the multi-class view<VisuallyHidden> ({row.slice ?? MISSING})</VisuallyHidden>
                </a>
              )}
            </td>
          </>
        )}
      />
    </>
  );
}
