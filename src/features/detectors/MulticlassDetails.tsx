import { useId, useMemo, useState, type CSSProperties } from 'react';
import { IntervalBar } from '../../components/IntervalBar';
import { formatConfidence, formatFullPrecision, formatHonestPercent, formatIntervalParts, formatPoints, formatWholeCount } from '../../data/format';
import { CLASS_METHOD, MACRO_BUEHLER_METHOD, METRIC_METHOD_NAMES, countsText, macroRecallMethod } from '../../data/methods';
import { MACRO_BUEHLER_MAX_CLASSES, MACRO_BUEHLER_MAX_EXAMPLES, MACRO_BUEHLER_MIN_DELTA, macroRecallInterval, type Interval, type MacroRecallClass } from '../../stats';
import { ConfusionHeatMap } from './ConfusionHeatMap';
import type { ClassJob, ClassJobAnswer } from './class-job';
import { useClassJob } from './use-class-job';
import './multiclass.css';

export interface MulticlassDetailsProps {
  classes: readonly string[];
  /** Rows = true class, columns = answer; every row has at least one example. */
  matrix: readonly (readonly number[])[];
  delta: number;
  /** Receives only matrices whose every row keeps an example. */
  onMatrixChange: (matrix: number[][]) => void;
}

/**
 * The series colours a class's bars take in turn. IntervalBar draws its band in `var(--yes)` for the
 * 'yes' series, so a wrapper that sets `--yes` to another of the theme's colours (each light-dark)
 * gives every class its own colour without a palette of its own; the first class keeps `--yes`
 * itself (setting `--yes: var(--yes)` would be a cycle, which leaves the band without a colour).
 */
const CLASS_COLORS = ['yes', 'no', 'observed', 'hypothesis', 'focus', 'accent'] as const;
const classColor = (index: number): CSSProperties => {
  const color = CLASS_COLORS[index % CLASS_COLORS.length];
  return color === 'yes' ? {} : ({ '--yes': `var(--${color})` } as CSSProperties);
};

/** A gap in percentage points, unsigned (formatPoints signs a difference). */
const points = (value: number) => formatPoints(value).replace(/^\+/, '');

const PRECISION_METHOD = METRIC_METHOD_NAMES['exact-central-given-answers']!;

/** Past this (0.05 points) the search's distance from Buehler's own bounds is said. */
const SHOWN_SLACK = 5e-4;

/**
 * Macro recall (the balanced accuracy of K classes) with its exact interval — Buehler's for 2–4
 * classes up to 5,000 examples (computed in a worker; the union bound meanwhile), beside the
 * union-bound interval it improves on, otherwise the union bound — the class whose bound costs the
 * union bound's lower bound most, each class's recall (and, on request, precision) with its
 * exact central interval, and the confusion matrix as an editable heat map. Every number names its
 * method, δ and counts; bounds are rounded outward.
 */
