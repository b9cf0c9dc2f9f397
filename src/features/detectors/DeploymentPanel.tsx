import { useId, useMemo, useState } from 'react';
import { IntervalBar, type IntervalSeries } from '../../components/IntervalBar';
import { RangeInput } from '../../components/RangeInput';
import { FieldProblem, TypedInput } from '../../components/TypedInput';
import { DEFAULT_DEPLOYMENT_VOLUME, type DeploymentChoice, type DeploymentFigures, deploymentFigures, deploymentSentence, testSetPrevalence } from '../../data/detectors';
import { formatConfidence, formatCountParts, formatEstimateWithInterval, formatFullPrecision, formatIntervalParts, formatWholeCount, percentNumber } from '../../data/format';
import { MAX_DEPLOYMENT_VOLUME } from '../../data/links';
import { countsText, METRIC_METHOD_NAMES } from '../../data/methods';
import type { ClassCounts, MetricInterval } from '../../stats';
import './deployment.css';

export interface DeploymentPanelProps {
  yes: ClassCounts;
  no: ClassCounts;
  delta: number;
  /** The link's prevalence and volume; each absent for its default. */
  deployment: DeploymentChoice | undefined;
  onDeploymentChange: (deployment: DeploymentChoice) => void;
}

/** The slider's stops: round prevalences, as dense near 0% and 100% (by factors) as in the middle. Any other value puts the thumb at the nearest stop. */
const LOW_STOPS = [0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45];
export const PREVALENCE_STOPS = [...LOW_STOPS, 0.5, ...LOW_STOPS.map((stop) => Number((1 - stop).toPrecision(12))).reverse()];
const logit = (share: number) => Math.log(share / (1 - share));
/** The stop nearest a prevalence on the log-odds scale. */
export function nearestPrevalenceStop(prevalence: number): number {
  let best = 0;
  PREVALENCE_STOPS.forEach((stop, index) => {
    if (Math.abs(logit(stop) - logit(prevalence)) < Math.abs(logit(PREVALENCE_STOPS[best]!) - logit(prevalence))) best = index;
  });
  return best;
}

/** The prevalence typed as a share (0.02) or a percentage (2%), or a sentence saying why it cannot be used. */
export function readPrevalenceField(text: string): number | string {
  const trimmed = text.trim();
  const percent = trimmed.endsWith('%');
  const value = Number((percent ? trimmed.slice(0, -1) : trimmed).trim()) / (percent ? 100 : 1);
  if (trimmed === '' || !Number.isFinite(value)) return `Enter the share of YES in real traffic, such as 0.02 or 2%.`;
  if (!(value > 0 && value < 1)) return `“${trimmed}” is not strictly between 0 and 1 (0% and 100%): a detector’s deployment needs both kinds of traffic.`;
  return value;
}

/** The images a day typed (thousands separators allowed), or a sentence saying why they cannot be used. */
export function readVolumeField(text: string): number | string {
  const trimmed = text.trim().replace(/[,\s]/g, '');
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return 'Enter the images a day, such as 10000.';
  if (!(value > 0 && value <= MAX_DEPLOYMENT_VOLUME)) return `Images a day must be above 0 and at most ${formatWholeCount(MAX_DEPLOYMENT_VOLUME)}.`;
  return value;
}

/**
 * "What it means in deployment": at a prevalence (the test set's own mix unless chosen) and a
 * volume, the false alarms a day, the share of alarms that are real and the missed events a day,
 * each with its exact interval as a bar naming its method and δ, and one sentence that says it plainly.
 */
export function DeploymentPanel({ yes, no, delta, deployment, onDeploymentChange }: DeploymentPanelProps) {
  const id = useId();
  const figures = useMemo(() => deploymentFigures(yes, no, deployment, delta), [yes, no, deployment, delta]);
  return (
    <section className="deployment accuracy-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>What it means in deployment</h2>
      {figures ? (
        <>
          <DeploymentControls {...{ yes, no, deployment, onDeploymentChange }} figures={figures} />
          <DeploymentFiguresView figures={figures} yes={yes} no={no} />
        </>
      ) : (
        <p className="undefined-note" role="note">
          With a class that has no examples there is no rate to carry over to a deployment: label examples of both classes first.
        </p>
      )}
    </section>
  );
}

