import { useId, useMemo, useState } from 'react';
import { type Detector, HISTORY_COLUMNS, monitoringReading, parseCountsHistoryCsv, sinceDay } from '../../data/detectors';
import { formatConfidence, formatFullPrecision, formatIntervalParts, formatWholeCount } from '../../data/format';
import { ANYTIME_METHOD_IDS, ANYTIME_METHOD_LABEL } from '../../data/methods';
import { type MonitoredHistory, useMonitoring } from '../../store/monitoring';
import type { ClassCounts } from '../../stats';

const countsOf = ({ correct, total }: ClassCounts) => `${formatWholeCount(correct)}/${formatWholeCount(total)}`;

/**
 * A detector's labels over time (a CSV, one row a day) and the monitoring line they give: the
 * balanced accuracy proven since a day by an anytime-valid confidence sequence, valid however often
 * the page is looked at — a fixed-n interval checked after every batch misses far more often than δ.
 */
export function MonitoringPanel({ detector, delta }: { detector: Detector; delta: number }) {
  const id = useId();
  const history = useMonitoring((state) => state.histories.find((h) => h.detectorId === detector.id));
  const attach = useMonitoring((state) => state.attach);
  const detach = useMonitoring((state) => state.detach);
  const [problems, setProblems] = useState<{ fileName: string; lines: string[] } | null>(null);
  const [removed, setRemoved] = useState<MonitoredHistory | null>(null);

  const read = async (file: File) => {
    const parsed = parseCountsHistoryCsv(await file.text());
    if (!parsed.ok) {
      setProblems({ fileName: file.name, lines: parsed.problems });
      return;
    }
    setProblems(null);
    setRemoved(null);
    attach({ detectorId: detector.id, fileName: file.name, addedAt: new Date().toISOString(), rows: parsed.rows });
  };

  return (
    <section className="monitoring-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Monitoring over time</h2>
      {history ? (
        <MonitoringLine history={history} detector={detector} delta={delta} />
      ) : (
        <p>
          Labels that keep arriving can be watched as they come: give a CSV with one row a day —{' '}
          <code>{HISTORY_COLUMNS.join(',')}</code>, the labels that arrived that day — and this page shows what they prove,
          valid however often you look.
        </p>
      )}
      <div className="monitoring-panel__actions">
        <label htmlFor={`${id}-file`}>{history ? 'Replace the counts over time (CSV)' : 'Counts over time (CSV)'}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void read(file);
          }}
        />
        {history && (
          <button type="button" onClick={() => setRemoved(detach(detector.id))}>
            Remove the counts over time
          </button>
        )}
        {removed && !history && (
          <p role="status">
            The counts over time from {removed.fileName} were removed.{' '}
            <button
              type="button"
              onClick={() => {
                attach(removed);
                setRemoved(null);
              }}
            >
              Undo
            </button>
          </p>
        )}
      </div>
      {problems && (
        <div role="alert" className="monitoring-panel__problems">
          <p>{problems.fileName} was not read (nothing changed):</p>
          <ul>
            {problems.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** "Monitoring: proven ≥ 90.1% since 2026-03-14 (anytime-valid, 95%)", then the interval, the days, the counts and the method. */
function MonitoringLine({ history, detector, delta }: { history: MonitoredHistory; detector: Detector; delta: number }) {
  const reading = useMemo(() => monitoringReading(history.rows, delta), [history, delta]);
  const level = formatConfidence(delta);
  if (!reading) {
    return <p data-testid="monitoring-line">The counts over time from {history.fileName} have no labels of one class yet: there is no balanced accuracy to monitor.</p>;
  }
  const parts = formatIntervalParts(reading.interval);
  // The shown lower bound is rounded down: the first day the running bound reached that figure.
  const since = sinceDay(history.rows, reading, Number(parts.lower.replace('%', '')) / 100 - 1e-12);
  const differ = reading.yes.correct !== detector.yes.correct || reading.yes.total !== detector.yes.total || reading.no.correct !== detector.no.correct || reading.no.total !== detector.no.total;
  return (
    <>
      <p className="monitoring-panel__line" data-testid="monitoring-line">
        <strong>
          {reading.drifted
            ? `Monitoring: the accuracy seems to have changed — the labels so far give ${parts.estimate}, outside what the earlier days proved`
            : `Monitoring: proven ≥ ${parts.lower} since ${since} (anytime-valid, ${level})`}
        </strong>
      </p>
      {reading.drifted && (
        <p role="note">
          A confidence sequence assumes one fixed accuracy over the days; later labels disagree with earlier ones, so read the
          days since the change on their own (a new file of counts over time from that day).
        </p>
      )}
      <p data-testid="monitoring-details">
        Balanced accuracy {parts.estimate} [{parts.lower}, {parts.upper}] after {formatWholeCount(reading.days)} day
        {reading.days === 1 ? '' : 's'} of labels ({reading.firstDay} to {reading.lastDay}): should-be-YES {countsOf(reading.yes)}, should-be-NO{' '}
        {countsOf(reading.no)} correct in all. Method: {ANYTIME_METHOD_LABEL} (<code>{ANYTIME_METHOD_IDS.balanced}</code>, δ/2 a class,
        each class’s bounds intersected over the days), δ = {formatFullPrecision(delta)}. It holds after every label at once, so it
        stays valid however often this page was looked at. From {history.fileName}.
      </p>
      {differ && (
        <p className="monitoring-panel__note" role="note">
          These counts over time add up to should-be-YES {countsOf(reading.yes)} and should-be-NO {countsOf(reading.no)}; the
          detector’s counts above are {countsOf(detector.yes)} and {countsOf(detector.no)}. The monitoring line reads the counts
          over time.
        </p>
      )}
    </>
  );
}
