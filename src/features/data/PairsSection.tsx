import { useId, useMemo, useState } from 'react';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { pairedTables, pairingProblems } from '../../data/evaluation/browser';
import type { PairedGroup, PairingProblem, PairingProblemCount } from '../../data/evaluation';
import { formatPValue, formatWholeCount } from '../../data/format';
import { compareHref } from '../../data/links';
import { holmAdjust, pairedBalancedDifferenceTest } from '../../stats';
import { DataProblem } from './DataProblem';
import { GroupTable, MISSING } from './GroupTable';
import { NameSelect } from './NameSelect';
import type { Counted } from './types';


/** What each reason for leaving examples out means, with the detectors' names. */
function problemText(problem: PairingProblem, howMany: number, a: string, b: string): string {
  const ids = `${formatWholeCount(howMany)} ${howMany === 1 ? 'id' : 'ids'}`;
  switch (problem) {
    case 'no-id':
      return `${formatWholeCount(howMany)} ${howMany === 1 ? 'row' : 'rows'} without an example id`;
    case 'repeated-a':
      return `${ids} repeated in ${a}’s rows (left out: which row is its answer is unknown)`;
    case 'repeated-b':
      return `${ids} repeated in ${b}’s rows (left out: which row is its answer is unknown)`;
    case 'only-a':
      return `${ids} seen for ${a} only`;
    case 'only-b':
      return `${ids} seen for ${b} only`;
    case 'label-differs':
      return `${ids} whose two rows disagree on the label`;
  }
}

/** A p-value of 1 is never shown bare: it says the data give no sign of a difference. */
function pValueText(p: number): string {
  return p >= 1 ? `${formatPValue(1)} (the discordant pairs are exactly balanced: no sign of a difference)` : formatPValue(p);
}

interface Pairing {
  a: string;
  b: string;
  slice: string | null;
  /** The tables over every pair; null when nothing was paired. */
  overall: PairedGroup | null;
  sliceGroups: PairedGroup[];
  problems: PairingProblemCount[];
}

/** The paired slices with each testable slice's Holm-adjusted p-value (over the slices with pairs in both classes). */
function adjustedSlices(rows: PairedGroup[]): { group: string | null; row: PairedGroup; p: number | undefined }[] {
  const testable = rows.map((row) => row.tables.yes.n > 0 && row.tables.no.n > 0);
  const adjusted = holmAdjust(rows.flatMap((row, index) => (testable[index] ? [pairedBalancedDifferenceTest(row.tables).pTwoSided] : [])));
  let next = 0;
  return rows.map((row, index) => ({ group: row.group, row, p: testable[index] ? adjusted[next++] : undefined }));
}

/**
 * Two detectors on the same examples: their per-class discordance tables, joined on the example id in
 * DuckDB, open the paired comparison; per slice too, with Holm's correction across the slices.
 */
