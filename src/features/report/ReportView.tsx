import { memo, useCallback, useId, useMemo, useRef, useState } from 'react';
import { ChartDownloads } from '../../components/ChartDownloads';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { detectorIntervalRows, detectorIntervalsCaption } from '../../components/detector-interval-rows';
import { IntervalChart } from '../../components/IntervalChart';
import { LinkProblems } from '../../components/LinkProblems';
import { TableScroll } from '../../components/TableScroll';
import { useExpensiveIntervalsReady } from '../../components/use-expensive-intervals-ready';
import { useLinkState } from '../../components/use-link-state';
import { usePrinting } from '../../components/use-printing';
import { useProgressiveCount } from '../../components/use-progressive-count';
import { useSampleSeed } from '../../components/use-sample-seed';
import { BALANCED_METHOD_NAMES, type BalancedMethod, CLASS_METHOD, countsText, METRIC_METHOD_NAMES } from '../../data/methods';
import { formatConfidence, formatFullPrecision, formatWholeCount } from '../../data/format';
import { deploymentSentence } from '../../data/detectors';
import { detectorHref, type HashRoute, parseReportLink, reportHref, type ReportLink } from '../../data/links';
import { useWorkspace } from '../../store/workspace';
import { CopyMarkdownButton } from '../../components/CopyMarkdownButton';
import { classIntervalsToMarkdown } from '../../data/files';
import { ClassDetectorsReport } from './ClassDetectorsReport';
import { intervalsMarkdown } from './report-markdown';
import {
  estimateText,
  familyText,
  hasSimultaneous,
  interpretation,
  intervalText,
  metricRows,
  reportEntriesUpTo,
  reportExpensiveNeeds,
  simultaneousDeltaText,
  type ReportDetector,
  type ReportEntry,
  type ReportFamily,
} from './report-model';
import './report.css';

const TITLE = 'Report';

/** The method as the progress line names it ("Computing the exact 95% intervals (…)"). */
const COMPUTING_NAMES: Record<BalancedMethod, string> = {
  buehler: 'Buehler’s, never wider than the union bound',
  union: 'union bound',
  inversion: 'test inversion ordered by the estimate',
};

/** Where each balanced method comes from, after its name in a detector's checklist. */
const METHOD_SOURCES: Record<BalancedMethod, string> = {
  buehler:
    '(Buehler 1957: one exact test of the balanced accuracy inverted, its outcomes ordered by the union bound, so never wider than the union bound; the chance it misses is at most δ whatever the two classes’ accuracies, the largest such chance being bounded with certainty, not estimated)',
  union: '(Langford 2005; “Tales from the Binomial Tail”)',
  inversion:
    '(one exact test of the balanced accuracy inverted, its outcomes ordered by the estimate; the chance it misses is at most δ whatever the two classes’ accuracies, the largest such chance being bounded with certainty, not estimated)',
};
/**
 * The intervals table's Method cells: a short name (a cell of one line on paper), each spelled out
 * once in the legend under the table. Keyed by the methods' full names.
 */
const SHORT_METHOD_NAMES: Record<string, string> = {
  [BALANCED_METHOD_NAMES.buehler]: 'Buehler',
  [BALANCED_METHOD_NAMES.union]: 'Union bound',
  [BALANCED_METHOD_NAMES.inversion]: 'Test inversion',
  [CLASS_METHOD]: 'Clopper–Pearson',
  [METRIC_METHOD_NAMES['exact-central-given-answers']!]: 'C–P given answers',
  [METRIC_METHOD_NAMES['exact-union-bound']!]: 'Union bound (δ/4)',
};
const shortMethod = (method: string) => SHORT_METHOD_NAMES[method] ?? method;

/** Detector pages drawn a frame: each takes a few milliseconds to lay out (its chart, checklist and text). */
const PAGES_PER_FRAME = 4;
/**
 * Detectors' rows of the intervals table drawn a frame (eight rows each). Each frame lays the whole
 * table out again (about 20 µs a row in Chromium, auto or fixed table layout alike).
 */
const TABLE_ENTRIES_PER_FRAME = 10;

