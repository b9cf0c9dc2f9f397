import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFileDrop } from '../../components/use-file-drop';
import { type ClassDetector, MAX_CLASS_NAME_LENGTH, MAX_CLASSES, MAX_NAME_LENGTH, MAX_SOURCE_LENGTH } from '../../data/detectors';
import {
  COUNTS_COLUMNS,
  describeImport,
  type DetectorSet,
  type ExistingIdPolicy,
  type ImportAction,
  type ImportMode,
  type GroundlightEvaluation,
  type ImportPreview,
  MAX_IMPORT_BYTES,
  PER_EXAMPLE_COLUMNS,
  perExampleFileReason,
  planDetectorSetImport,
} from '../../data/files';
import { startWorkerJob } from '../../data/workers';
import { formatWholeCount } from '../../data/format';
import { countsText } from './wording';
import { readImportFile, unpackImportRead, type ImportRead, type PostedImportRead } from './import-read';
import { ExistingIdsChoice } from './ExistingIdsChoice';
import { ColumnHeads } from '../../components/ColumnHeads';
import { clip, detectorHref, multiclassHref } from '../../data/links';
import { useWorkspace } from '../../store/workspace';

interface LoadedPreview {
  fileName: string;
  preview: Exclude<ImportPreview, { kind: 'unknown' } | { kind: 'groundlight' }>;
}

const KIND_NAMES = {
  json: 'detectors JSON file',
  'per-example-csv': 'CSV of per-example results (counts derived per detector)',
  'counts-csv': 'CSV of counts',
} as const;

/** Rows shown in the preview table; the rest are counted. */
const PREVIEW_ROWS = 50;
/** Problems listed (each with its line); the rest are counted — a file of 50,000 bad rows would otherwise draw 50,000. */
const PROBLEM_ROWS = 200;
const LIMIT_TEXT = `${MAX_IMPORT_BYTES / (1024 * 1024)} MB`;

/**
 * Drop zone and file picker for detectors JSON, per-example CSV or counts CSV. Shows what would be
 * imported and every row error (line and reason) first; nothing changes until Add or Replace.
 */
export interface ImportPanelProps {
  /** The workspace's detectors now (both kinds): the preview says what the import does to them. */
  existing: DetectorSet;
  /** Applies the import exactly as previewed (`planDetectorSetImport`); `description` names it for the undo bar. */
  onImport: (incoming: DetectorSet, mode: ImportMode, onExisting: ExistingIdPolicy, description: string) => void;
}

/** The detectors of a preview, both kinds (only a detectors JSON file holds K-class ones). */
function incomingOf(preview: LoadedPreview['preview']): DetectorSet {
  return { detectors: preview.detectors, classDetectors: preview.kind === 'json' ? preview.classDetectors : [] };
}

