import { formatWholeCount } from '../../data/format';
import type { JobState } from './use-coverage';

/**
 * A job's progress as a labelled progressbar while it runs, then how long it took (or that the
 * result came from the page's cache), or what went wrong.
 */
export function JobProgress({ state, label, workDescription }: { state: JobState; label: string; workDescription: string }) {
  if (state.status === 'error') {
    return (
      <p className="coverage-view__error" role="alert">
        {label} failed: {state.error}
      </p>
    );
  }
  if (state.status === 'computing') {
    const percent = Math.round(state.progress * 100);
    return (
      <div className="job-progress">
        <div
          className="job-progress__bar"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% of ${workDescription}`}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <span className="job-progress__text">
          {label}: {percent}% of {workDescription}, in a background worker…
        </span>
      </div>
    );
  }
  return (
    <p className="job-progress__done" role="status">
      {state.elapsedMs === undefined
        ? `Shown from this page’s cache (${workDescription}).`
        : `Computed exactly in ${formatWholeCount(Math.round(state.elapsedMs))} ms in a background worker (${workDescription}).`}
    </p>
  );
}
