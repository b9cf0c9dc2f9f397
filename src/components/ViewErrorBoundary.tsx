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
