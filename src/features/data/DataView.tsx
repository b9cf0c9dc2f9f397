import { useEffect, useMemo, useRef, useState } from 'react';
import {
  cancelEvaluationWork,
  columnValues,
  detectorCounts,
  EvaluationCancelled,
  openEvaluationFile,
  prepareExamples,
  type GroupCounts,
  type OpenedEvaluation,
  type PreparedExamples,
  type ValueCount,
} from '../../data/evaluation-engine';
import { guessMapping } from '../../data/evaluation-mapping';
import type { EvaluationFilter, EvaluationMapping } from '../../data/evaluation-sql';
import type { HashRoute } from '../../data/routes';
import { useWorkspace } from '../../store/workspace';
import { CountsSection } from './CountsSection';
import { FileDrop } from './FileDrop';
import { FiltersForm } from './FiltersForm';
import { MappingForm } from './MappingForm';
import { PreviewTable } from './PreviewTable';
import { SlicesSection } from './SlicesSection';
import { ThresholdSection } from './ThresholdSection';
import { TimeSection } from './TimeSection';
import './data.css';

const TITLE = 'Evaluation data';
const DEFAULT_THRESHOLD = 0.5;

/** The mapped examples and the per-detector counts, for the mapping and threshold they were made with. */
export interface Counted {
  mapping: EvaluationMapping;
  filters: EvaluationFilter[];
  threshold: number | null;
  prepared: PreparedExamples;
  counts: GroupCounts[];
}

/** The counts (or why there are none) for one opened file, mapping and threshold. */
interface CountingResult {
  opened: OpenedEvaluation;
  mapping: EvaluationMapping;
  filters: EvaluationFilter[];
  threshold: number | null;
  counted: Counted | null;
  error: string;
}

