import { startTransition, useEffect, useState, type ReactElement, type RefObject } from 'react';

/** The data view's line charts' margins and y axis width (percent ticks). */
export const DATA_CHART_MARGIN = { top: 10, right: 16, bottom: 24, left: 0 };
export const DATA_CHART_Y_AXIS_WIDTH = 52;

/** The width of a data chart's plot, between its y axis and right margin, in a chart `width` wide. */
export const dataChartPlotWidth = (width: number) => width - DATA_CHART_Y_AXIS_WIDTH - DATA_CHART_MARGIN.right;

/**
 * A chart's box: the chart is drawn at the box's measured width, and (re)drawn in a transition, so
 * React renders recharts' many components in slices between frames. Drawn at once (as
 * ResponsiveContainer does), the time and threshold charts arriving together made one main-thread
 * task of about 200 ms at 1M rows. `busy` while the chart is still being drawn a part at a time.
 */
export function ChartBox({ boxRef, height, busy = false, children }: { boxRef: RefObject<HTMLDivElement | null>; height: number; busy?: boolean; children: (width: number) => ReactElement }) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = boxRef.current;
    if (!element) return undefined;
    const observer = new ResizeObserver((entries) => {
      const next = Math.floor(entries[0]?.contentRect.width ?? 0);
      startTransition(() => setWidth(next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [boxRef]);
  return (
    <div ref={boxRef} className="data-chart" style={{ minHeight: height }} aria-busy={busy}>
      {width > 0 && children(width)}
    </div>
  );
}
