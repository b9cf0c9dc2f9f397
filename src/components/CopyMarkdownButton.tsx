import { useState } from 'react';
import './copy-markdown-button.css';

type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual'; text: string };

/** Copies a Markdown table (the report's intervals, a K-class detector's); where the clipboard is refused, shows it to select instead. */
export function CopyMarkdownButton({ getMarkdown }: { getMarkdown: () => string }) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  async function copy() {
    const text = getMarkdown();
    try {
      await navigator.clipboard.writeText(text);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'manual', text });
    }
  }
  return (
    <>
      <button type="button" onClick={() => void copy()}>
        Copy as Markdown
      </button>
      <span role="status" className="copy-markdown__status">
        {state.kind === 'copied' ? 'Markdown table copied to the clipboard.' : ''}
      </span>
      {state.kind === 'manual' && (
        <label className="copy-markdown__text">
          The browser refused clipboard access; copy the Markdown yourself:
          <textarea readOnly value={state.text} rows={8} onFocus={(event) => event.target.select()} />
        </label>
      )}
    </>
  );
}
