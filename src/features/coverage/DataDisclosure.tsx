import { useState, type ReactNode } from 'react';

/**
 * A "Show the data" disclosure whose content is rendered only once opened: the tables hold thousands
 * of cells that most readers never need, and building them on every settings change would cost time.
 */
export function DataDisclosure({ summary, children }: { summary: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="coverage-view__data" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}
