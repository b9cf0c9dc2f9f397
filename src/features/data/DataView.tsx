import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cancelEvaluationWork, columnValues, detectorCounts, openEvaluationFile, prepareExamples, startEvaluationEngine } from '../../data/evaluation/browser';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { LinkProblems, LinkProblemsNotice } from '../../components/LinkProblems';
import {
  applyDataLink,
  dataHref,
  type DataLink,
  dataLinkFor,
  describeDataLink,
  type HashRoute,
  type LinkProblem,
  parseDataLink,
  parseHashRoute,
  type WindowChoice,
} from '../../data/links';
import {
  EvaluationCancelled,
  type EvaluationFilter,
  type EvaluationMapping,
  guessMapping,
  isFilterable,
  type OpenedEvaluation,
  type OpenStage,
  type ValueCount,
} from '../../data/evaluation';
import { fileSize, formatWholeCount } from '../../data/format';
import { BALANCED_METHOD_NAMES } from '../../data/methods';
import type { DetectionMetricKey } from '../../data/detectors';
import { useWorkspace } from '../../store/workspace';
import { useProgressiveCount } from '../../components/use-progressive-count';
import { ClassesSection } from './ClassesSection';
import { ColumnPairSection } from './ColumnPairSection';
import { CountsSection } from './CountsSection';
import { FileDrop } from './FileDrop';
import { FiltersForm } from './FiltersForm';
import { MappingForm } from './MappingForm';
import { PreviewTable } from './PreviewTable';
import { SlicesSection } from './SlicesSection';
import { PairedRankingSection } from './PairedRankingSection';
import { PairsSection } from './PairsSection';
import { ThresholdSection } from './ThresholdSection';
import { DetectorChoicesProvider } from './use-detector-choice';
import { TimeSection } from './TimeSection';
import type { Counted } from './types';
import './data.css';
import { DataProblem } from './DataProblem';
import { useClassReading } from './use-class-reading';

const TITLE = 'Evaluation data';

// The view holds every section's choices (for its link); each section re-renders only when its own
// inputs change, not when another section's choice does (a chart re-render is ~100 ms).
const Counts = memo(CountsSection);
const Slices = memo(SlicesSection);
const OverTime = memo(TimeSection);
const ByThreshold = memo(ThresholdSection);
const DEFAULT_THRESHOLD = 0.5;
/** The steps in which the sections after the counts appear: pairs, slices, over time, by threshold. */
const SECTIONS_AFTER_COUNTS = 4;
const NO_VALUES: ValueCount[] = [];

/** The counts (or why there are none) for one opened file, mapping and threshold. */
interface CountingResult {
  opened: OpenedEvaluation;
  mapping: EvaluationMapping;
  filters: EvaluationFilter[];
  threshold: number | null;
  counted: Counted | null;
  error: string;
}

/** What the view is doing; `fraction` (0–1) drives the progress bar when the stage reports one. */
type Work = { kind: 'idle' } | { kind: 'busy'; what: string; fraction?: number } | { kind: 'failed'; message: string };