export function MulticlassDetails({ classes, matrix, delta, onMatrixChange }: MulticlassDetailsProps) {
  const result = useMemo(() => macroRecallInterval(matrix, delta), [matrix, delta]);
  const examples = result.classes.reduce((sum, item) => sum + item.total, 0);
  const buehlerFits = result.classes.length <= MACRO_BUEHLER_MAX_CLASSES && examples <= MACRO_BUEHLER_MAX_EXAMPLES && delta >= MACRO_BUEHLER_MIN_DELTA;
  const job = useMemo(() => (buehlerFits ? { kind: 'buehler' as const, matrix: matrix.map((row) => [...row]), delta } : null), [buehlerFits, matrix, delta]);
  const answer = useClassJob(job);
  const buehler = answer?.kind === 'buehler' ? answer.interval : null;
  const id = useId();
  const [showBounds, setShowBounds] = useState(false);
  const [showPrecision, setShowPrecision] = useState(false);
  const size = classes.length;
  const level = formatConfidence(delta);
  // Three significant digits: δ/6 at δ = 0.05 is 0.00833…, not sixteen digits of it.
  const shortLevel = Number(result.classLevel.toPrecision(3));
  const classLevel = `δ/(2K) = δ/${2 * size} ${shortLevel === result.classLevel ? '=' : '≈'} ${formatFullPrecision(shortLevel)}`;
  const macroMethod = macroRecallMethod(size);
  const partMethod = `exact one-sided bounds at δ/${2 * size} each (part of the union-bound interval)`;
  const allCounts = result.classes.map((item, i) => `${classes[i]} ${countsText(item)}`).join(', ');
  const limiting = result.classes[result.limitingClass]!;
  const limitingName = classes[result.limitingClass]!;
  const headline: Interval = buehler ?? result;
  const headlineMethod = buehler ? MACRO_BUEHLER_METHOD : macroMethod;
  const shown = formatIntervalParts(headline);
  let whyNotBuehler = `at δ = ${formatFullPrecision(delta)} (under ${MACRO_BUEHLER_MIN_DELTA})`;
  if (size > MACRO_BUEHLER_MAX_CLASSES) whyNotBuehler = `for ${size} classes (more than ${MACRO_BUEHLER_MAX_CLASSES})`;
  else if (examples > MACRO_BUEHLER_MAX_EXAMPLES) whyNotBuehler = `for ${formatWholeCount(examples)} examples (more than ${formatWholeCount(MACRO_BUEHLER_MAX_EXAMPLES)})`;

  return (
    <div className="detector-details">
      <section className="accuracy-card accuracy-card--balanced" aria-labelledby={`${id}-macro`}>
        <h2 id={`${id}-macro`}>Balanced accuracy (macro recall)</h2>
        <p className="figure">
          <span className="figure__estimate" data-testid="estimate">
            {shown.estimate}
          </span>{' '}
          <span className="figure__interval">
            [<span data-testid="lower">{shown.lower}</span>, <span data-testid="upper">{shown.upper}</span>]
          </span>
        </p>
        <p className="provenance">
          Mean of the {size} class recalls ({allCounts}); {level} interval, {headlineMethod}, δ = {formatFullPrecision(delta)}.
        </p>
        <IntervalBar label="Balanced accuracy (macro recall)" interval={headline} series="balanced" method={headlineMethod} delta={delta} counts={allCounts} />
        {buehlerFits && <BuehlerStatus answer={answer} />}
        {buehler && <UnionBeside union={result} method={macroMethod} delta={delta} counts={allCounts} />}
        <p data-testid="limiting-class">
          <strong>{limitingName}</strong> limits the union bound’s lower bound most: its recall ({countsText(limiting)}) has the
          widest gap between its estimate and its one-sided lower bound at {classLevel}, {points(limiting.recall.estimate - limiting.unionBound.lower)}{' '}
          points, which is {points(limiting.lowerCost)} of the {points(result.estimate - result.lower)} points between the balanced
          estimate and that lower bound.
        </p>
        {buehlerFits ? (
          <p className="muted">
            Why two intervals: the union bound is the blog’s construction — each class’s recall is an exact binomial proportion,
            and if all 2K = {2 * size} one-sided bounds at δ/(2K) hold, together with probability at least {level}, so do their
            averages. Buehler’s construction is tighter and as exact: each end is the most extreme mean recall for which some
            set of class recalls with that mean makes an outcome at least as good (as bad) as this one, by the union bound’s
            ordering, at least δ/2 likely. tailbound certifies that largest chance by a search over the K − 1 free recalls, so
            the interval covers the true macro recall with probability at least {level} whatever the recalls, and it is never
            wider than the union bound.
          </p>
        ) : (
          <p className="muted">
            Why the union bound: each class’s recall is an exact binomial proportion, and if all 2K = {2 * size} one-sided bounds
            at δ/(2K) hold — together with probability at least {level} — so do their averages. The tighter exact construction
            (Buehler’s) needs the largest chance of a miss over every set of class recalls with the same mean, a search over K − 1
            free recalls that tailbound certifies for up to {MACRO_BUEHLER_MAX_CLASSES} classes,{' '}
            {formatWholeCount(MACRO_BUEHLER_MAX_EXAMPLES)} examples and δ ≥ {MACRO_BUEHLER_MIN_DELTA}; {whyNotBuehler} the union
            bound, valid whatever the recalls, is used.
          </p>
        )}
        <label className="toggle" htmlFor={`${id}-bounds`}>
          <input id={`${id}-bounds`} type="checkbox" checked={showBounds} onChange={(event) => setShowBounds(event.target.checked)} />
          Show the per-class bounds the union-bound interval is built from ({classLevel} per tail)
        </label>
        {showBounds && (
          <div className="union-parts">
            <p>
              Each class gets a lower and an upper exact bound at {classLevel}; all {2 * size} hold together with probability at
              least {level}, and the balanced bounds are their averages.
            </p>
            {result.classes.map((item, i) => (
              <UnionPart key={classes[i]} name={classes[i]!} index={i} item={item} method={partMethod} pairDelta={2 * result.classLevel} />
            ))}
          </div>
        )}
      </section>

      <label className="toggle" htmlFor={`${id}-precision`}>
        <input id={`${id}-precision`} type="checkbox" checked={showPrecision} onChange={(event) => setShowPrecision(event.target.checked)} />
        Show each class’s precision too (the share of its answers that are right)
      </label>
      <div className="class-cards">
        {result.classes.map((item, i) => (
          <ClassCard key={classes[i]} name={classes[i]!} index={i} item={item} delta={delta} showPrecision={showPrecision} />
        ))}
      </div>

      <ConfusionHeatMap classes={classes} matrix={matrix} onMatrixChange={onMatrixChange} />
    </div>
  );
}