type Work = { kind: 'idle' } | { kind: 'busy'; what: string } | { kind: 'failed'; message: string };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `#/data`: a per-example file read by DuckDB in the browser, mapped, counted, sliced and imported. */
export function DataView({ route: _route }: { route: HashRoute }) {
  const delta = useWorkspace((state) => state.delta);
  const [work, setWork] = useState<Work>({ kind: 'idle' });
  const [opened, setOpened] = useState<OpenedEvaluation | null>(null);
  const [mapping, setMapping] = useState<EvaluationMapping | null>(null);
  const [threshold, setThreshold] = useState(DEFAULT_THRESHOLD);
  const [filters, setFilters] = useState<EvaluationFilter[]>([]);
  const [labelValues, setLabelValues] = useState<ValueCount[]>([]);
  const [counting, setCounting] = useState<CountingResult | null>(null);
  const generation = useRef(0);

  async function open(file: File) {
    const mine = ++generation.current;
    setWork({ kind: 'busy', what: `Reading “${file.name}”…` });
    try {
      const result = await openEvaluationFile(file, (fraction) => {
        if (mine === generation.current) setWork({ kind: 'busy', what: `Converting “${file.name}” for the engine: ${Math.floor(fraction * 100)}%…` });
      });
      if (mine !== generation.current) return;
      setOpened(result);
      setMapping(guessMapping(result.columns));
      setFilters([]);
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
    () => (usableMapping ? filters.filter((filter) => filter.column === usableMapping.detector || usableMapping.slices.includes(filter.column)) : []),
    [filters, usableMapping],
  );

  // Label values seen in the true-label and prediction columns, for the YES/NO map.
  const truthColumn = mapping?.truth;
  const predictionColumn = mapping?.prediction;
  useEffect(() => {
    if (!opened || truthColumn === undefined) return;
    let current = true;
    const columns = [truthColumn, ...(predictionColumn ? [predictionColumn] : [])];
    Promise.all(columns.map((column) => columnValues(column)))
      .then((lists) => {
        if (current) setLabelValues(mergeValueCounts(lists.flat()));
      })
      .catch(() => {
        if (current) setLabelValues([]);
      });
    return () => {
      current = false;
    };
  }, [opened, truthColumn, predictionColumn]);

  // Examples and per-detector counts, again whenever the mapping or the threshold changes; the
  // result remembers what it was made from, so a stale one is never shown.
  useEffect(() => {
    if (!opened || !usableMapping) return;
    let current = true;
    (async () => {
      const prepared = await prepareExamples(usableMapping);
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
  }, [opened, usableMapping, activeFilters, effectiveThreshold]);
  const countingNow =
    counting !== null &&
    counting.opened === opened &&
    counting.mapping === usableMapping &&
    counting.filters === activeFilters &&
    counting.threshold === effectiveThreshold
      ? counting
      : null;
  const counted = countingNow?.counted ?? null;

  const isCounting = opened !== null && usableMapping !== null && countingNow === null;
  const busy = work.kind === 'busy' || isCounting;
  const busyText = work.kind === 'busy' ? work.what : 'Counting…';
  const columns = useMemo(() => opened?.columns ?? [], [opened]);

  return (
    <section className="data-view">
      <h1>{TITLE}</h1>
      <p className="lead">
        Per-example results — one row per labelled example with its true label and the detector’s answer — read and counted by
        DuckDB in a Web Worker in this browser. The file is never uploaded and never read whole into the page.
      </p>
      <FileDrop onFile={(file) => void open(file)} disabled={busy} />
      <div role="status" className="data-status">
        {busy && (
          <span className="data-busy">
            {busyText}{' '}
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </span>
        )}
      </div>
      {(work.kind === 'failed' || countingNow?.error) && (
        <p role="alert" className="data-problem">
          {work.kind === 'failed' ? work.message : countingNow?.error}
        </p>
      )}
      {opened && mapping && (
        <>
          <h2>
            {opened.fileName} <span className="muted">— {describeFile(opened)}</span>
          </h2>
          {opened.skipped.count > 0 && (
            <p className="data-problem">
              {opened.skipped.count.toLocaleString('en-US')} line{opened.skipped.count === 1 ? ' is' : 's are'} not a JSON object and{' '}
              {opened.skipped.count === 1 ? 'was' : 'were'} left out (e.g. line{opened.skipped.examples.length === 1 ? '' : 's'}{' '}
              {opened.skipped.examples.join(', ')}).
            </p>
          )}
          <PreviewTable opened={opened} />
          <MappingForm
            columns={columns}
            mapping={mapping}
            labelValues={labelValues}
            threshold={threshold}
            onChange={setMapping}
            onThreshold={setThreshold}
          />
          <FiltersForm mapping={mapping} filters={activeFilters} onChange={setFilters} />
          {counted && <CountsSection opened={opened} counted={counted} delta={delta} />}
          {counted && counted.mapping.slices.length > 0 && <SlicesSection counted={counted} delta={delta} />}
          {counted && counted.mapping.timestamp !== null && <TimeSection counted={counted} timestampColumn={counted.mapping.timestamp} delta={delta} />}
          {counted && counted.mapping.score !== null && (
            <ThresholdSection
              counted={counted}
              scoreColumn={counted.mapping.score}
              delta={delta}
              onUseThreshold={(chosen) => {
                setThreshold(chosen);
                setMapping({ ...counted.mapping, prediction: null });
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

function describeFile(opened: OpenedEvaluation): string {
  const format = { csv: 'CSV', tsv: 'TSV', 'csv.gz': 'gzip-compressed CSV', jsonl: 'JSON Lines', parquet: 'Parquet' }[opened.format];
  return `${format}, ${opened.rows.toLocaleString('en-US')} rows, ${opened.columns.length} columns, ${(opened.bytes / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

function mergeValueCounts(values: readonly ValueCount[]): ValueCount[] {
  const merged = new Map<string | null, number>();
  for (const { value, rows } of values) merged.set(value, (merged.get(value) ?? 0) + rows);
  return [...merged].map(([value, rows]) => ({ value, rows })).sort((a, b) => b.rows - a.rows);
}
