import { useId, useMemo, useRef, useState } from 'react';
import { ChartDownloads } from '../../components/ChartDownloads';
import { CountField } from '../../components/CountField';
import { detectorIntervalRows, detectorIntervalsCaption } from '../../components/detector-interval-rows';
import { IntervalBar, type IntervalSeries } from '../../components/IntervalBar';
import { IntervalChart } from '../../components/IntervalChart';
import { useBalancedVersion } from '../../components/use-balanced-version';
import { isExpensiveBalancedMethod, type BalancedMethod, type ExpensiveBalancedMethod } from '../../data/methods';
import { CLASS_LABELS, type ClassName, countsIntervals } from '../../data/detectors';
import { EXPLORER_MAX_N, explorerHref, linkCarries, methodsHref } from '../../data/links';
import { errorRateDigits, errorRateInterval, formatConfidence, formatFullPrecision, formatIntervalParts, relativeWidth } from '../../data/format';
import type { BalancedInterval, ClassCounts, Interval } from '../../stats';
import { BALANCED_METHOD_NAMES, CLASS_METHOD, UNION_PART_METHOD, countsText } from './wording';

export interface DetectorDetailsProps {
  yes: ClassCounts;
  no: ClassCounts;
  delta: number;
  /** How the balanced interval is built (the workspace setting, or the link's `balanced=`). */
  method: BalancedMethod;
  showUnionBounds: boolean;
  onShowUnionBoundsChange: (show: boolean) => void;
  /** Present when the counts may be edited; receives only valid counts. */
  onCountsChange?: (className: ClassName, counts: ClassCounts) => void;
  /** The detector's name, for the title of the intervals picture; absent for counts without a detector. */
  name?: string;
}

const CLASS_TITLES: Record<ClassName, string> = {
  yes: 'Should-be-YES accuracy',
  no: 'Should-be-NO accuracy',
};

/** From this accuracy on, errors are the telling number ("0.050% errors" rather than "99.95%"): the view offers them. */
const NEAR_CERTAIN = 0.99;

/** What the figures and bars show: accuracy, or its error rate 1 − accuracy. */
type Reading = 'accuracy' | 'errors';

/** The expensive methods as a sentence names them. */
const EXPENSIVE_NAMES: Record<ExpensiveBalancedMethod, string> = {
  buehler: 'Buehler’s interval',
  inversion: 'the test inversion',
};

/** How each expensive method differs from the union bound, for the union-bound toggle's explanation. */
const EXPENSIVE_CONSTRUCTIONS: Record<ExpensiveBalancedMethod, string> = {
  buehler:
    ' Buehler’s interval instead inverts one exact test of the balanced accuracy itself, with δ/2 on each side, its outcomes ordered by the union bound: so it is never wider than the union bound, at any counts.',
  inversion: ' The test inversion instead inverts one exact test of the balanced accuracy itself, with δ/2 on each side, its outcomes ordered by the estimate.',
};

// Over 120 lines (129), nearly all markup: the balanced region, the toggle and the two class
// regions, in reading order; each row is already a component.
/**
 * Balanced accuracy with its exact interval by the chosen method (the union bound on request beside
 * it), then each class's accuracy with its exact central interval; every number says its method, δ
 * and counts, and bounds are rounded outward.
 */
