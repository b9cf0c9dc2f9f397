import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { IntervalBar } from '../../components/IntervalBar';
import { useBalancedVersion } from '../../components/use-balanced-version';
import { type BalancedMethod, macroRecallMethod, METRIC_METHOD_NAMES } from '../../data/methods';
import { usePrinting } from '../../components/use-printing';
import {
  type AnyDetector,
  type ClassDetector,
  classDetectorBalanced,
  DETECTION_METRIC_METHOD_IDS,
  type Detector,
  detectorIntervals,
  detectorMetricFigure,
  isClassDetector,
  LIST_METRIC_NAMES,
  type ListMetric,
} from '../../data/detectors';
import { formatConfidence, formatIntervalParts, formatWholeCount } from '../../data/format';
import type { Interval } from '../../stats';
import { detectorHref, multiclassHref } from '../../data/links';
import { SelectForCompare } from './CompareSelection';
import { BALANCED_METHOD_NAMES, countsText } from './wording';

/** Every row has this height so that the window of rendered rows can be computed from scrollTop. */
export const ROW_HEIGHT = 64;
/** Rows rendered above and below the visible ones, so keyboard focus and fast scrolling find rows. */
const OVERSCAN = 8;
const FALLBACK_VIEWPORT = 640;

/** Where the list was scrolled when it was last left: Back from a detector returns there, not to the top. */
let lastScrollTop = 0;

/**
 * The detectors as a table that renders only the rows in view (plus a margin), with spacer rows
 * standing in for the rest: 10,000 detectors cost as much as 30. `aria-rowcount`/`aria-rowindex`
 * tell assistive technology the full size.
 */
export function DetectorTable({
  detectors,
  delta,
  method,
  total,
  carryInLinks = false,
  metric = 'balanced',
}: {
  /** Two-class and K-class detectors, in the order shown. */
  detectors: readonly AnyDetector[];
  delta: number;
  /** How the balanced intervals are built (the workspace setting; K-class detectors' are union bounds). */
  method: BalancedMethod;
  total: number;
  /** Row links carry each detector's name and counts (for detectors that are not in this workspace). */
  carryInLinks?: boolean;
  /** The metric of the numbers and bar column: balanced accuracy unless chosen. */
  metric?: ListMetric;
}) {
  // K-class rows show the union bound whatever the two-class method: the column's name says so.
  const hasClassDetectors = useMemo(() => detectors.some(isClassDetector), [detectors]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT);

  useLayoutEffect(() => {
    if (!scrollRef.current) return;
    // A list filtered since is shorter: no further than its end.
    const restored = Math.min(lastScrollTop, detectors.length * ROW_HEIGHT);
    scrollRef.current.scrollTop = restored;
    setScrollTop(restored);
    // Only on arrival: afterwards the scroll events keep it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight || FALLBACK_VIEWPORT));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Paper has no scrolling: printed, the table has every row.
  const printing = usePrinting();
  // A list that shrank (a filter typed while scrolled down) is drawn from where the browser will
  // clamp the scroll to, not from the old offset, whose spacer would keep the table tall and empty.
  const top = Math.min(scrollTop, Math.max(0, detectors.length * ROW_HEIGHT - viewport));
  const first = printing ? 0 : Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = printing ? detectors.length : Math.min(detectors.length, Math.ceil((top + viewport) / ROW_HEIGHT) + OVERSCAN);
  const level = formatConfidence(delta);

  return (
    <div
      className="detector-table-scroll"
      ref={scrollRef}
      onScroll={(event) => {
        lastScrollTop = event.currentTarget.scrollTop;
        setScrollTop(lastScrollTop);
      }}
    >
      <table className="detector-table" aria-rowcount={detectors.length + 1}>
        <caption className="visually-hidden">
          Detectors: {formatWholeCount(detectors.length)} shown of {formatWholeCount(total)}
        </caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Detector</th>
            <th scope="col">
              {LIST_METRIC_NAMES[metric]} ({level} interval, {metric === 'balanced' ? BALANCED_METHOD_NAMES[method] : METRIC_METHOD_NAMES[DETECTION_METRIC_METHOD_IDS[metric]]}
              {metric === 'balanced' && hasClassDetectors && '; K classes: exact union bound at δ/(2K)'})
            </th>
            <th scope="col">Interval on 0–100%</th>
            <th scope="col">Labels (correct/total)</th>
          </tr>
        </thead>
        <tbody>
          {first > 0 && <Spacer height={first * ROW_HEIGHT} />}
          {detectors.slice(first, last).map((detector, offset) =>
            isClassDetector(detector) ? (
              <ClassDetectorRow key={detector.id} {...{ detector, delta, metric }} rowIndex={first + offset + 2} carryInLink={carryInLinks} />
            ) : (
              <DetectorRow key={detector.id} {...{ detector, delta, method, metric }} rowIndex={first + offset + 2} carryInLink={carryInLinks} />
            ),
          )}
          {last < detectors.length && <Spacer height={(detectors.length - last) * ROW_HEIGHT} />}
        </tbody>
      </table>
    </div>
  );
}

function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" className="detector-table__spacer" style={{ height }}>
      <td colSpan={4} />
    </tr>
  );
}

