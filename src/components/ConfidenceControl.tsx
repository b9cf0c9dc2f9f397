import { FieldProblem, TypedInput } from './TypedInput';
import { useId, useState, type FormEvent } from 'react';
import { formatConfidence, formatFullPrecision } from '../data/format';
import { deltaProblem } from '../data/links';
import { RangeInput } from './RangeInput';
import './confidence-control.css';
import './field-error.css';

/** The preset miss probabilities δ: 90%, 95%, 99% and 99.9% confidence. */
export const CONFIDENCE_PRESETS = [0.1, 0.05, 0.01, 0.001] as const;

/**
 * The slider's stops: common confidence levels, denser towards 100% where δ shrinks by factors.
 * Any other δ (typed in the field or from a link) puts the thumb at the nearest stop.
 */
export const SLIDER_LEVELS = [
  50, 60, 70, 75, 80, 85, 90, 91, 92, 93, 94, 95, 96, 97, 97.5, 98, 98.5, 99, 99.5, 99.8, 99.9, 99.95, 99.99,
] as const;
const deltaOfLevel = (level: number) => Number(((100 - level) / 100).toPrecision(12));
const nearestStop = (delta: number) => {
  let best = 0;
  SLIDER_LEVELS.forEach((level, index) => {
    const distance = Math.abs(Math.log(deltaOfLevel(level) / delta));
    if (distance < Math.abs(Math.log(deltaOfLevel(SLIDER_LEVELS[best]!) / delta))) best = index;
  });
  return best;
};

/** Why the δ field's `text` is not a usable δ, or null when it is one (the app's δ policy, `deltaProblem`). */
export function deltaFieldProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter δ, the chance that the interval misses: a number between 0 and 1, e.g. 0.05.';
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return `“${trimmed}” is not a number. Enter δ between 0 and 1, e.g. 0.05.`;
  const problem = deltaProblem(value);
  return problem === null ? null : `${trimmed} cannot be used: ${problem}. 0.05 means 95% confidence.`;
}

export interface ConfidenceControlProps {
  delta: number;
  onChange: (delta: number) => void;
  /**
   * The interval is a Bayesian credible interval (the posterior view): its level is a credible
   * level and δ the posterior probability outside it — not a chance that the interval misses.
   */
  credible?: boolean;
}

/** Slider, presets and a δ field for the confidence level 1−δ; emits only valid δ in (0, 1). */
export function ConfidenceControl({ delta, onChange, credible = false }: ConfidenceControlProps) {
  const id = useId();
  const [draft, setDraft] = useState(formatFullPrecision(delta));
  const [problem, setProblem] = useState<string | null>(null);
  // Follow δ changed elsewhere (presets, slider, a link) unless the field holds an error to fix.
  const [shownDelta, setShownDelta] = useState(delta);
  if (shownDelta !== delta) {
    setShownDelta(delta);
    setDraft(formatFullPrecision(delta));
    setProblem(null);
  }

  function commitDraft() {
    const found = deltaFieldProblem(draft);
    setProblem(found);
    if (found === null && Number(draft) !== delta) onChange(Number(draft));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    commitDraft();
  }

  return (
    <div className="confidence-control" role="group" aria-labelledby={`${id}-name`}>
      <p className="confidence-control__name" id={`${id}-name`}>
        {credible ? 'Credible level' : 'Confidence level'}: <strong>{formatConfidence(delta)}</strong> (δ = {formatFullPrecision(delta)})
      </p>
      <div className="confidence-control__presets" role="group" aria-label="Confidence presets">
        {CONFIDENCE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={preset === delta}
            onClick={() => onChange(preset)}
          >
            {formatConfidence(preset)}
          </button>
        ))}
      </div>
      <label className="confidence-control__slider" htmlFor={`${id}-slider`}>
        <span>Level</span>
        <RangeInput
          id={`${id}-slider`}
          min={0}
          max={SLIDER_LEVELS.length - 1}
          step={1}
          position={nearestStop(delta)}
          valueText={`${formatConfidence(delta)} ${credible ? 'credible' : 'confidence'}, δ = ${formatFullPrecision(delta)}`}
          onCommit={(stop) => onChange(deltaOfLevel(SLIDER_LEVELS[stop]!))}
        />
      </label>
      <form className="confidence-control__field" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-delta`}>{credible ? 'δ (posterior probability outside the interval)' : 'δ (chance the interval misses)'}</label>
        <TypedInput
          id={`${id}-delta`}
          inputMode="decimal"
          value={draft}
          invalid={problem !== null}
          describedBy={problem ? `${id}-problem` : ''}
          onText={(text) => {
            setDraft(text);
            setProblem(null);
          }}
          onBlur={commitDraft}
        />
        {problem && <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>}
      </form>
    </div>
  );
}