/** `#/report`: the workspace's detectors (or one, or counts from the link) laid out for paper. */
export function ReportView({ route }: { route: HashRoute }) {
  const { params } = route;
  const parsed = useMemo(() => parseReportLink(params), [params]);
  if (!parsed.ok) return <LinkProblems title={TITLE} problems={parsed.problems} fallbackHref="#/report" />;
  return <ReportPage linked={parsed.value} linkKey={params.toString()} />;
}

function ReportPage({ linked, linkKey }: { linked: ReportLink; linkKey: string }) {
  const [link, setLink] = useLinkState(linked, linkKey, reportHref);
  const workspaceDelta = useWorkspace((state) => state.delta);
  const workspaceMethod = useWorkspace((state) => state.balancedMethod);
  const method = link.balanced ?? workspaceMethod;
  const hydrated = useWorkspace((state) => state.hydrated);
  // A report link opened in a browser that never had a workspace shows the samples, as the list would.
  const loadingSamples = useSampleSeed(link.subject.kind !== 'counts');
  const stored = useWorkspace((state) => state.detectors);
  const storedClasses = useWorkspace((state) => state.classDetectors);
  const delta = link.delta ?? workspaceDelta;
  const setDelta = useCallback((next: number) => setLink({ ...link, delta: next }), [link, setLink]);
  const { subject } = link;

  const detectors = useMemo<ReportDetector[]>(() => {
    if (subject.kind === 'counts') return [{ id: null, name: subject.name, query: '', yes: subject.yes, no: subject.no }];
    const chosen = subject.kind === 'detector' ? stored.filter((detector) => detector.id === subject.id) : stored;
    return chosen.map(({ id, name, query, yes, no, source }) => ({ id, name, query, yes, no, source }));
  }, [subject, stored]);
  const classDetectors = useMemo(
    () => (subject.kind === 'workspace' ? storedClasses : subject.kind === 'detector' ? storedClasses.filter((detector) => detector.id === subject.id) : []),
    [subject, storedClasses],
  );
  // The test inversion's and Buehler's intervals of large counts take up to seconds each: workers compute them first, off the page.
  const needs = useMemo(() => reportExpensiveNeeds(detectors, delta, method), [detectors, delta, method]);
  const computing = useExpensiveIntervalsReady(needs);
  const ready = computing === null;
  const entriesUpTo = useMemo(() => (ready ? reportEntriesUpTo(detectors, delta, method, link.deployment) : null), [ready, detectors, delta, method, link.deployment]);
  const count = entriesUpTo === null ? 0 : detectors.length;
  const family = useMemo<ReportFamily>(() => ({ delta, m: detectors.length }), [delta, detectors.length]);
  // Hundreds of detectors are drawn a few a frame (all at once for paper), not in one long task: the
  // table's rows first, then the pages, so that no frame lays out both.
  const printing = usePrinting();
  const progressiveRows = useProgressiveCount(count, TABLE_ENTRIES_PER_FRAME, entriesUpTo, 0);
  const tableDrawn = printing ? count : progressiveRows;
  const progressive = useProgressiveCount(tableDrawn < count ? 0 : count, PAGES_PER_FRAME, entriesUpTo, 0);
  const drawn = printing ? count : progressive;
  // Each entry is computed when its rows are first drawn (the pages come after the rows).
  const tableEntries = useMemo(() => entriesUpTo?.(tableDrawn) ?? [], [entriesUpTo, tableDrawn]);
  // One date for the whole page, fixed when the report opens: what the paper says it was made on.
  const [date] = useState(() => new Date().toLocaleDateString('en-CA'));
  const source =
    subject.kind === 'counts'
      ? 'the counts given in this report’s link'
      : 'the detector workspace saved in this browser (counts as entered, imported or loaded from the sample set)';
  const heading = subject.kind === 'workspace' ? 'Report: all detectors' : `Report: ${detectors[0]?.name ?? classDetectors[0]?.name ?? (subject.kind === 'detector' ? subject.id : '')}`;
  const total = count + classDetectors.length;

  if (subject.kind !== 'counts' && (!hydrated || loadingSamples)) return <p role="status">Opening your workspace…</p>;
  if (detectors.length === 0 && classDetectors.length === 0) {
    return (
      <section className="report">
        <h1>{heading}</h1>
        <p role="alert">
          {subject.kind === 'detector'
            ? `There is no detector with the id “${subject.id}” in this browser’s workspace.`
            : 'This browser’s workspace has no detectors yet.'}{' '}
          <a href="#/">Open the detectors</a> to load or add some.
        </p>
      </section>
    );
  }

  if (computing !== null) {
    return (
      <section className="report" aria-labelledby="report-heading" aria-busy="true">
        <h1 id="report-heading">{heading}</h1>
        <ConfidenceControl delta={delta} onChange={setDelta} />
        <p role="status">
          Computing the exact {formatConfidence(delta)} intervals ({COMPUTING_NAMES[method]}) of {formatWholeCount(detectors.length)} detector
          {detectors.length === 1 ? '' : 's'} in the background: {Math.floor(computing * 100)}% done.
        </p>
        <progress className="report__progress" max={1} value={computing} aria-label="Intervals computed" />
      </section>
    );
  }

  return (
    <article className="report" aria-labelledby="report-heading" aria-busy={drawn < count || tableDrawn < count}>
      <header className="report__header">
        <h1 id="report-heading">{heading}</h1>
        <p className="report__meta">
          Made with tailbound on {date} from {source}. {formatWholeCount(total)} detector{total === 1 ? '' : 's'}
          {classDetectors.length > 0 && ` (${formatWholeCount(classDetectors.length)} with more than two classes)`}
          {', '}
          {formatConfidence(delta)} intervals (δ = {formatFullPrecision(delta)}).
        </p>
        <div className="report__controls">
          <ConfidenceControl delta={delta} onChange={setDelta} />
          <div className="report__actions">
            <button type="button" onClick={() => window.print()}>
              Print or save as PDF
            </button>
            <CopyMarkdownButton
              getMarkdown={() =>
                [...(entriesUpTo && count > 0 ? [intervalsMarkdown(entriesUpTo(count), family, date)] : []), ...classDetectors.map((detector) => classIntervalsToMarkdown(detector, delta))].join('\n')
              }
            />
          </div>
        </div>
      </header>

      {count > 0 && <IntervalsTable entries={tableEntries} family={family} />}
      <ClassDetectorsReport detectors={classDetectors} delta={delta} />

      {tableEntries.slice(0, drawn).map((entry, index) => (
        <DetectorReport key={entry.id ?? `counts-${index}`} entry={entry} family={family} date={date} source={source} method={method} />
      ))}
      {drawn < count && (
        <p role="status" className="report__drawing">
          Drawing the detectors’ pages: {formatWholeCount(drawn)} of {formatWholeCount(count)}…
        </p>
      )}
    </article>
  );
}

