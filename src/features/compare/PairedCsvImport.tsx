import { useId, useState } from 'react';
import { compareHref } from '../../data/links';
import { MAX_NAME_LENGTH, slugify } from '../../data/detectors';
import { checkImportSize, PAIRED_COLUMNS, type PairedCsvResult, parsePairedCsv } from '../../data/files';
import { useWorkspace } from '../../store/workspace';
import { formatWholeCount } from '../../data/format';

type ImportState = { kind: 'idle' } | { kind: 'problem'; message: string } | { kind: 'read'; fileName: string; result: PairedCsvResult; names: { a: string; b: string } };

/**
 * "Compare from a paired CSV": one row per example both detectors answered. The per-class
 * discordance tables it yields open as a `#/compare` link (which carries the counts, not the file);
 * bad rows are summarised by reason. The two detectors' counts can be added to the workspace.
 */
export function PairedCsvImport({ names, delta }: { names: { a: string; b: string }; delta: number | undefined }) {
  const id = useId();
  const [nameA, setNameA] = useState(names.a === 'A' ? 'Detector A' : names.a);
  const [nameB, setNameB] = useState(names.b === 'B' ? 'Detector B' : names.b);
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const [added, setAdded] = useState('');
  const importDetectors = useWorkspace((workspace) => workspace.importDetectors);

  async function readFile(file: File) {
    setAdded('');
    const tooBig = checkImportSize(file.size);
    if (tooBig) {
      setState({ kind: 'problem', message: `${file.name} was not read: the ${tooBig}.` });
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      setState({ kind: 'problem', message: `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    const result = parsePairedCsv(text);
    if (result.fatal) {
      setState({ kind: 'problem', message: `${file.name} was not read: ${result.fatal}.` });
      return;
    }
    if (result.used === 0) {
      const why =
        result.problems.length > 0
          ? `every row was left out (${result.problems.map((group) => `${group.reason}: ${formatWholeCount(group.count)}`).join('; ')})`
          : 'it has a header and no rows';
      setState({ kind: 'problem', message: `${file.name} has no paired examples to compare: ${why}.` });
    }
    const shownNames = { a: nameA.trim().slice(0, MAX_NAME_LENGTH) || 'Detector A', b: nameB.trim().slice(0, MAX_NAME_LENGTH) || 'Detector B' };
    if (result.used > 0) setState({ kind: 'read', fileName: file.name, result, names: shownNames });
    const { yes, no } = result.tables;
    // The comparison above is this file's, or none: an earlier file's result must not stay beside this one's summary.
    window.location.hash =
      yes.n > 0 && no.n > 0
        ? compareHref({
            a: { name: shownNames.a, counts: result.a },
            b: { name: shownNames.b, counts: result.b },
            data: { kind: 'paired-balanced', tables: result.tables },
            delta,
          })
        : compareHref({ a: { name: shownNames.a }, b: { name: shownNames.b }, data: { kind: 'none' }, delta });
  }

  function addToWorkspace(read: Extract<ImportState, { kind: 'read' }>) {
    const plan = importDetectors(
      [
        { id: slugify(read.names.a) || 'detector-a', name: read.names.a, query: '', yes: read.result.a.yes, no: read.result.a.no },
        { id: slugify(read.names.b) || 'detector-b', name: read.names.b, query: '', yes: read.result.b.yes, no: read.result.b.no },
      ],
      'add',
      'add-new',
      `Added ${read.names.a} and ${read.names.b} from ${read.fileName}`,
    );
    if (plan.refused !== null) {
      setAdded(plan.refused);
      return;
    }
    setAdded(`Added to your workspace as ${plan.actions.map((action) => `“${action.id}”`).join(' and ')} (undo from the detector list).`);
  }

  return (
    <section className="compare-view__import" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Compare from a paired CSV</h2>
      <p>
        One row per example both detectors answered, with the columns <code>{PAIRED_COLUMNS.join(',')}</code> (label and
        predictions as yes/no, true/false or 1/0). The file stays in this browser; the link carries only the counts.
      </p>
      <div className="compare-view__import-fields">
        <label>
          Name of detector A (prediction_a)
          <input type="text" value={nameA} maxLength={MAX_NAME_LENGTH} onChange={(event) => setNameA(event.target.value)} />
        </label>
        <label>
          Name of detector B (prediction_b)
          <input type="text" value={nameB} maxLength={MAX_NAME_LENGTH} onChange={(event) => setNameB(event.target.value)} />
        </label>
        <label>
          Paired CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void readFile(file);
              event.target.value = '';
            }}
          />
        </label>
      </div>
      {state.kind === 'problem' && (
        <p role="alert" className="compare-view__problem">
          {state.message}
        </p>
      )}
      {state.kind === 'read' && <ReadSummary state={state} onAdd={() => addToWorkspace(state)} delta={delta} />}
      {added && <p role="status">{added}</p>}
    </section>
  );
}

function ReadSummary({ state, onAdd, delta }: { state: Extract<ImportState, { kind: 'read' }>; onAdd: () => void; delta: number | undefined }) {
  const { result, fileName } = state;
  const left = result.rowCount - result.used;
  const { yes, no } = result.tables;
  const emptyClass = yes.n === 0 ? 'should-be-YES' : no.n === 0 ? 'should-be-NO' : null;
  const all = { b: yes.b + no.b, c: yes.c + no.c, n: yes.n + no.n };
  return (
    <div className="compare-view__summary">
      <p role="status">
        Read {fileName}: {formatWholeCount(result.used)} paired example{result.used === 1 ? '' : 's'} used (
        {formatWholeCount(yes.n)} should-be-YES, {formatWholeCount(no.n)} should-be-NO)
        {left > 0 ? `; ${formatWholeCount(left)} row${left === 1 ? '' : 's'} left out:` : '.'}
      </p>
      {result.problems.length > 0 && (
        <ul data-testid="csv-problems">
          {result.problems.map((group) => (
            <li key={group.reason}>
              {group.reason}: {formatWholeCount(group.count)} row{group.count === 1 ? '' : 's'} (line{group.lines.length === 1 ? '' : 's'}{' '}
              {group.lines.join(', ')}
              {group.count > group.lines.length ? ', …' : ''})
            </li>
          ))}
        </ul>
      )}
      {emptyClass && all.n > 0 && (
        <p>
          The file has no {emptyClass} examples, so balanced accuracy is undefined.{' '}
          <a href={compareHref({ a: { name: state.names.a }, b: { name: state.names.b }, data: { kind: 'paired-proportion', counts: all }, delta })}>
            Compare plain accuracy on all {formatWholeCount(all.n)} examples
          </a>
          .
        </p>
      )}
      {result.used > 0 && (
        <button type="button" onClick={onAdd}>
          Add {state.names.a} and {state.names.b} to my workspace
        </button>
      )}
    </div>
  );
}
