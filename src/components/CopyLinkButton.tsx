import { useId, useRef, useState } from 'react';
import './copy-link-button.css';

type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual'; reason: string } | { kind: 'refused'; reason: string };

export interface CopyLinkButtonProps {
  /**
   * Called on click so the link is always the current view; may be asynchronous (a compressed
   * workspace), and may reject with an Error whose message says why there is no link.
   */
  getUrl: () => string | Promise<string>;
  label?: string;
}

/**
 * Copies the current view's link with the Clipboard API; where that is missing or refused (an
 * insecure origin, a denied permission) it shows the link in a selected, read-only field instead.
 */
export function CopyLinkButton({ getUrl, label = 'Copy link' }: CopyLinkButtonProps) {
  const id = useId();
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const [url, setUrl] = useState('');
  const fieldRef = useRef<HTMLInputElement>(null);

  async function copy() {
    let link: string;
    try {
      link = await getUrl();
    } catch (error) {
      setState({ kind: 'refused', reason: error instanceof Error ? error.message : String(error) });
      return;
    }
    setUrl(link);
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard?.writeText) {
      showManual('This browser does not let the page use the clipboard here.');
      return;
    }
    try {
      await clipboard.writeText(link);
      setState({ kind: 'copied' });
    } catch {
      showManual('The browser refused clipboard access.');
    }
  }

  function showManual(reason: string) {
    setState({ kind: 'manual', reason });
    // Selected, so Ctrl/Cmd+C copies it at once.
    requestAnimationFrame(() => fieldRef.current?.select());
  }

  return (
    <div className="copy-link">
      <button type="button" onClick={copy}>
        {label}
      </button>
      <span role="status" className="copy-link__status">
        {state.kind === 'copied' ? 'Link copied to the clipboard.' : ''}
      </span>
      {state.kind === 'refused' && (
        <p className="field-error" role="alert">
          {state.reason}
        </p>
      )}
      {state.kind === 'manual' && (
        <div className="copy-link__manual">
          <label htmlFor={id}>{state.reason} Copy the link yourself:</label>
          <input id={id} ref={fieldRef} type="text" readOnly value={url} onFocus={(event) => event.target.select()} />
        </div>
      )}
    </div>
  );
}
