import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/**
 * Gives a recharts chart its size: the chart as it is when it was built with a fixed width (tests:
 * ResponsiveContainer measures nothing in jsdom), otherwise the full width of its container.
 */
export function ChartFrame({ fixedWidth, height, children }: { fixedWidth: number | undefined; height: number; children: ReactElement }) {
  if (fixedWidth !== undefined) return children;
  return (
    <ResponsiveContainer width="100%" height={height}>
      {children}
    </ResponsiveContainer>
  );
}