function DeploymentControls({ yes, no, deployment, onDeploymentChange, figures }: Omit<DeploymentPanelProps, 'delta'> & { figures: DeploymentFigures }) {
  const id = useId();
  const mix = testSetPrevalence(yes, no);
  return (
    <div className="deployment__controls">
      <label className="deployment__slider" htmlFor={`${id}-slider`}>
        <span>Prevalence</span>
        <RangeInput
          id={`${id}-slider`}
          min={0}
          max={PREVALENCE_STOPS.length - 1}
          step={1}
          position={nearestPrevalenceStop(figures.prevalence)}
          valueText={`${percentNumber(figures.prevalence)}% of real traffic should be YES`}
          onCommit={(stop) => onDeploymentChange({ ...deployment, prevalence: PREVALENCE_STOPS[stop]! })}
        />
      </label>
      {/* Typed, a default too (the test set's mix, 10,000 a day) becomes the link's choice. */}
      <DeploymentField
        label="Share of YES in real traffic (0.02 or 2%)"
        value={figures.prevalence}
        read={readPrevalenceField}
        onValue={(prevalence) => (prevalence !== figures.prevalence || deployment?.prevalence === undefined) && onDeploymentChange({ ...deployment, prevalence })}
      />
      <DeploymentField
        label="Images a day"
        value={figures.volume}
        read={readVolumeField}
        onValue={(volume) => (volume !== figures.volume || deployment?.volume === undefined) && onDeploymentChange({ ...deployment, volume })}
      />
      <p className="deployment__mix">
        {figures.testSetMix ? (
          <>Prevalence: the test set’s own mix, {percentNumber(mix)}% should-be-YES ({formatWholeCount(yes.total)} of {formatWholeCount(yes.total + no.total)}).</>
        ) : (
          <button type="button" onClick={() => onDeploymentChange({ volume: deployment?.volume })}>
            Use the test set’s own mix ({percentNumber(mix)}%)
          </button>
        )}
        {deployment?.volume === undefined && <> Volume: {formatWholeCount(DEFAULT_DEPLOYMENT_VOLUME)} images a day until you set it.</>}
      </p>
    </div>
  );
}

/**
 * A typed number of the deployment: committed on Enter or leaving the field when `read` accepts it,
 * its problem shown otherwise; follows a value changed elsewhere (the slider, a link) unless it holds
 * an error to fix.
 */
function DeploymentField({ label, value, read, onValue }: { label: string; value: number; read: (text: string) => number | string; onValue: (value: number) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(formatFullPrecision(value));
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (problem === null) setDraft(formatFullPrecision(value));
  }
  const commit = () => {
    const typed = read(draft);
    setProblem(typeof typed === 'string' ? typed : null);
    if (typeof typed === 'number') onValue(typed);
  };
  return (
    <form className="deployment__field" noValidate onSubmit={(event) => (event.preventDefault(), commit())}>
      <label htmlFor={id}>{label}</label>
      <TypedInput id={id} inputMode="decimal" value={draft} invalid={problem !== null} describedBy={problem ? `${id}-problem` : ''} onText={setDraft} onBlur={commit} />
      {problem && <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>}
    </form>
  );
}

/** The sentence, then each figure with its bar. */
function DeploymentFiguresView({ figures, yes, no }: { figures: DeploymentFigures; yes: ClassCounts; no: ClassCounts }) {
  const { delta, volume } = figures;
  const level = formatConfidence(delta);
  const both = `YES ${countsText(yes)}, NO ${countsText(no)}`;
  return (
    <>
      <p className="deployment__sentence" data-testid="deployment-sentence">
        {deploymentSentence(figures)}
      </p>
      <DeploymentFigure label="False alarms a day" interval={figures.falseAlarms} series="no" delta={delta} counts={`should-be-NO ${countsText(no)} correct`} count={{ total: volume, unit: 'false alarms a day' }} />
      {figures.ppv && <DeploymentFigure label={`Alarms that are real (precision at ${percentNumber(figures.prevalence)}% prevalence)`} interval={figures.ppv} series="balanced" delta={delta} counts={both} />}
      <DeploymentFigure label="Missed events a day" interval={figures.missedEvents} series="yes" delta={delta} counts={`should-be-YES ${countsText(yes)} correct`} count={{ total: volume, unit: 'missed events a day' }} />
      {figures.npv && (
        <p className="provenance">
          NO answers that are right at this prevalence: {formatEstimateWithInterval(figures.npv)} ({level}, {METRIC_METHOD_NAMES[figures.npv.method]}, δ ={' '}
          {formatFullPrecision(delta)}).
        </p>
      )}
      <p className="provenance">
        Counts a day are expected values (the mean over days; a single day varies around it). Each interval holds at {level} on its own,
        from the class rates of this test set, whatever its own mix: the share of alarms that are real from both classes’ one-sided
        bounds at δ/4, each count a day from one class’s central interval at δ.
      </p>
    </>
  );
}

function DeploymentFigure(props: { label: string; interval: MetricInterval; series: IntervalSeries; delta: number; counts: string; count?: { total: number; unit: string } }) {
  const { label, interval, series, delta, counts, count } = props;
  const shown = count ? formatCountParts(interval) : formatIntervalParts(interval);
  const method = METRIC_METHOD_NAMES[interval.method]!;
  return (
    <div className="deployment__figure">
      <h3>{label}</h3>
      <p className="figure">
        <span className="figure__estimate">{shown.estimate}</span>{' '}
        <span className="figure__interval">
          [{shown.lower}, {shown.upper}]
        </span>
      </p>
      <p className="provenance">
        {formatConfidence(delta)} interval, {method}, δ = {formatFullPrecision(delta)}; {counts}.
      </p>
      <IntervalBar label={label} interval={interval} series={series} method={method} delta={delta} counts={counts} count={count} />
    </div>
  );
}