/** Where Buehler's interval is: being computed, failed (the union bound stays), or found with the search's distance from Buehler's own bounds when that shows. */
function BuehlerStatus({ answer }: { answer: ClassJobAnswer<Extract<ClassJob, { kind: 'buehler' }>> | null }) {
  let text = '';
  if (answer === null) text = 'Computing Buehler’s exact interval, never wider than this union bound…';
  else if (answer.kind === 'failed') text = `Buehler’s interval could not be computed (${answer.message}); the union bound is shown.`;
  else {
    const { lower, upper } = answer.interval.slack;
    const widest = Math.max(lower, upper);
    if (!(widest <= SHOWN_SLACK))
      text = `The search stopped at its work limit before pinning Buehler’s bounds down: both ends shown are certified, and Buehler’s own may be up to ${Number.isNaN(widest) ? 'an unknown amount' : `${points(widest)} points`} tighter.`;
  }
  return (
    <p role="status" className="muted" aria-busy={answer === null} data-testid="buehler-status">
      {text}
    </p>
  );
}

/** The union-bound interval Buehler's improves on, with its method. */
function UnionBeside({ union, method, delta, counts }: { union: Interval; method: string; delta: number; counts: string }) {
  const shown = formatIntervalParts(union);
  return (
    <div className="union-beside">
      <p className="figure multiclass-card__figure">
        Union bound (the blog’s construction){' '}
        <span className="figure__estimate">{shown.estimate}</span>{' '}
        <span className="figure__interval">
          [<span data-testid="union-lower">{shown.lower}</span>, <span data-testid="union-upper">{shown.upper}</span>]
        </span>
      </p>
      <p className="provenance">
        Same counts; {formatConfidence(delta)} interval, {method}, δ = {formatFullPrecision(delta)}.
      </p>
      <IntervalBar label="Balanced accuracy (macro recall), union bound" interval={union} series="balanced" method={method} delta={delta} counts={counts} />
    </div>
  );
}

function ClassCard({ name, index, item, delta, showPrecision }: { name: string; index: number; item: MacroRecallClass; delta: number; showPrecision: boolean }) {
  const headingId = useId();
  const level = formatConfidence(delta);
  const deltaText = formatFullPrecision(delta);
  return (
    <section className="accuracy-card multiclass-card" style={classColor(index)} aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <Figure label="Recall" interval={item.recall} />
      <p className="provenance">
        {countsText(item)} ({formatHonestPercent(item.recall.estimate, 'nearest')}) {name} examples answered {name}; {level} interval, {CLASS_METHOD}, δ = {deltaText}.
      </p>
      <IntervalBar label={`${name} recall`} interval={item.recall} series="yes" method={CLASS_METHOD} delta={delta} counts={`${countsText(item)} correct`} />
      {showPrecision &&
        (item.precision ? (
          <>
            <Figure label="Precision" interval={item.precision} />
            <p className="provenance">
              {countsText({ correct: item.correct, total: item.answers })} {name} answers right; {level} interval, {PRECISION_METHOD}, δ = {deltaText}.
            </p>
            <IntervalBar
              label={`${name} precision`}
              interval={item.precision}
              series="yes"
              method={PRECISION_METHOD}
              delta={delta}
              counts={`${countsText({ correct: item.correct, total: item.answers })} answers right`}
            />
          </>
        ) : (
          <p className="undefined-note">Precision is undefined: the detector never answered {name} (0/0).</p>
        ))}
    </section>
  );
}

function Figure({ label, interval }: { label: string; interval: Interval }) {
  const shown = formatIntervalParts(interval);
  return (
    <p className="figure multiclass-card__figure">
      {label}{' '}
      <span className="figure__estimate">{shown.estimate}</span>{' '}
      <span className="figure__interval">
        [{shown.lower}, {shown.upper}]
      </span>
    </p>
  );
}

function UnionPart({ name, index, item, method, pairDelta }: { name: string; index: number; item: MacroRecallClass; method: string; pairDelta: number }) {
  const shown = formatIntervalParts(item.unionBound);
  return (
    <div className="union-part" style={classColor(index)}>
      <p>
        <strong>{name}</strong> ({countsText(item)}): lower {shown.lower}, upper {shown.upper} — {method}
      </p>
      <IntervalBar
        label={`${name} recall, union-bound part`}
        interval={item.unionBound}
        series="yes"
        method={method}
        // Two one-sided bounds at δ/(2K) each: as an interval it misses with probability at most δ/K.
        delta={pairDelta}
        counts={`${countsText(item)} correct`}
        size="mini"
      />
    </div>
  );
}