export function DetectorDetails(props: DetectorDetailsProps) {
  const { yes, no, delta, method, showUnionBounds, onShowUnionBoundsChange, onCountsChange, name } = props;
  // A large count's Buehler or inverted interval arrives from a worker: the version re-reads it.
  const arrived = useBalancedVersion();
  const computed = useMemo(() => countsIntervals(yes, no, delta, method), [yes, no, delta, method, arrived]); // eslint-disable-line react-hooks/exhaustive-deps
  const pending = computed.balanced === 'pending';
  const intervals = { ...computed, balanced: pending ? null : (computed.balanced as Interval | null) };
  const methodName = BALANCED_METHOD_NAMES[computed.method];
  const toggleId = useId();
  const level = formatConfidence(delta);
  const emptyClasses = (['yes', 'no'] as const).filter((name) => (name === 'yes' ? yes : no).total === 0);
  const [showErrors, setShowErrors] = useState(false);
  const nearCertain = [intervals.balanced, intervals.yes, intervals.no].some((interval) => interval && interval.estimate >= NEAR_CERTAIN);
  const reading: Reading = showErrors ? 'errors' : 'accuracy';
  const pictureRef = useRef<HTMLDivElement>(null);
  const pictureTitle = name === undefined ? 'Accuracy from counts' : `Accuracy of “${name}”`;

  return (
    <div className="detector-details">
      {(nearCertain || showErrors) && (
        <label className="toggle" htmlFor={`${toggleId}-errors`}>
          <input id={`${toggleId}-errors`} type="checkbox" checked={showErrors} onChange={(event) => setShowErrors(event.target.checked)} />
          Show error rates (1 − accuracy): near 100% they tell the detectors apart
        </label>
      )}
      <section className="accuracy-card accuracy-card--balanced" aria-labelledby={`${toggleId}-balanced`}>
        <h2 id={`${toggleId}-balanced`}>Balanced accuracy</h2>
        {pending ? (
          <p role="status" className="muted">
            Computing the {methodName} interval of these counts in a background worker (large counts take up to a few
            seconds)…
          </p>
        ) : intervals.balanced && intervals.union ? (
          <>
            <Figure interval={intervals.balanced} reading={reading} />
            <p className="provenance">
              Mean of the two class accuracies (YES {countsText(yes)}, NO {countsText(no)}); {level} interval, {methodName}, δ ={' '}
              {formatFullPrecision(delta)}.
            </p>
            <IntervalBar
              {...barReading('Balanced accuracy', intervals.balanced, reading)}
              series="balanced"
              method={methodName}
              delta={delta}
              counts={`YES ${countsText(yes)}, NO ${countsText(no)}`}
            />
            {computed.method !== method && isExpensiveBalancedMethod(method) && (
              <p className="undefined-note" role="note">
                {capitalised(EXPENSIVE_NAMES[method])} is computed up to 10,000,000 labels per class; with more, this is the union
                bound (at this size the two differ only in the fourth digit).
              </p>
            )}
            {computed.method === 'inversion' && <InversionWiderNote inverted={intervals.balanced} union={intervals.union} />}
            <label className="toggle" htmlFor={toggleId}>
              <input
                id={toggleId}
                type="checkbox"
                checked={showUnionBounds}
                onChange={(event) => onShowUnionBoundsChange(event.target.checked)}
              />
              {computed.method === 'union'
                ? 'Show the per-class bounds the balanced interval is built from (δ/4 per tail)'
                : 'Show the blog’s union bound beside it (δ/4 per tail)'}
              {computed.method === 'buehler' && `: ${buehlerNarrower(intervals.balanced, intervals.union)}`}
            </label>
            {showUnionBounds && (
              <div className="union-parts">
                {computed.method !== 'union' && <UnionComparison chosen={intervals.balanced} union={intervals.union} level={level} />}
                <p>
                  The union bound gives each class a lower and an upper exact bound at δ/4 = {formatFullPrecision(delta / 4)}; all
                  four hold together with probability at least {level}, and its balanced bounds are their averages.
                  {isExpensiveBalancedMethod(computed.method) && EXPENSIVE_CONSTRUCTIONS[computed.method]}
                </p>
                {(['yes', 'no'] as const).map((name) => (
                  <UnionPart key={name} name={name} interval={intervals.union![name]} counts={name === 'yes' ? yes : no} delta={delta} />
                ))}
              </div>
            )}
          </>
        ) : (
          <p className="undefined-note" role="note">
            Balanced accuracy is undefined: the {emptyClasses.map((name) => CLASS_LABELS[name]).join(' and the ')} class
            {emptyClasses.length > 1 ? 'es have' : ' has'} no examples, so there is nothing to average and no interval.
            Label some examples of {emptyClasses.length > 1 ? 'each class' : 'that class'} to get one.
          </p>
        )}
        {linkCarries(yes) && linkCarries(no) && (
          <p className="detail-links">
            <a href={methodsHref({ kind: 'detector', yes, no, delta, balanced: method })}>Compare interval methods for this detector</a>
          </p>
        )}
      </section>

      <div className="class-cards">
        {(['yes', 'no'] as const).map((name) => (
          <ClassCard
            key={name}
            name={name}
            counts={name === 'yes' ? yes : no}
            interval={intervals[name]}
            reading={reading}
            delta={delta}
            onCountsChange={onCountsChange && ((counts) => onCountsChange(name, counts))}
          />
        ))}
      </div>

      {/* The bars above are HTML; the pictures draw the same intervals as one SVG. */}
      <div ref={pictureRef} hidden>
        <IntervalChart rows={detectorIntervalRows(yes, no, intervals)} title={pictureTitle} />
      </div>
      <ChartDownloads source={pictureRef} title={pictureTitle} caption={detectorIntervalsCaption(yes, no, delta, computed.method)} />

      <section className="interval-meaning" aria-labelledby={`${toggleId}-meaning`}>
        <h2 id={`${toggleId}-meaning`}>What a {level} interval means</h2>
        <p>
          It is the result of a procedure that, used on many test sets, contains the true accuracy in at least {level} of
          uses. It does <strong>not</strong> mean there is a {level} probability that this detector’s true accuracy lies
          in this particular range: for this one range the true accuracy is either inside or not — we just don’t know
          which.
        </p>
        <p>
          The intervals are exact: they come from binomial tail probabilities, not the normal approximation, so they keep
          that promise with a handful of labels or with no errors at all. Fewer labels give wider intervals.
        </p>
      </section>
    </div>
  );
}

