import { FieldProblem, TypedInput } from '../../components/TypedInput';
import { memo, useId, useState } from 'react';
import { RangeInput } from '../../components/RangeInput';

export interface SliderFieldProps {
  label: string;
  /** Extra words after the label, e.g. the value as a percentage. */
  detail?: string;
  /** The slider's own scale (a logarithmic slider maps its position to the value). */
  min: number;
  max: number;
  step: number;
  position: number;
  /** What a screen reader announces for the slider, e.g. "N = 1,000 tests". */
  valueText: string;
  onSlide: (position: number) => void;
  /** The current value; the text field follows it when it changes elsewhere. */
  value: number;
  format: (value: number) => string;
  /** Why the typed text is not a usable value, or null. */
  problemOf: (text: string) => string | null;
  /** Called with the value of valid typed text only. */
  onType: (value: number) => void;
}

/**
 * A labelled range input paired with a text field. The range input is native, so arrows,
 * PageUp/PageDown and Home/End work, and its moves are committed once a frame after they are
 * painted (`RangeInput`); the text field commits each valid entry as it is typed and
 * shows an inline message (aria-invalid, aria-describedby) for an invalid one, keeping the last
 * valid value in use so the plots never break. Memoised: give it stable callbacks, so that moving
 * one slider re-renders only that field.
 */
export const SliderField = memo(function SliderField(props: SliderFieldProps) {
  const { label, detail, onSlide, value, format, problemOf, onType, ...range } = props;
  const id = useId();
  const [draft, setDraft] = useState(() => format(value));
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    // Changed by the slider, a link or the bound search: show it, unless the typing said just that.
    setShownValue(value);
    if (problemOf(draft) !== null || Number(draft.trim()) !== value) setDraft(format(value));
  }
  const problem = problemOf(draft);

  return (
    <div className="slider-field">
      <label className="slider-field__label" htmlFor={`${id}-range`}>
        {label}
        {detail && <span className="slider-field__detail"> {detail}</span>}
      </label>
      <RangeInput id={`${id}-range`} className="slider-field__range" {...range} onCommit={onSlide} />
      <TypedInput
        id={`${id}-text`}
        className="slider-field__text"
        inputMode="decimal"
        aria-label={`${label} (type a value)`}
        value={draft}
        invalid={problem !== null}
        describedBy={problem ? `${id}-problem` : ''}
        onText={(typed) => {
          setDraft(typed);
          if (problemOf(typed) === null && Number(typed.trim()) !== value) onType(Number(typed.trim()));
        }}
      />
      {problem && (
        <FieldProblem id={`${id}-problem`} className="slider-field__problem">
          {problem}
        </FieldProblem>
      )}
    </div>
  );
});