export function ImportPanel({ existing, onImport }: ImportPanelProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [loaded, setLoaded] = useState<LoadedPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [toDataView, setToDataView] = useState(false);
  const [groundlight, setGroundlight] = useState<{ fileName: string; evaluation: GroundlightEvaluation } | null>(null);

  const [reading, setReading] = useState<string | null>(null);
  const stopReading = useRef<(() => void) | null>(null);
  useEffect(() => () => stopReading.current?.(), []);

  function showRead(fileName: string, read: ImportRead) {
    setReading(null);
    if (read.kind === 'groundlight') {
      setGroundlight({ fileName, evaluation: read.evaluation });
      return;
    }
    if (read.kind === 'unreadable' || read.kind === 'unknown') {
      setProblem(read.kind === 'unknown' ? `Nothing imported: ${read.message}.` : read.message);
      return;
    }
    setProblem(null);
    setLoaded({ fileName, preview: read });
  }

  function readFile(file: File) {
    stopReading.current?.();
    setDone('');
    setLoaded(null);
    setGroundlight(null);
    const perExample = perExampleFileReason(file.name, file.size);
    setToDataView(perExample !== null);
    if (perExample) {
      setReading(null);
      setProblem(`${perExample}. Per-example files of any size are read in Evaluation data.`);
      return;
    }
    setProblem(null);
    setReading(file.name);
    const readHere = () => void readImportFile(file, (read) => showRead(file.name, unpackImportRead(read)));
    stopReading.current = startWorkerJob<File, PostedImportRead>({
      createWorker: () => new Worker(new URL('./import-read.worker.ts', import.meta.url), { type: 'module' }),
      runHere: (job, post) => void readImportFile(job, post),
      job: file,
      onMessage: (read) => showRead(file.name, unpackImportRead(read)),
      isLast: () => true,
      // A worker that cannot start: the file is read on the page instead (slower for big files, but read).
      onError: readHere,
    });
  }

  const { dragging, handlers } = useFileDrop((file) => readFile(file));

  function confirm(mode: ImportMode, onExisting: ExistingIdPolicy) {
    if (!loaded) return;
    const incoming = incomingOf(loaded.preview);
    const plan = planDetectorSetImport(existing, incoming, mode, onExisting);
    const done =
      mode === 'add'
        ? `From ${loaded.fileName}: ${describeImport(plan)}.`
        : `Replaced the workspace (${formatWholeCount(detectorCount(existing))} detectors) with ${formatWholeCount(detectorCount(incoming))} from ${loaded.fileName}.`;
    onImport(incoming, mode, onExisting, done);
    setDone(done);
    setLoaded(null);
  }

  return (
    <section className="import-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Import detectors</h2>
      <div className={`drop-zone${dragging ? ' drop-zone--active' : ''}`} {...handlers} data-testid="drop-zone">
        <p>
          Drop a file here or{' '}
          <button type="button" onClick={() => inputRef.current?.click()}>
            choose a file
          </button>{' '}
          (up to {LIMIT_TEXT}):
        </p>
        <ul>
          <li>a detectors JSON file (as exported here);</li>
          <li>
            a CSV of per-example results with columns <code>{PER_EXAMPLE_COLUMNS.join(',')}</code> (yes/no, true/false or
            1/0);
          </li>
          <li>
            a CSV of counts with columns <code>{COUNTS_COLUMNS.join(',')}</code>.
          </li>
        </ul>
        <input
          ref={inputRef}
          className="visually-hidden"
          type="file"
          accept=".json,.csv,.tsv,.txt,application/json,text/csv"
          aria-label="Detectors file to import"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) readFile(file);
          }}
        />
      </div>
      {problem && (
        <p className="import-problem" role="alert">
          {problem}
          {toDataView && (
            <>
              {' '}
              <a href="#/data">Open it in Evaluation data</a>
            </>
          )}
        </p>
      )}
      {groundlight && <GroundlightNotice {...groundlight} />}
      <p role="status" className="import-done">
        {reading === null ? done : `Reading ${reading}…`}
      </p>
      {loaded && <Preview loaded={loaded} existing={existing} onConfirm={confirm} onCancel={() => setLoaded(null)} />}
    </section>
  );
}

/** Class names listed in the notice before the rest are counted. */
const CLASSES_NAMED = 8;

/**
 * Groundlight's evaluation JSON: a K-class detector's confusion matrix opens in the K-class view,
 * and is saved to the workspace when asked; binary accuracies without counts, or a matrix that
 * cannot be read, are said plainly (nothing imported).
 */
function GroundlightNotice({ fileName, evaluation }: { fileName: string; evaluation: GroundlightEvaluation }) {
  const head = `${clip(fileName)} is a Groundlight evaluation`;
  if (evaluation.kind === 'malformed') {
    return (
      <p className="import-problem" role="alert">
        {head} whose confusion_dict cannot be read: {evaluation.problems.join('; ')}. Nothing imported.
      </p>
    );
  }
  if (evaluation.kind === 'no-counts') {
    const fields = evaluation.fields.length > 0 ? evaluation.fields.join(', ') : 'its accuracy fields';
    return (
      <p className="import-problem" role="alert">
        {head} without counts: {fields} {evaluation.fields.length === 1 ? 'is an accuracy' : 'are accuracies'}, not counts of examples, so no exact interval can be built from{' '}
        {evaluation.fields.length === 1 ? 'it' : 'them'}. Nothing imported. Export the per-example results (each image’s true label and answer) and{' '}
        <a href="#/data">open them in Evaluation data</a>.
      </p>
    );
  }
  const { classes, matrix } = evaluation;
  const examples = matrix.reduce((sum, row) => sum + row.reduce((a, b) => a + b, 0), 0);
  // Names from the file, clipped, and a long list shortened, so the notice stays readable.
  const named = (names: readonly string[]) => `${names.slice(0, CLASSES_NAMED).map(clip).join(', ')}${names.length > CLASSES_NAMED ? ` and ${names.length - CLASSES_NAMED} more` : ''}`;
  const empty = classes.filter((_name, i) => matrix[i]!.every((count) => count === 0));
  const why =
    classes.length > MAX_CLASSES
      ? `it has ${classes.length} classes; the K-class view shows at most ${MAX_CLASSES}`
      : classes.some((name) => name.length > MAX_CLASS_NAME_LENGTH)
        ? `a class name is longer than ${MAX_CLASS_NAME_LENGTH} characters`
        : empty.length > 0
          ? `${named(empty)} ${empty.length === 1 ? 'has' : 'have'} no examples, so the macro recall is undefined`
          : null;
  return (
    <div className="import-notice" role="alert">
      <p>
        {head} of a {classes.length}-class detector ({named(classes)}; {formatWholeCount(examples)} examples).{' '}
        {why === null ? <a href={multiclassHref({ classes, matrix, delta: undefined })}>Open its confusion matrix in the K-class view</a> : `Nothing imported: it cannot be shown as a K-class detector: ${why}.`}
      </p>
      {why === null && <SaveEvaluation fileName={fileName} classes={classes} matrix={matrix} />}
    </div>
  );
}

