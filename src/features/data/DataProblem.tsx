import type { ReactNode } from 'react';

/** What keeps a data section (or the whole view) from showing its numbers, announced as it appears. */
export function DataProblem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="data-problem">
      {children}
    </p>
  );
}