function openingWork(fileName: string, stage: OpenStage): Work {
  switch (stage.stage) {
    case 'converting':
      return { kind: 'busy', what: `Converting “${fileName}” for the engine: ${Math.floor(stage.fraction * 100)}%…`, fraction: stage.fraction };
    case 'reading':
      return { kind: 'busy', what: `Reading “${fileName}” into the engine: ${Math.floor(stage.fraction * 100)}%…`, fraction: stage.fraction };
    case 'summarising':
      return { kind: 'busy', what: `Summarising the columns of “${fileName}”…` };
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `#/data`: a per-example file read by DuckDB in the browser, mapped, counted, sliced and imported. */
export function DataView({ route }: { route: HashRoute }) {
  const { params } = route;
  const parsed = useMemo(() => parseDataLink(params), [params]);
  if (!parsed.ok) return <LinkProblems title={TITLE} problems={parsed.problems} fallbackHref={dataHref({ roles: {}, filters: [] })} />;
  return <DataPage linked={parsed.value} linkKey={params.toString()} />;
}

/** What a link's query string is, as the router will read it back (to tell our own writes from a new link). */
const linkKeyOf = (href: string) => parseHashRoute(href).params.toString();

// Over 120 lines (269): this page holds every section's choices, because its link carries them all
// (mapping, filters, threshold, slice, window, split); the sections themselves are components. Left
// as one piece in issue 26's restructuring; a useDataLinkState hook is the next split.
/**
 * The view with a link's settings (`linked`) waiting for a file: the first file opened after a link
 * gets its mapping, filters, threshold, slice column, time window and split; from then on the
 * address follows the controls (replaceState), so Copy link holds the current view.
 */
function DataPage({ linked, linkKey }: { linked: DataLink; linkKey: string }) {
  const delta = useWorkspace((state) => state.delta);
  const balancedMethod = useWorkspace((state) => state.balancedMethod);
  const [work, setWork] = useState<Work>({ kind: 'idle' });
  const [opened, setOpened] = useState<OpenedEvaluation | null>(null);
  const [mapping, setMapping] = useState<EvaluationMapping | null>(null);
  const [threshold, setThreshold] = useState(DEFAULT_THRESHOLD);
  const [filters, setFilters] = useState<EvaluationFilter[]>([]);
  // The label values with the file and columns they were read for (the last ones stay shown until new ones arrive).
  const [labels, setLabels] = useState<{ opened: OpenedEvaluation; columns: string; values: ValueCount[] } | null>(null);
  const [counting, setCounting] = useState<CountingResult | null>(null);
  /** DuckDB's progress while the mapped examples table is built, for the mapping it is built from. */
  const [countingProgress, setCountingProgress] = useState<{ mapping: EvaluationMapping; fraction: number } | null>(null);
  const [sliceColumn, setSliceColumn] = useState<string | undefined>(linked.slice);
  const [windowChoice, setWindowChoice] = useState<WindowChoice>(linked.window ?? 'auto');
  const [tune, setTune] = useState<string | undefined>(linked.tune);
  const [perClass, setPerClass] = useState(linked.perClass ?? false);
  // Over time: the cumulative view's target (null: the per-window view).
  const [cumulative, setCumulative] = useState<number | null>(linked.cumulative ?? null);
  // The counts' and slices' extra metric column (one choice for both, as the link carries it).
  const [metric, setMetric] = useState<DetectionMetricKey | undefined>(linked.metric);
  // The threshold a link asked for: the threshold curve opens on it (none otherwise, until one is picked).
  const [linkedThreshold, setLinkedThreshold] = useState<number | null>(null);
  const [linkNotes, setLinkNotes] = useState<{ problems: LinkProblem[]; otherFile: string | null }>({ problems: [], otherFile: null });
  const generation = useRef(0);
  // The link whose settings the next opened file gets (null once applied).
  const [pendingLink, setPendingLink] = useState<DataLink | null>(linked);

  function applyLink(link: DataLink | null, file: OpenedEvaluation) {
    const guess = guessMapping(file.columns);
    const applied = link ? applyDataLink(guess, link, file.columns) : { mapping: guess, notes: [] };
    setPendingLink(null);
    setMapping(applied.mapping);
    setFilters(link?.filters ?? []);
    setThreshold(link?.threshold ?? DEFAULT_THRESHOLD);
    setLinkedThreshold(link?.threshold ?? null);
    setSliceColumn(link?.slice);
    setWindowChoice(link?.window ?? 'auto');
    setTune(link?.tune);
    setPerClass(link?.perClass ?? false);
    setCumulative(link?.cumulative ?? null);
    setMetric(link?.metric);
    setLinkNotes({ problems: applied.notes, otherFile: link?.file !== undefined && link.file !== file.fileName ? link.file : null });
  }

  async function open(file: File) {
    const mine = ++generation.current;
    setWork({ kind: 'busy', what: `Reading “${file.name}”…` });
    try {
      let shown = '';
      const result = await openEvaluationFile(file, (stage) => {
        const next = openingWork(file.name, stage);
        // One update per whole percent: DuckDB reports far more often than the bar can show.
        if (mine === generation.current && next.kind === 'busy' && next.what !== shown) {
          shown = next.what;
          setWork(next);
        }
      });
      if (mine !== generation.current) return;
      setOpened(result);
      applyLink(pendingLink, result);
      setWork({ kind: 'idle' });
    } catch (error) {
      if (mine !== generation.current) return;
      setOpened(null);
      setMapping(null);
      setWork({ kind: 'failed', message: error instanceof EvaluationCancelled ? 'Cancelled. Nothing was changed.' : message(error) });
    }
  }

  function cancel() {
    generation.current += 1;
    cancelEvaluationWork();
    setOpened(null);
    setMapping(null);
    setWork({ kind: 'failed', message: 'Cancelled. Nothing was changed; open the file again to continue.' });
  }

  const usableMapping = mapping !== null && (mapping.prediction !== null || mapping.score !== null) ? mapping : null;
  const effectiveThreshold = usableMapping?.prediction === null ? threshold : null;
  // Filters on columns that are no longer slice (or detector) columns are dropped, never sent.
  const activeFilters = useMemo(
    () => (usableMapping ? filters.filter((filter) => isFilterable(usableMapping, filter.column)) : []),
    [filters, usableMapping],
  );

  // Label values seen in the true-label and prediction columns, for the YES/NO map and to tell
  // whether the labels may be classes: read before anything else (two small GROUP BYs).
  const truthColumn = mapping?.truth;
  const predictionColumn = mapping?.prediction;
  const labelColumns = JSON.stringify([truthColumn ?? null, predictionColumn ?? null]);
  useEffect(() => {
    if (!opened || truthColumn === undefined) return;
    let current = true;
    const columns = [truthColumn, ...(predictionColumn ? [predictionColumn] : [])];
    Promise.all(columns.map((column) => columnValues(column)))
      .then((lists) => {
        if (current) setLabels({ opened, columns: labelColumns, values: mergeValueCounts(lists.flat()) });
      })
      .catch(() => {
        if (current) setLabels({ opened, columns: labelColumns, values: [] });
      });
    return () => {
      current = false;
    };
  }, [opened, truthColumn, predictionColumn, labelColumns]);
  const labelValues = labels?.values ?? NO_VALUES;
  const labelsRead = labels !== null && labels.opened === opened && labels.columns === labelColumns;
  const countingNow =
    counting !== null &&
    counting.opened === opened &&
    counting.mapping === usableMapping &&
    counting.filters === activeFilters &&
    counting.threshold === effectiveThreshold
      ? counting
      : null;
  // With three or more label values, the file is read as K-class detectors next, before the counts when that is quick.
  const classes = useClassReading(opened, mapping, activeFilters, labelsRead ? labels.values : null, countingNow !== null);
  const classesSettled = classes.settled;

  // Examples and per-detector counts, again whenever the mapping or the threshold changes; the
  // result remembers what it was made from, so a stale one is never shown. They wait for the class
  // reading (the engine runs one statement at a time, and the examples table is the long one).
  useEffect(() => {
    if (!opened || !usableMapping || !classesSettled) return;
    let current = true;
    let shownPercent = -1;
    (async () => {
      const prepared = await prepareExamples(usableMapping, (fraction) => {
        const percent = Math.floor(fraction * 100);
        if (current && percent !== shownPercent) {
          shownPercent = percent;
          setCountingProgress({ mapping: usableMapping, fraction });
        }
      });
      const counts = await detectorCounts(usableMapping, activeFilters, effectiveThreshold);
      const counted = { mapping: usableMapping, filters: activeFilters, threshold: effectiveThreshold, prepared, counts };
      if (current) setCounting({ opened, mapping: usableMapping, filters: activeFilters, threshold: effectiveThreshold, counted, error: '' });
    })().catch((error: unknown) => {
      if (current && !(error instanceof EvaluationCancelled)) {
        setCounting({ opened, mapping: usableMapping, filters: activeFilters, threshold: effectiveThreshold, counted: null, error: `The examples could not be counted: ${message(error)}` });
      }
    });
    return () => {
      current = false;
    };
  }, [opened, usableMapping, activeFilters, effectiveThreshold, classesSettled]);

  const counted = countingNow?.counted ?? null;
  // The sections under the counts come in a frame apart (pairs, slices, time, threshold): mounted
  // together, their first draws and queries made one long task when the counts arrived.
  const sectionsShown = useProgressiveCount(SECTIONS_AFTER_COUNTS, 1, counted !== null, 0);

  // The address follows the controls while a file is open (never the data; see data-link.ts).
  const currentHref = useMemo(
    () =>
      opened && mapping
        ? dataHref(dataLinkFor({ file: opened.fileName, mapping, filters: activeFilters, threshold, slice: sliceColumn, window: windowChoice, tune, perClass, metric, cumulative }))
        : null,
    [opened, mapping, activeFilters, threshold, sliceColumn, windowChoice, tune, perClass, metric, cumulative],
  );
  useEffect(() => {
    if (currentHref !== null && window.location.hash !== currentHref) window.history.replaceState(window.history.state, '', currentHref);
  }, [currentHref]);
  // A link opened later (not our own address write): applied to the open file at once, else to the next one.
  const [seenLinkKey, setSeenLinkKey] = useState(linkKey);
  if (seenLinkKey !== linkKey) {
    setSeenLinkKey(linkKey);
    if (currentHref === null || linkKeyOf(currentHref) !== linkKey) {
      if (opened) applyLink(linked, opened);
      else setPendingLink(linked);
    }
  }

  const countedMapping = counted?.mapping;
  const countWithThreshold = useCallback(
    (chosen: number) => {
      setThreshold(chosen);
      if (countedMapping) setMapping({ ...countedMapping, prediction: null });
    },
    [countedMapping],
  );

  const isCounting = opened !== null && usableMapping !== null && countingNow === null;
  const busy = work.kind === 'busy' || isCounting;
  const countingFraction = countingProgress !== null && countingProgress.mapping === usableMapping ? countingProgress.fraction : undefined;
  const busyFraction = work.kind === 'busy' ? work.fraction : countingFraction;
  const busyText = work.kind === 'busy' ? work.what : `Counting${countingFraction === undefined ? '' : `: ${Math.floor(countingFraction * 100)}%`}…`;
  const columns = useMemo(() => opened?.columns ?? [], [opened]);

  return (
    <section className="data-view">
      <h1>{TITLE}</h1>
      <p className="lead">
        Per-example results — one row per labelled example with its true label and the detector’s answer — read and counted by
        DuckDB in a Web Worker in this browser. The file is never uploaded and never read whole into the page.
      </p>
      {!opened && pendingLink && <PendingLink link={pendingLink} />}
      <FileDrop onFile={(file) => void open(file)} onIntent={startEvaluationEngine} disabled={busy} />
      <div role="status" className="data-status">
        {busy && (
          <span className="data-busy">
            {busyText}{' '}
            {/* Indeterminate until a stage reports its share: the engine's start alone takes about a second. */}
            <progress className="data-progress" max={1} value={busyFraction} aria-label="Progress" />{' '}
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </span>
        )}
      </div>
      {(work.kind === 'failed' || countingNow?.error) && <DataProblem>{work.kind === 'failed' ? work.message : countingNow?.error}</DataProblem>}
      {opened && mapping && (
        <DetectorChoicesProvider>
          <h2>
            {opened.fileName} <span className="muted">— {describeFile(opened)}</span>
          </h2>
          {linkNotes.otherFile !== null && (
            <p className="data-note">
              The link was made with “{linkNotes.otherFile}”; its settings were applied to “{opened.fileName}” where the columns match.
            </p>
          )}
          {linkNotes.problems.length > 0 && <LinkProblemsNotice problems={linkNotes.problems} ignored="The rest of the link was applied to this file." />}
          <CopyLinkButton getUrl={() => window.location.href} label="Copy link to this view" />
          {opened.skipped.count > 0 && (
            <p className="data-problem">
              {formatWholeCount(opened.skipped.count)} line{opened.skipped.count === 1 ? ' is' : 's are'} not a JSON object and{' '}
              {opened.skipped.count === 1 ? 'was' : 'were'} left out (e.g. line{opened.skipped.examples.length === 1 ? '' : 's'}{' '}
              {opened.skipped.examples.join(', ')}).
            </p>
          )}
          <PreviewTable opened={opened} />
          <MappingForm columns={columns} countedColumns={opened.countedColumns} labelValues={labelValues} mapping={mapping} onChange={setMapping} threshold={threshold} onThreshold={setThreshold} />
          <FiltersForm mapping={mapping} filters={activeFilters} onChange={setFilters} />
          {counted && balancedMethod !== 'union' && (
            <p className="data-note">
              Slices, time windows and the threshold curve show the workspace’s balanced interval ({BALANCED_METHOD_NAMES[balancedMethod]}): at the
              class sizes of per-example files each is an exact search of up to a tenth of a second, so they are computed in background
              workers and fill in as they arrive. The counts table below, and its export, use the exact union bound (quick for every
              detector of a file); an imported detector gets the workspace’s method.
            </p>
          )}
          {classes.result && <ClassesSection result={classes.result} mapping={mapping} filters={activeFilters} delta={delta} fileName={opened.fileName} sliceColumn={sliceColumn} onSliceColumn={setSliceColumn} windowChoice={windowChoice} onWindowChoice={setWindowChoice} />}
          {counted && <Counts opened={opened} counted={counted} delta={delta} metric={metric} onMetric={setMetric} />}
          {counted && sectionsShown >= 1 && counted.mapping.exampleId !== null && counted.mapping.detector !== null && counted.counts.length >= 2 && (
            <>
              <PairsSection counted={counted} delta={delta} sliceColumn={sliceColumn} />
              <PairedRankingSection counted={counted} delta={delta} />
            </>
          )}
          {counted && sectionsShown >= 1 && counted.mapping.detector === null && counted.mapping.prediction !== null && (
            <ColumnPairSection columns={columns} mapping={counted.mapping} filters={counted.filters} delta={delta} />
          )}
          {counted && sectionsShown >= 2 && counted.mapping.slices.length > 0 && <Slices counted={counted} delta={delta} column={sliceColumn} onColumn={setSliceColumn} method={balancedMethod} metric={metric} onMetric={setMetric} />}
          {counted && sectionsShown >= 3 && counted.mapping.timestamp !== null && (
            <OverTime
              counted={counted} delta={delta} method={balancedMethod} timestampColumn={counted.mapping.timestamp}
              choice={windowChoice} onChoice={setWindowChoice} perClass={perClass} onPerClass={setPerClass}
              cumulative={cumulative} onCumulative={setCumulative}
            />
          )}
          {counted && sectionsShown >= 4 && counted.mapping.score !== null && (
            <ByThreshold
              counted={counted} delta={delta} method={balancedMethod} scoreColumn={counted.mapping.score}
              tune={tune} onTune={setTune} onUseThreshold={countWithThreshold} linkedThreshold={linkedThreshold}
            />
          )}
        </DetectorChoicesProvider>
      )}
    </section>
  );
}

/** While no file is open: which file a link expects and what it will apply to it. */
function PendingLink({ link }: { link: DataLink }) {
  const settings = describeDataLink(link);
  if (settings.length === 0 && link.file === undefined) return null;
  return (
    <div className="data-note data-pending-link">
      <p>
        {link.file !== undefined ? (
          <>
            This link was made with <strong>{link.file}</strong>. Open that file (it is never part of a link) and these settings apply:
          </>
        ) : (
          'Open a file and this link’s settings apply:'
        )}
      </p>
      {settings.length > 0 ? (
        <ul>
          {settings.map((setting) => (
            <li key={setting}>{setting}</li>
          ))}
        </ul>
      ) : (
        <p>(none: the column roles are guessed from the file)</p>
      )}
    </div>
  );
}

function describeFile(opened: OpenedEvaluation): string {
  const format = { csv: 'CSV', tsv: 'TSV', 'csv.gz': 'gzip-compressed CSV', jsonl: 'JSON Lines', parquet: 'Parquet' }[opened.format];
  return `${format}, ${formatWholeCount(opened.rows)} row${opened.rows === 1 ? '' : 's'}, ${opened.columns.length} column${opened.columns.length === 1 ? '' : 's'}, ${fileSize(opened.bytes)}`;
}

function mergeValueCounts(values: readonly ValueCount[]): ValueCount[] {
  const merged = new Map<string | null, number>();
  for (const { value, rows } of values) merged.set(value, (merged.get(value) ?? 0) + rows);
  return [...merged].map(([value, rows]) => ({ value, rows })).sort((a, b) => b.rows - a.rows);
}

