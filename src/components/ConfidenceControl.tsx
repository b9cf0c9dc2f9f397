import { useId, useState, type FormEvent } from 'react';
import { formatConfidence, formatFullPrecision } from '../data/format';
import './confidence-control.css';
import './field-error.css';

/** The preset miss probabilities δ: 90%, 95%, 99% and 99.9% confidence. */
export const CONFIDENCE_PRESETS = [0.1, 0.05, 0.01, 0.001] as const;

// The slider moves along −log10 δ so that 99% → 99.9% is as easy to reach as 90% → 99%.
const SLIDER_MIN = 0.3; // δ ≈ 0.5, 50% confidence
const SLIDER_MAX = 4; // δ = 0.0001, 99.99% confidence
const SLIDER_STEP = 0.005;

const sliderPosition = (delta: number) => Math.min(Math.max(-Math.log10(delta), SLIDER_MIN), SLIDER_MAX);
/** Two significant digits, so dragging gives δ = 0.05 rather than 0.050118723. */
const deltaAt = (position: number) => Number((10 ** -position).toPrecision(2));

/** Why `text` is not a usable δ, or null when it is one. */
export function deltaProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter δ, the chance that the interval misses: a number between 0 and 1, e.g. 0.05.';
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return `“${trimmed}” is not a number. Enter δ between 0 and 1, e.g. 0.05.`;
  if (value <= 0 || value >= 1) {
    return `δ must be strictly between 0 and 1 (got ${trimmed}); 0.05 means 95% confidence.`;
  }
  return null;
}

export interface ConfidenceControlProps {
  delta: number;
  onChange: (delta: number) => void;
}

/** Slider, presets and a δ field for the confidence level 1−δ; emits only valid δ in (0, 1). */
export function ConfidenceControl({ delta, onChange }: ConfidenceControlProps) {
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
    const found = deltaProblem(draft);
    setProblem(found);
    if (found === null && Number(draft) !== delta) onChange(Number(draft));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    commitDraft();
  }

  return (
    <fieldset className="confidence-control">
      <legend>
        Confidence level: <strong>{formatConfidence(delta)}</strong> (δ = {formatFullPrecision(delta)})
      </legend>
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
        <input
          id={`${id}-slider`}
          type="range"
          min={SLIDER_MIN}
          max={SLIDER_MAX}
          step={SLIDER_STEP}
          value={sliderPosition(delta)}
          aria-valuetext={`${formatConfidence(delta)} confidence, δ = ${formatFullPrecision(delta)}`}
          onChange={(event) => onChange(deltaAt(Number(event.target.value)))}
        />
      </label>
      <form className="confidence-control__field" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-delta`}>δ (chance the interval misses)</label>
        <input
          id={`${id}-delta`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onBlur={commitDraft}
        />
        {problem && (
          <p className="field-error" id={`${id}-problem`}>
            {problem}
          </p>
        )}
      </form>
    </fieldset>
  );
}