export function PairsSection({ counted, delta, sliceColumn }: { counted: Counted; delta: number; sliceColumn: string | undefined }) {
  const id = useId();
  const { mapping, filters, threshold, counts } = counted;
  const names = useMemo(() => counts.map((row) => row.group ?? ''), [counts]);
  const [chosenA, setA] = useState<string | undefined>(undefined);
  const [chosenB, setB] = useState<string | undefined>(undefined);
  const a = chosenA !== undefined && names.includes(chosenA) ? chosenA : (names[0] ?? '');
  const b = chosenB !== undefined && names.includes(chosenB) ? chosenB : (names.find((name) => name !== a) ?? '');
  const slice = sliceColumn !== undefined && mapping.slices.includes(sliceColumn) ? sliceColumn : (mapping.slices[0] ?? null);
  const [pairing, setPairing] = useState<Pairing | null>(null);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState('');

  const compare = async () => {
    if (a === b) return setProblem('Choose two different detectors.');
    setRunning(true);
    setProblem('');
    try {
      const whole = { mapping, filters, detectorA: a, detectorB: b, threshold, slice: null };
      const [overall] = await pairedTables(whole);
      const problems = await pairingProblems(whole);
      const sliceGroups = slice === null ? [] : await pairedTables({ ...whole, slice });
      setPairing({ a, b, slice, overall: overall ?? null, sliceGroups, problems });
    } catch (error) {
      setProblem(`The pairs could not be counted: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setRunning(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="data-pairs">
      <h2 id={`${id}-title`}>Two detectors on the same examples</h2>
      <p className="data-note">
        Pairs each example’s answers from two detectors by the example id ({mapping.exampleId}): a paired comparison (exact, per class) is
        tighter than comparing their counts as if they came from different test sets.
      </p>
      <div className="data-fields">
        <NameSelect label="Detector A" names={names} value={a} onChange={setA} />
        <NameSelect label="Detector B" names={names} value={b} onChange={setB} />
      </div>
      <div className="button-row">
        <button type="button" onClick={() => void compare()} disabled={running || a === b}>
          {running ? 'Pairing…' : 'Compare two detectors on the same examples'}
        </button>
      </div>
      {problem && <DataProblem>{problem}</DataProblem>}
      {pairing && <PairingResult pairing={pairing} delta={delta} />}
    </section>
  );
}

/** The `#/compare` link of the paired comparison of A and B on these tables, at δ. */
export function pairedCompareHref(a: string, b: string, group: PairedGroup, delta: number): string {
  return compareHref({ a: { name: a, counts: group.a }, b: { name: b, counts: group.b }, data: { kind: 'paired-balanced', tables: group.tables }, delta });
}

/** The overall discordant pairs per class in words, and the link that opens the paired comparison. */
export function PairedOverall({ a, b, group, delta }: { a: string; b: string; group: PairedGroup; delta: number }) {
  const { yes, no } = group.tables;
  return (
    <p>
      {formatWholeCount(yes.n)} should-be-YES and {formatWholeCount(no.n)} should-be-NO examples paired; should-be-YES: {formatWholeCount(yes.b)} only {a} got right,{' '}
      {formatWholeCount(yes.c)} only {b}; should-be-NO: {formatWholeCount(no.b)} only {a}, {formatWholeCount(no.c)} only {b}.{' '}
      <a href={pairedCompareHref(a, b, group, delta)}>
        Open the paired comparison<VisuallyHidden> of {a} and {b}</VisuallyHidden>
      </a>
    </p>
  );
}

/** What was left out of the pairs, the overall discordant pairs with their link, and the table per slice. */
function PairingResult({ pairing, delta }: { pairing: Pairing; delta: number }) {
  const { a, b, overall } = pairing;
  const slices = useMemo(() => adjustedSlices(pairing.sliceGroups), [pairing]);
  const tested = slices.filter((slice) => slice.p !== undefined).length;
  return (
    <>
      {pairing.problems.length > 0 ? (
        <ul aria-label="Left out of the pairs" className="data-note">
          {pairing.problems.map((left) => (
            <li key={left.problem}>
              {problemText(left.problem, left.count, a, b)}, e.g. {left.examples.map((example) => `“${example.slice(0, 40)}”`).join(', ')}
            </li>
          ))}
        </ul>
      ) : (
        <p className="data-note">Every usable row of the two detectors was paired.</p>
      )}
      {overall ? (
        <PairedOverall a={a} b={b} group={overall} delta={delta} />
      ) : (
        <DataProblem>No example was paired: no id has exactly one usable row for each detector with the same label.</DataProblem>
      )}
      {pairing.slice !== null && slices.length > 0 && (
        <>
          <p className="data-note">
            Per value of {pairing.slice} (the value on {a}’s row): the p-value of the test that inverts the paired balanced-accuracy
            interval, adjusted by Holm’s method over the {tested} slice{tested === 1 ? '' : 's'} with pairs in both classes, so that the chance
            of any false “they differ” stays ≤ the level you read them at. Each slice’s comparison opens at δ/{Math.max(tested, 1)} (Bonferroni).
          </p>
          <GroupTable
            label={`Paired slices by ${pairing.slice}`}
            caption={`${a} against ${b} by ${pairing.slice}: discordant pairs per class and the Holm-adjusted p-value`}
            columns={[pairing.slice, 'Should-be-YES: only A / only B / pairs', 'Should-be-NO: only A / only B / pairs', 'p (Holm)', 'Open']}
            rows={slices}
            cells={({ row, p }) => (
              <>
                <td>
                  {formatWholeCount(row.tables.yes.b)} / {formatWholeCount(row.tables.yes.c)} / {formatWholeCount(row.tables.yes.n)}
                </td>
                <td>
                  {formatWholeCount(row.tables.no.b)} / {formatWholeCount(row.tables.no.c)} / {formatWholeCount(row.tables.no.n)}
                </td>
                <td>{p === undefined ? <span className="muted">no test: a class has no pairs</span> : pValueText(p)}</td>
                <td>
                  {p !== undefined && (
                    <a href={pairedCompareHref(a, b, row, delta / Math.max(tested, 1))}>
                      compare<VisuallyHidden> ({row.group ?? MISSING})</VisuallyHidden>
                    </a>
                  )}
                </td>
              </>
            )}
          />
        </>
      )}
    </>
  );
}
