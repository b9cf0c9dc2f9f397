import type { ReactNode } from 'react';
import './visually-hidden.css';

/** Text for screen readers only, e.g. a column header whose visible form is a drawn scale. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}
