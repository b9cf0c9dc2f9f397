import type { ReactNode } from 'react';
import { WorkspaceSource } from './WorkspaceSource';

/** A detector's page (either kind): where the workspace came from, the way back to the list, then the view. */
export function DetectorPage({ children }: { children: ReactNode }) {
  return (
    <section className="detector-view" aria-labelledby="detector-heading">
      <WorkspaceSource />
      <p className="breadcrumb">
        <a href="#/">← All detectors</a>
      </p>
      {children}
    </section>
  );
}