/** Every detector's intervals in one table (the rows drawn so far): what "Copy as Markdown" copies. */
function IntervalsTable({ entries, family }: { entries: readonly ReportEntry[]; family: ReportFamily }) {
  const level = formatConfidence(family.delta);
  const simultaneous = hasSimultaneous(family);
  return (
    <section className="report__summary" aria-labelledby="report-summary-heading">
      <h2 id="report-summary-heading">Intervals</h2>
      <TableScroll label="Intervals table">
        <table className="report-table">
          <caption>
            Estimates and exact {level} intervals (δ = {formatFullPrecision(family.delta)}), rounded outward
            {simultaneous && <>; simultaneous: at {simultaneousDeltaText(family)}, so that all {formatWholeCount(family.m)} hold together</>}
            {family.m > 1 && !simultaneous && <>; no simultaneous intervals: {simultaneousDeltaText(family)} is below 1e-300, the smallest level they take</>}.
            Precision and NPV describe each test set’s own mix of YES and NO.
          </caption>
          <thead>
            <tr>
              <th scope="col">Detector</th>
              <th scope="col">Metric</th>
              <th scope="col">Correct / total</th>
              <th scope="col">Estimate</th>
              <th scope="col">{level} interval</th>
              {simultaneous && <th scope="col">Simultaneous</th>}
              <th scope="col">Method</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <EntryRows key={entry.id ?? index} entry={entry} simultaneous={simultaneous} />
            ))}
          </tbody>
        </table>
      </TableScroll>
      <MethodLegend entries={entries} />
    </section>
  );
}

