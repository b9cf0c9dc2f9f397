import type { ReactNode } from 'react';
import './table-scroll.css';

/**
 * A wide table's own sideways scroll, so that a phone scrolls the table and not the page. Focusable
 * and named, because a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll-x" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
