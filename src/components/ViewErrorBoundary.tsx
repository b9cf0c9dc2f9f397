import { Component, type ErrorInfo, type ReactNode } from 'react';
import './link-problems.css';

export interface ViewErrorBoundaryProps {
  /** The view's name, kept as the page heading so the reader knows where they are. */
  title: string;
  /** The address: when it changes (a new link, Back), a caught error is cleared and the view tried again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches what a view throws while rendering, so one bad input never blanks the app: the page says
 * what went wrong, offers a way back, and states that the workspace was not touched (rendering never
 * writes it). A new address (`resetKey`) tries the view again.
 */
export class ViewErrorBoundary extends Component<ViewErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: ViewErrorBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept in the console for a bug report; nothing is sent anywhere.
    console.error('tailbound: a view failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkLoadProblem title={this.props.title} />;
    return (
      <section className="link-problems">
        <h1>{this.props.title}</h1>
        <div role="alert">
          <h2>This view could not be shown</h2>
          <p>
            {error.name === 'RangeError' ? 'A setting is out of range: ' : 'Something went wrong: '}
            <code>{error.message}</code>
          </p>
        </div>
        <p>Your workspace is untouched: nothing was changed or deleted.</p>
        <p>
          <a href="#/">Go to the detectors</a>, go back, or{' '}
          <button type="button" onClick={() => this.setState({ error: null })}>
            try this view again
          </button>
          .
        </p>
      </section>
    );
  }
}

/**
 * A view's code that could not be fetched: Vite's "Unable to preload CSS" and the browsers' words for
 * a failed dynamic import (Chromium, Firefox, Safari). Said plainly, never as the internal error.
 */
export function isChunkLoadError(error: Error): boolean {
  return /Unable to preload CSS|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
    error.message,
  );
}

function ChunkLoadProblem({ title }: { title: string }) {
  const offline = !navigator.onLine;
  return (
    <section className="link-problems">
      <h1>{title}</h1>
      <div role="alert">
        <h2>{offline ? "You're offline and this view hasn't been loaded yet" : "This view's code could not be loaded"}</h2>
        <p>
          {offline
            ? 'Connect again and reload the page: every view is then kept for offline use.'
            : 'The site may have been updated since this page was opened. Reload the page to get the current version.'}
        </p>
      </div>
      <p>Your workspace is untouched: nothing was changed or deleted.</p>
      <p>
        <a href="#/">Go to the detectors</a> or{' '}
        <button type="button" onClick={() => window.location.reload()}>
          reload the page
        </button>
        .
      </p>
    </section>
  );
}