/** "Save to my workspace" for a Groundlight evaluation's matrix: a K-class detector named after the file, its source saying so. */
function SaveEvaluation({ fileName, classes, matrix }: { fileName: string; classes: string[]; matrix: number[][] }) {
  const addClassDetector = useWorkspace((state) => state.addClassDetector);
  const [problem, setProblem] = useState('');
  const stem = fileName.replace(/\.json$/i, '') || 'Groundlight evaluation';
  const save = () => {
    try {
      const id = addClassDetector({
        name: stem.slice(0, MAX_NAME_LENGTH),
        classes,
        matrix,
        source: `${fileName}, Groundlight evaluation (confusion_dict), imported ${new Date().toLocaleDateString('en-CA')}`.slice(0, MAX_SOURCE_LENGTH),
      });
      window.location.hash = detectorHref(id);
    } catch (error) {
      // A matrix the workspace cannot hold (counts past exact arithmetic): said, nothing saved.
      setProblem(`Not saved: ${error instanceof Error ? error.message.replace(/^addClassDetector: /, '') : String(error)}.`);
    }
  };
  return (
    <>
      <button type="button" onClick={save}>
        Save it to my workspace
      </button>
      {problem && <p className="field-error">{problem}</p>}
    </>
  );
}

/** How many detectors of both kinds. */
const detectorCount = (set: DetectorSet) => set.detectors.length + set.classDetectors.length;

/** What one row of the preview will do, in words. */
function actionText(action: ImportAction | ImportAction<ClassDetector>): string {
  switch (action.kind) {
    case 'add':
      return 'added';
    case 'add-renamed':
      return `added as “${action.id}” (id in use)`;
    case 'update':
      return 'matrix' in action.before
        ? `updates yours (was ${formatWholeCount(action.before.matrix.flat().reduce((sum, cell) => sum + cell, 0))} examples)`
        : `updates yours (was ${countsText(action.before.yes)}, ${countsText(action.before.no)})`;
    case 'skip':
      return 'skipped (id in use)';
    case 'unchanged':
      return 'already in your workspace';
  }
}