/** Memoised: while scrolling, rows that stay in the window are not re-rendered. */
const DetectorRow = memo(function DetectorRow(props: { detector: Detector; delta: number; method: BalancedMethod; metric: ListMetric; rowIndex: number; carryInLink: boolean }) {
  const { detector, delta, method, metric, rowIndex, carryInLink } = props;
  // Re-rendered when a background worker delivers an expensive balanced interval (Buehler's, the test inversion's).
  useBalancedVersion();
  const column = metricColumn(detector, delta, method, metric);
  const { pending, interval: balanced } = column;
  const shown = balanced && formatIntervalParts(balanced);
  return (
    <tr aria-rowindex={rowIndex} style={{ height: ROW_HEIGHT }}>
      <NameCell detector={detector} href={detectorHref(detector.id, delta, carryInLink ? detector : undefined, method)} shown={shown} compare={!carryInLink} />
      <NumbersCell
        shown={shown}
        missing={pending ? 'computing the exact interval…' : metric === 'balanced' ? 'undefined: a class has no examples' : 'undefined here (0/0)'}
      />
      <td className="detector-table__bar">
        {balanced && (
          <IntervalBar
            label={`${detector.name}, ${LIST_METRIC_NAMES[metric].toLowerCase()}`}
            interval={balanced}
            series="balanced"
            method={column.method}
            delta={delta}
            counts={column.counts}
            size="mini"
          />
        )}
      </td>
      <td className="detector-table__counts">
        <span>YES {countsText(detector.yes)}</span>
        <span>NO {countsText(detector.no)}</span>
      </td>
    </tr>
  );
});

/**
 * A K-class detector's row: its balanced accuracy (macro recall) by the exact union bound at δ/(2K)
 * whatever the two-class method, "K classes" and its examples; the two-class metrics (precision,
 * false alarms, …) are not defined for it, which the row says.
 */
const ClassDetectorRow = memo(function ClassDetectorRow(props: { detector: ClassDetector; delta: number; metric: ListMetric; rowIndex: number; carryInLink: boolean }) {
  const { detector, delta, metric, rowIndex, carryInLink } = props;
  const { classes, matrix } = detector;
  const balanced = metric === 'balanced' ? classDetectorBalanced(detector, delta) : null;
  const shown = balanced && formatIntervalParts(balanced);
  const recalls = classes.map((name, i) => `${name} ${countsText({ correct: matrix[i]![i]!, total: matrix[i]!.reduce((sum, cell) => sum + cell, 0) })}`);
  const examples = matrix.reduce((sum, row) => sum + row.reduce((rowSum, cell) => rowSum + cell, 0), 0);
  const href = carryInLink ? multiclassHref({ classes, matrix, delta }) : detectorHref(detector.id, delta);
  return (
    <tr aria-rowindex={rowIndex} style={{ height: ROW_HEIGHT }}>
      {/* The comparison pages are for two-class detectors: no checkbox. */}
      <NameCell detector={detector} href={href} shown={shown} compare={false} />
      <NumbersCell shown={shown} missing={`not defined for ${classes.length} classes (balanced accuracy only)`} />
      <td className="detector-table__bar">
        {balanced && (
          <IntervalBar
            label={`${detector.name}, balanced accuracy (macro recall)`}
            interval={balanced}
            series="balanced"
            method={macroRecallMethod(classes.length)}
            delta={delta}
            counts={recalls.join(', ')}
            size="mini"
          />
        )}
      </td>
      <td className="detector-table__counts" title={recalls.join(', ')}>
        <span>{classes.length} classes</span>
        <span>{formatWholeCount(examples)} examples</span>
      </td>
    </tr>
  );
});

type ShownInterval = ReturnType<typeof formatIntervalParts>;

/** A row's first cell: the compare box (two-class rows), the detector's link, its interval again for phones, its question. */
function NameCell({ detector, href, shown, compare }: { detector: AnyDetector; href: string; shown: ShownInterval | null; compare: boolean }) {
  return (
    <td className="detector-table__name">
      {compare && <SelectForCompare id={detector.id} name={detector.name} />}
      <a href={href} title={detector.name}>
        {detector.name}
      </a>
      {shown && (
        // On a phone the numbers column is off screen (the table scrolls sideways): the interval is shown under the name.
        <span className="detector-table__phone-interval" aria-hidden="true">
          {shown.estimate} [{shown.lower}, {shown.upper}]
        </span>
      )}
      {detector.query && (
        <span className="detector-table__query" title={detector.query}>
          {detector.query}
        </span>
      )}
    </td>
  );
}

/** A row's estimate and interval, or why it has none. */
function NumbersCell({ shown, missing }: { shown: ShownInterval | null; missing: string }) {
  return (
    <td className="detector-table__numbers">
      {shown ? (
        <>
          <span className="detector-table__estimate">{shown.estimate}</span>{' '}
          <span className="detector-table__interval">
            [{shown.lower}, {shown.upper}]
          </span>
        </>
      ) : (
        <span className="muted">{missing}</span>
      )}
    </td>
  );
}

/** A row's interval of the chosen metric, its method's name and its counts; `pending` while a worker computes a balanced interval. */
function metricColumn(detector: Detector, delta: number, method: BalancedMethod, metric: ListMetric) {
  if (metric === 'balanced') {
    const intervals = detectorIntervals(detector, delta, method);
    const pending = intervals.balanced === 'pending';
    return {
      pending,
      interval: pending ? null : (intervals.balanced as Interval | null),
      method: BALANCED_METHOD_NAMES[intervals.method],
      counts: `YES ${countsText(detector.yes)}, NO ${countsText(detector.no)}`,
    };
  }
  const figure = detectorMetricFigure(detector, metric, delta);
  return { pending: false, interval: figure.interval, method: METRIC_METHOD_NAMES[figure.methodId]!, counts: `${countsText(figure.counts)} (${LIST_METRIC_NAMES[metric]})` };
}
