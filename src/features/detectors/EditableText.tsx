import { useId, useState, type FormEvent } from 'react';

export interface EditableTextProps {
  /** What is edited, e.g. "name": used in the button and field labels. */
  what: string;
  value: string;
  /** Saves the text; returns an error message to keep the field open, or null when saved. */
  onSave: (text: string) => string | null;
  multiline?: boolean;
}

/** An "Edit" button that opens a field with Save / Cancel; errors stay next to the field. */
export function EditableText({ what, value, onSave, multiline = false }: EditableTextProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (draft === null) {
    return (
      <button type="button" className="link-button" onClick={() => setDraft(value)}>
        Edit {what}
      </button>
    );
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const error = onSave(draft ?? '');
    setProblem(error);
    if (error === null) setDraft(null);
  }

  const fieldProps = {
    id,
    value: draft,
    autoFocus: true,
    'aria-invalid': problem !== null,
    'aria-describedby': problem ? `${id}-problem` : undefined,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
  };
  return (
    <form className="editable-text" onSubmit={save}>
      <label htmlFor={id}>{what[0]!.toUpperCase() + what.slice(1)}</label>
      {multiline ? <textarea rows={2} {...fieldProps} /> : <input type="text" {...fieldProps} />}
      <div className="button-row">
        <button type="submit">Save {what}</button>
        <button
          type="button"
          onClick={() => {
            setDraft(null);
            setProblem(null);
          }}
        >
          Cancel
        </button>
      </div>
      {problem && (
        <p className="field-error" id={`${id}-problem`}>
          {problem}
        </p>
      )}
    </form>
  );
}