/** The methods of the table's Method column (of the rows drawn so far), each short name spelled out once. */
function MethodLegend({ entries }: { entries: readonly ReportEntry[] }) {
  const methods = useMemo(() => [...new Set(entries.flatMap((entry) => metricRows(entry).map((row) => row.method)))], [entries]);
  return (
    <>
      <h3 className="report-table__legend-title">Methods</h3>
      <dl className="report-table__legend">
        {methods.map((method) => (
          <div key={method}>
            <dt>{shortMethod(method)}</dt>
            <dd>{method}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** A detector's rows of the intervals table. Memoised: drawing the next rows leaves these be. */
const EntryRows = memo(function EntryRows({ entry, simultaneous }: { entry: ReportEntry; simultaneous: boolean }) {
  const rows = metricRows(entry);
  return rows.map((row, rowIndex) => (
    <tr key={row.metric} className={rowIndex === 0 ? 'report-table__first' : undefined}>
      {rowIndex === 0 && (
        <th scope="rowgroup" rowSpan={rows.length}>
          {entry.name}
        </th>
      )}
      <td>{row.metric}</td>
      <td className="report-table__number">{row.counts}</td>
      <td className="report-table__number">{estimateText(row.interval)}</td>
      <td className="report-table__number">{intervalText(row.interval)}</td>
      {simultaneous && <td className="report-table__number">{intervalText(row.simultaneous)}</td>}
      <td className="report-table__method" title={row.method}>
        {shortMethod(row.method)}
      </td>
    </tr>
  ));
});

/** One detector on its own page: the reporting checklist, its intervals as a picture, and what they mean. Memoised: drawing the next pages leaves these be. */
const DetectorReport = memo(function DetectorReport({
  entry,
  family,
  date,
  source,
  method,
}: {
  entry: ReportEntry;
  family: ReportFamily;
  date: string;
  source: string;
  /** The report's method setting, which its links carry (a class past the expensive methods' ceiling falls back to the union bound). */
  method: BalancedMethod;
}) {
  const chartRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const pictureTitle = `Accuracy of “${entry.name}”`;
  const tests = entry.yes.total + entry.no.total;
  return (
    <section className="report-detector" aria-labelledby={headingId}>
      <h2 id={headingId}>{entry.name}</h2>
      {entry.query && <p className="report-detector__query">Query: “{entry.query}”</p>}
      <dl className="report-checklist">
        <dt>Test set</dt>
        <dd>
          {formatWholeCount(tests)} labelled examples: {formatWholeCount(entry.yes.total)} should-be-YES,{' '}
          {formatWholeCount(entry.no.total)} should-be-NO
        </dd>
        <dt>Should-be-YES</dt>
        <dd>{countsText(entry.yes)} answered YES correctly</dd>
        <dt>Should-be-NO</dt>
        <dd>{countsText(entry.no)} answered NO correctly</dd>
        <dt>Method</dt>
        <dd>
          Balanced accuracy: {BALANCED_METHOD_NAMES[entry.intervals.method]} {METHOD_SOURCES[entry.intervals.method]}. Each class:{' '}
          {CLASS_METHOD}.
        </dd>
        <dt>Confidence</dt>
        <dd>{familyText(family)}</dd>
        <dt>Date</dt>
        <dd>{date}</dd>
        <dt>Data source</dt>
        <dd>
          {entry.source ?? source}
          {entry.id !== null && (
            <>
              {' '}
              (detector id <code>{entry.id}</code>; <a href={detectorHref(entry.id, family.delta, undefined, method)}>details</a>)
            </>
          )}
        </dd>
      </dl>
      <div className="report-detector__chart" ref={chartRef}>
        <IntervalChart rows={detectorIntervalRows(entry.yes, entry.no, entry.intervals)} title={`${pictureTitle}: balanced and per-class intervals`} />
      </div>
      <ChartDownloads source={chartRef} title={pictureTitle} caption={detectorIntervalsCaption(entry.yes, entry.no, family.delta, entry.intervals.method)} />
      <h3>Interpretation</h3>
      <p className="report-detector__interpretation">{interpretation(entry, family)}</p>
      {entry.deployment && (
        <>
          <h3>In deployment</h3>
          <p data-testid="report-deployment">
            {deploymentSentence(entry.deployment)} Expected counts a day, each interval at δ on its own, from the class rates of
            this test set whatever its mix.
          </p>
        </>
      )}
    </section>
  );
});