/** The estimate and its outward-rounded interval in large type; as errors, with two significant digits. */
function Figure({ interval, reading }: { interval: Interval; reading: Reading }) {
  const errors = errorRateInterval(interval);
  const shown = reading === 'errors' ? formatIntervalParts(errors, errorRateDigits(errors)) : formatIntervalParts(interval);
  return (
    <p className="figure">
      <span className="figure__estimate" data-testid="estimate">
        {shown.estimate}
      </span>
      {reading === 'errors' && ' errors'}{' '}
      <span className="figure__interval">
        [<span data-testid="lower">{shown.lower}</span>, <span data-testid="upper">{shown.upper}</span>]
      </span>
    </p>
  );
}

function ClassCard({
  name,
  counts,
  interval,
  reading,
  delta,
  onCountsChange,
}: {
  name: ClassName;
  counts: ClassCounts;
  interval: Interval | null;
  reading: Reading;
  delta: number;
  onCountsChange: ((counts: ClassCounts) => void) | undefined;
}) {
  const headingId = useId();
  const title = CLASS_TITLES[name];
  const answer = name === 'yes' ? 'YES' : 'NO';
  const deltaParam = formatFullPrecision(delta);
  return (
    <section className={`accuracy-card accuracy-card--${name}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {interval ? (
        <>
          <Figure interval={interval} reading={reading} />
          <p className="provenance">
            {countsText(counts)} answered {answer} correctly; {formatConfidence(delta)} interval, {CLASS_METHOD}, δ ={' '}
            {deltaParam}.
          </p>
          <IntervalBar
            {...barReading(title, interval, reading)}
            series={name as IntervalSeries}
            method={CLASS_METHOD}
            delta={delta}
            counts={`${countsText(counts)} correct`}
          />
        </>
      ) : (
        <p className="undefined-note">No examples in this class — no interval.</p>
      )}
      {onCountsChange && (
        <div className="counts-editor" role="group" aria-label={`${CLASS_LABELS[name]} counts`}>
          <CountField
            label={`Correct (answered ${answer})`}
            value={counts.correct}
            max={{ value: counts.total, message: `Correct can't exceed the total (${counts.total}).` }}
            onCommit={(correct) => onCountsChange({ correct, total: counts.total })}
          />
          <CountField
            label={`Total ${CLASS_LABELS[name]} examples`}
            value={counts.total}
            min={{ value: counts.correct, message: `The total can't be below the correct count (${counts.correct}).` }}
            onCommit={(total) => onCountsChange({ correct: counts.correct, total })}
          />
        </div>
      )}
      {counts.total > 0 && (
        <p className="detail-links">
          {/* The explorer draws up to EXPLORER_MAX_N tests: past it the link would open on a problem. */}
          {counts.total <= EXPLORER_MAX_N && (
            <a href={explorerHref({ n: counts.total, k: counts.correct, delta, mode: 'central' })}>See where these bounds come from (tail explorer)</a>
          )}
          {linkCarries(counts) && <a href={methodsHref({ kind: 'proportion', n: counts.total, k: counts.correct, delta })}>Compare interval methods</a>}
        </p>
      )}
    </section>
  );
}

