import type { ReactNode } from 'react';
import { CartesianGrid, Legend, LineChart, Tooltip, type TooltipContentProps, XAxis, type XAxisProps, YAxis, type YAxisProps } from 'recharts';
import { ChartFrame } from './ChartFrame';

/** What a chart's tooltip is given: recharts' active flag, the rows under the pointer and the x label. */
export type ChartTooltipProps = Pick<TooltipContentProps, 'active' | 'payload' | 'label'>;

export interface LineChartFrameProps {
  data: readonly object[];
  /** Fixed size for tests; the page fills its container. */
  width: number | undefined;
  height: number;
  /** The left margin (the y axis's labels need more or less room). */
  left: number;
  title: string;
  desc?: string;
  /** The x axis (numeric): its data key, domain, ticks and formatter; `label` is its caption under it. */
  x: Pick<XAxisProps, 'dataKey' | 'domain' | 'ticks' | 'tickFormatter'> & { label: string };
  /** The y axis: its domain, ticks, formatter and width; `label`, when given, its caption along it. */
  y: Pick<YAxisProps, 'type' | 'domain' | 'ticks' | 'allowDataOverflow' | 'tickFormatter' | 'width'> & { label?: string };
  tooltip: (props: ChartTooltipProps) => ReactNode;
  /** What is drawn between the axes and the tooltip: reference lines and areas, the lines. */
  children: ReactNode;
  /**
   * How many of the frame's parts to draw (all unless said): 0 the bare chart, then the x axis, the
   * grid and the y axis, and the tooltip and legend (`LINE_CHART_FRAME_PARTS` in all). A chart drawn a part per task
   * spreads recharts' first use, which costs a cold page 150–250 ms drawn at once, over short tasks.
   */
  partsDrawn?: number;
}

/** The frame's parts after the bare chart: the x axis, the grid and y axis, the tooltip and legend. */
export const LINE_CHART_FRAME_PARTS = 3;

/**
 * The one frame of the app's line charts (plan, posterior, coverage): sized by ChartFrame, a dashed
 * grid, a numeric x axis with its caption below, the y axis, what the chart draws, a tooltip and the
 * legend on top — in the app’s colours, so that every chart reads the same way. Given x ticks and the y
 * axis’s few are all drawn (`interval` 0): recharts would otherwise measure every tick label in the DOM
 * to thin them out, tens of milliseconds a render for ticks that fit.
 */
export function LineChartFrame({ data, width, height, left, title, desc, x, y, tooltip, children, partsDrawn = LINE_CHART_FRAME_PARTS }: LineChartFrameProps) {
  const { label: xLabel, ...xAxis } = x;
  const { label: yLabel, ...yAxis } = y;
  return (
    <ChartFrame fixedWidth={width} height={height}>
      <LineChart data={data as object[]} width={width} height={height} margin={{ top: 10, right: 24, bottom: 24, left }} title={title} desc={desc}>
        {partsDrawn >= 1 && (
          <XAxis {...xAxis} type="number" interval={xAxis.ticks === undefined ? undefined : 0} tick={{ fill: 'var(--muted)' }} label={{ value: xLabel, position: 'insideBottom', offset: -14, fill: 'var(--muted)' }} />
        )}
        {/* The grid with both axes: before them, recharts' implicit axis would measure a label per data row. */}
        {partsDrawn >= 2 && <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />}
        {partsDrawn >= 2 && (
          <YAxis
            interval={0}
            {...yAxis}
            tick={{ fill: 'var(--muted)' }}
            label={yLabel === undefined ? undefined : { value: yLabel, angle: -90, position: 'insideLeft', offset: 0, fill: 'var(--muted)' }}
          />
        )}
        {children}
        {partsDrawn >= 3 && <Tooltip content={({ active, payload, label }: TooltipContentProps) => tooltip({ active, payload, label })} />}
        {partsDrawn >= 3 && <Legend verticalAlign="top" itemSorter={null} wrapperStyle={{ paddingBottom: 8 }} />}
      </LineChart>
    </ChartFrame>
  );
}