function Preview({
  loaded,
  existing,
  onConfirm,
  onCancel,
}: {
  loaded: LoadedPreview;
  existing: DetectorSet;
  onConfirm: (mode: ImportMode, onExisting: ExistingIdPolicy) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [onExisting, setOnExisting] = useState<ExistingIdPolicy>('update');
  const [confirmingReplace, setConfirmingReplace] = useState(false);
  const { preview, fileName } = loaded;
  const incoming = useMemo(() => incomingOf(preview), [preview]);
  const { detectors, classDetectors } = incoming;
  // Not on every render: with 50,000 detectors each plan is a pass over both lists.
  const planned = useMemo(() => planDetectorSetImport(existing, incoming, 'add', onExisting), [existing, incoming, onExisting]);
  const { plan, classPlan } = planned;
  const errors = preview.kind === 'json' ? preview.errors.map((error) => ({ where: error.path, message: error.message })) : preview.errors.map((error) => ({ where: `line ${error.line}`, message: stripLinePrefix(error.message) }));
  const warnings = preview.kind === 'json' ? [] : preview.warnings.map((warning) => ({ where: `line ${warning.line}`, message: stripLinePrefix(warning.message) }));
  const count = detectors.length + classDetectors.length;
  const plural = count === 1 ? '' : 's';
  const mine = detectorCount(existing);

  return (
    <div className="import-preview" role="region" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Preview of {fileName}</h3>
      <p>
        Read as a {KIND_NAMES[preview.kind]}
        {preview.kind !== 'json' && `: ${formatWholeCount(preview.rowCount)} data rows`}. {formatWholeCount(count)}{' '}
        detector{plural} can be imported
        {errors.length > 0 && `; ${formatWholeCount(errors.length)} problem${errors.length === 1 ? '' : 's'} found — those rows are left out`}.
      </p>
      {errors.length > 0 && <ProblemTable caption="Rows that will not be imported" rows={errors} />}
      {warnings.length > 0 && <ProblemTable caption="Warnings" rows={warnings} />}
      {planned.conflicts > 0 && <ExistingIdsChoice conflicts={planned.conflicts} policy={onExisting} onChange={setOnExisting} />}
      {detectors.length > 0 && (
        <div className="table-scroll">
          <table>
            <caption>Detectors to import, and what adding them does</caption>
            <ColumnHeads names={['Name', 'Id', 'Should-be-YES correct/total', 'Should-be-NO correct/total', 'When added']} />
            <tbody>
              {detectors.slice(0, PREVIEW_ROWS).map((detector, index) => (
                <tr key={`${detector.id}-${index}`}>
                  <td>{detector.name}</td>
                  <td>{detector.id}</td>
                  <td>{countsText(detector.yes)}</td>
                  <td>{countsText(detector.no)}</td>
                  <td>{actionText(plan.actions[index]!)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {detectors.length > PREVIEW_ROWS && <p>…and {formatWholeCount(detectors.length - PREVIEW_ROWS)} more.</p>}
        </div>
      )}
      {classDetectors.length > 0 && (
        <div className="table-scroll">
          <table>
            <caption>Detectors with more than two classes to import, and what adding them does</caption>
            <ColumnHeads names={['Name', 'Id', 'Classes', 'Examples', 'When added']} />
            <tbody>
              {classDetectors.slice(0, PREVIEW_ROWS).map((detector, index) => (
                <tr key={`${detector.id}-${index}`}>
                  <td>{detector.name}</td>
                  <td>{detector.id}</td>
                  <td>{clip(detector.classes.join(', '))}</td>
                  <td>{formatWholeCount(detector.matrix.flat().reduce((sum, cell) => sum + cell, 0))}</td>
                  <td>{actionText(classPlan.actions[index]!)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {classDetectors.length > PREVIEW_ROWS && <p>…and {formatWholeCount(classDetectors.length - PREVIEW_ROWS)} more.</p>}
        </div>
      )}
      {confirmingReplace ? (
        <div className="button-row" role="group" aria-label="Confirm replace">
          <p>
            Replace all {formatWholeCount(mine)} detector{mine === 1 ? '' : 's'} in your workspace with these{' '}
            {formatWholeCount(count)}? You can undo it right after.
          </p>
          <button type="button" className="danger-button" onClick={() => onConfirm('replace', onExisting)}>
            Yes, replace them
          </button>
          <button type="button" onClick={() => setConfirmingReplace(false)}>
            No, keep mine
          </button>
        </div>
      ) : (
        <div className="button-row">
          {planned.refused && (
            <p className="field-error" role="alert">
              Adding: {planned.refused}
            </p>
          )}
          <button type="button" disabled={count === 0 || planned.refused !== null} onClick={() => onConfirm('add', onExisting)}>
            {planned.actions.every((action) => action.kind === 'add') ? `Add ${formatWholeCount(count)} detector${plural}` : `Import: ${describeImport(planned)}`}
          </button>
          <button type="button" disabled={count === 0} onClick={() => (mine === 0 ? onConfirm('replace', onExisting) : setConfirmingReplace(true))}>
            Replace all detectors with these…
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}

function ProblemTable({ caption, rows }: { caption: string; rows: { where: string; message: string }[] }) {
  return (
    <div className="table-scroll">
      <table className="problem-table">
        <caption>{caption}</caption>
        <ColumnHeads names={['Where', 'Reason']} />
        <tbody>
          {rows.slice(0, PROBLEM_ROWS).map((row, index) => (
            <tr key={index}>
              <td>{row.where}</td>
              <td>{row.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > PROBLEM_ROWS && <p>…and {formatWholeCount(rows.length - PROBLEM_ROWS)} more.</p>}
    </div>
  );
}

/** The data layer's messages start with "line 7: "; the table has its own column for that. */
function stripLinePrefix(message: string): string {
  return message.replace(/^line \d+: /, '');
}
