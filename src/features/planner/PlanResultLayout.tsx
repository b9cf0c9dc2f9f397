import { type ReactNode, useRef } from 'react';
import { ChartDownloads } from '../../components/ChartDownloads';
import { ColumnHeads } from '../../components/ColumnHeads';
import { TableScroll } from '../../components/TableScroll';
import { formatPercent, formatWholeCount, intervalDigits } from '../../data/format';
import { PLAN_CHART_HEIGHT } from './PlanChart';

const DIGITS = 2;

/** One projected point of a plan's curve; `additionalYes`/`additionalNo` when the plan counts labels by class. */
export interface CurveRow {
  additional: number;
  additionalYes?: number;
  additionalNo?: number;
  lower: number;
  estimate: number;
  upper: number;
}

export interface PlanResultLayoutProps {
  reached: boolean;
  headline: string;
  detail: string;
  /** Paragraphs between the answer and the chart (the union bound's comparison, what a unit counts). */
  notes?: ReactNode;
  chart: ReactNode;
  /** False: a placeholder of the chart's height stands in for it (the first draw puts the chart in a task of its own). */
  chartDrawn: boolean;
  figcaption: ReactNode;
  download: { title: string; caption: string };
  curve: readonly CurveRow[];
  /** The answer's row, marked in the table. */
  answer: number | null;
  /** "Show the data (… label counts)": what the rows count. */
  rowsWord: string;
  tableCaption: ReactNode;
  /** The first column's head; with `byClass`, YES and NO columns follow it. */
  countHead: string;
  byClass: boolean;
  children?: ReactNode;
}

/**
 * A plan's answer as the planner shows it for every metric: the headline and detail, notes, the
 * projected chart with its caption and downloads, and the projected intervals as a table (bounds
 * rounded outward, one column's decimals as its closest-to-100% row needs).
 */
export function PlanResultLayout(props: PlanResultLayoutProps) {
  const { reached, headline, detail, notes, chart, chartDrawn, figcaption, download, curve, answer, rowsWord, tableCaption, countHead, byClass, children } = props;
  const chartRef = useRef<HTMLElement>(null);
  const tableDigits = intervalDigits(curve, DIGITS);
  return (
    <section className="plan-view__result" aria-labelledby="plan-answer">
      <h2 id="plan-answer" className={reached ? 'plan-view__answer' : 'plan-view__answer plan-view__answer--none'}>
        {headline}
      </h2>
      <p>{detail}</p>
      {notes}
      <figure className="plan-view__figure" ref={chartRef} aria-busy={!chartDrawn}>
        {chartDrawn ? chart : <div style={{ height: PLAN_CHART_HEIGHT }} />}
        <figcaption>{figcaption}</figcaption>
      </figure>
      <ChartDownloads source={chartRef} title={download.title} caption={download.caption} />
      <details className="plan-view__data">
        <summary>
          Show the data ({curve.length} {rowsWord})
        </summary>
        <TableScroll label="Projected intervals">
          <table className="plan-table">
            <caption>{tableCaption}</caption>
            <ColumnHeads names={[countHead, ...(byClass ? ['YES', 'NO'] : []), 'Lower', 'Estimate', 'Upper', 'Width']} />
            <tbody>
              {curve.map((point) => (
                <tr key={point.additional} aria-current={point.additional === answer ? 'true' : undefined}>
                  <th scope="row">{formatWholeCount(point.additional)}</th>
                  {byClass && <td>{formatWholeCount(point.additionalYes ?? 0)}</td>}
                  {byClass && <td>{formatWholeCount(point.additionalNo ?? 0)}</td>}
                  <td>{formatPercent(point.lower, tableDigits, 'down')}</td>
                  <td>{formatPercent(point.estimate, tableDigits)}</td>
                  <td>{formatPercent(point.upper, tableDigits, 'up')}</td>
                  <td>{formatPercent(point.upper - point.lower, tableDigits, 'up')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
      {children}
    </section>
  );
}