/** A bar's label and interval in the chosen reading: "Balanced accuracy" or "Balanced accuracy, as error rate". */
function barReading(label: string, interval: Interval, reading: Reading) {
  return reading === 'errors'
    ? { label: `${label}, as error rate`, interval: errorRateInterval(interval), digits: errorRateDigits(errorRateInterval(interval)) }
    : { label, interval };
}

/** "Buehler’s interval is 23% narrower" than the union bound (never wider; about as wide where they round alike). */
function buehlerNarrower(buehler: Interval, union: Interval): string {
  const { percent } = relativeWidth(union, buehler);
  return percent === 0 ? 'Buehler’s interval is about as wide here (never wider)' : `Buehler’s interval is ${percent}% narrower`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "The blog's union bound would give [a, b], x% wider" than the chosen interval. */
function UnionComparison({ chosen, union, level }: { chosen: Interval; union: Interval; level: string }) {
  const shown = formatIntervalParts(union);
  const { percent, wider } = relativeWidth(chosen, union);
  return (
    <p data-testid="union-comparison">
      The blog’s union bound would give [{shown.lower}, {shown.upper}] ({level}, δ/4 per tail),{' '}
      {percent === 0 ? 'about as wide' : `${percent}% ${wider ? 'wider' : 'narrower'}`}.
    </p>
  );
}

/**
 * Where the inverted interval is wider than the union bound (an extreme class, e.g. 0/1000 with
 * 999/1000), the page says so. Both are valid; taking their intersection would not be.
 */
function InversionWiderNote({ inverted, union }: { inverted: Interval; union: BalancedInterval }) {
  const { percent, wider } = relativeWidth(union, inverted);
  if (!wider || percent === 0) return null;
  const shown = formatIntervalParts(union);
  return (
    <p className="undefined-note" role="note" data-testid="inversion-wider">
      Here the test inversion is {percent}% wider than the blog’s union bound [{shown.lower}, {shown.upper}]: with a class
      near 0% or 100% its ordering spends δ less well. Both keep the promise; choose the union bound in “Balanced
      interval” if you prefer it — tailbound never combines the two (their intersection is not a valid interval).
    </p>
  );
}

/** One class's δ/4 bounds: the building blocks of the balanced interval. */
function UnionPart({ name, interval, counts, delta }: { name: ClassName; interval: Interval; counts: ClassCounts; delta: number }) {
  const shown = formatIntervalParts(interval);
  const label = `${CLASS_TITLES[name]}, union-bound part`;
  return (
    <div className="union-part">
      <p>
        <strong>{CLASS_LABELS[name]}</strong> ({countsText(counts)}): lower {shown.lower}, upper {shown.upper} — {UNION_PART_METHOD}
      </p>
      <IntervalBar
        label={label}
        interval={interval}
        series={name}
        method={UNION_PART_METHOD}
        // Two one-sided bounds at δ/4 each: as an interval it misses with probability at most δ/2.
        delta={delta / 2}
        counts={`${countsText(counts)} correct`}
        size="mini"
      />
    </div>
  );
}
