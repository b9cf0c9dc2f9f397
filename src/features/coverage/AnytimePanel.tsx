import { useMemo } from 'react';
import { Line, ReferenceLine } from 'recharts';
import { LineChartFrame } from '../../components/LineChartFrame';
import { ColumnHeads } from '../../components/ColumnHeads';
import { TableScroll } from '../../components/TableScroll';
import { formatConfidence, formatCount, formatFullPrecision, formatPercent, formatWholeCount, type Rounding } from '../../data/format';
import { ANYTIME_METHOD_LABEL, METHOD_INFO } from '../../data/methods';
import { ANYTIME_METHODS, ANYTIME_PS, type AnytimeMethod } from './coverage-compute';
import { PointTooltip } from './CoverageChart';
import { DataDisclosure } from './DataDisclosure';
import { JobProgress } from './JobProgress';
import { useAnytimeMisses } from './use-coverage';

/**
 * How the section names each way of looking, the chart's colour for it, and how its chance of ever
 * missing is rounded: Clopper–Pearson's down (it misses at least this often), the sequence's up (at most this).
 */
const ANYTIME_WORDING: Record<AnytimeMethod, { label: string; colour: string; rounding: Rounding }> = {
  'confidence-sequence': { label: ANYTIME_METHOD_LABEL.replace(/^a/, 'A'), colour: 'var(--method-anytime)', rounding: 'up' },
  'clopper-pearson': { label: `${METHOD_INFO.clopper_pearson.label}, recomputed after every label`, colour: 'var(--method-clopper_pearson)', rounding: 'down' },
};

/** Where a method's chance of ever missing is highest over ANYTIME_PS. */
function worst(missed: readonly number[]): { value: number; p: number } {
  const at = missed.reduce((best, value, index) => (value > missed[best]! ? index : best), 0);
  return { value: missed[at]!, p: ANYTIME_PS[at]! };
}

/**
 * "Looking after every label": the exact chance that an interval recomputed after each of the first
 * N labels excludes the true p at least once, for the confidence sequence (≤ δ, as it promises) and
 * for Clopper–Pearson (valid for one look; far above δ when looked at after every label).
 */
export function AnytimePanel({ horizon, delta, chartWidth }: { horizon: number; delta: number; chartWidth: number | undefined }) {
  const state = useAnytimeMisses(horizon, delta);
  const { missed } = state;
  const rows = useMemo(
    () => (missed ? ANYTIME_PS.map((p, index) => ({ p, 'confidence-sequence': missed['confidence-sequence'][index]!, 'clopper-pearson': missed['clopper-pearson'][index]! })) : []),
    [missed],
  );
  const level = formatConfidence(delta);
  const setting = `N = ${formatWholeCount(horizon)} labels, two-sided ${level} (δ = ${formatFullPrecision(delta)})`;
  let sentence = '';
  if (missed) {
    const peeking = worst(missed['clopper-pearson']);
    const sequence = worst(missed['confidence-sequence']);
    sentence =
      `Looked at after every one of ${formatWholeCount(horizon)} labels, the ${level} Clopper–Pearson interval excludes the true accuracy at least once ` +
      `with probability up to ${formatPercent(peeking.value, 1, ANYTIME_WORDING['clopper-pearson'].rounding)} (at p = ${peeking.p.toFixed(2)}): ` +
      `${peeking.value > delta ? `${formatCount(peeking.value / delta, 1, 'down')}× the δ = ${formatFullPrecision(delta)} it promises for one look` : `within δ = ${formatFullPrecision(delta)} at this N`}. ` +
      `The confidence sequence: at most ${formatPercent(sequence.value, 1, ANYTIME_WORDING['confidence-sequence'].rounding)} (at p = ${sequence.p.toFixed(2)}), ` +
      `${sequence.value <= delta ? 'within δ, as it promises at every N' : 'above δ'}.`;
  }
  return (
    <>
      <JobProgress state={state} label="Chance of ever missing" workDescription={`2 methods × ${ANYTIME_PS.length} values of p at ${setting}`} />
      {missed && (
        <>
          <p className="coverage-view__verdict" data-testid="anytime-summary">
            {sentence}
          </p>
          <figure className="coverage-view__figure">
            <AnytimeChart rows={rows} delta={delta} width={chartWidth} />
            <figcaption>
              Exact chance of ever excluding the true accuracy p when the interval is recomputed after every label ({setting}),
              dynamic programming over every path of labels, no simulation; dashed line: δ.
            </figcaption>
          </figure>
          <TableScroll label="Chance of ever missing, by method">
            <table className="coverage-table" data-testid="anytime-table">
              <caption>Highest chance of ever missing over {ANYTIME_PS.length} values of p ({setting}); Clopper–Pearson rounded down, the sequence up.</caption>
              <ColumnHeads names={['Method', 'Highest chance of ever missing', 'at p', '× δ']} />
              <tbody>
                {ANYTIME_METHODS.map((method) => {
                  const high = worst(missed[method]);
                  const { rounding } = ANYTIME_WORDING[method];
                  return (
                    <tr key={method} data-method={method} className={high.value > delta ? 'coverage-table__under' : undefined}>
                      <th scope="row">{ANYTIME_WORDING[method].label}</th>
                      <td data-value={high.value}>{formatPercent(high.value, 1, rounding)}</td>
                      <td>{high.p.toFixed(2)}</td>
                      <td>{formatCount(high.value / delta, 2, rounding)}×</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          <DataDisclosure summary={`Show the data (${ANYTIME_PS.length} values of p)`}>
            {() => <AnytimeDataTable missed={missed} setting={setting} />}
          </DataDisclosure>
        </>
      )}
    </>
  );
}

type AnytimeRow = { p: number } & Record<AnytimeMethod, number>;

function AnytimeChart({ rows, delta, width }: { rows: readonly AnytimeRow[]; delta: number; width: number | undefined }) {
  const top = Math.max(delta * 1.5, ...rows.map((row) => row['clopper-pearson']));
  return (
    <LineChartFrame
      data={rows} width={width} height={300} left={4}
      title="Chance of ever missing the true accuracy, looking after every label"
      desc={`One line per method: ${ANYTIME_METHODS.map((method) => ANYTIME_WORDING[method].label).join('; ')}; δ = ${formatFullPrecision(delta)}. Arrow keys move the read-out.`}
      x={{ dataKey: 'p', domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1], tickFormatter: (value: number) => formatPercent(value, 0), label: 'true accuracy p' }}
      y={{ type: 'number', domain: [0, Math.min(1, Math.ceil(top * 20) / 20)], tickFormatter: (value: number) => formatPercent(value, 0), width: 56, label: 'P(ever missed)' }}
      tooltip={(props) => <PointTooltip {...props} pDigits={2} format={(value, method) => formatPercent(value, 2, ANYTIME_WORDING[method as AnytimeMethod].rounding)} />}
    >
      <ReferenceLine y={delta} stroke="var(--text)" strokeDasharray="6 4" label={{ value: `δ = ${formatFullPrecision(delta)}`, position: 'insideTopRight', fill: 'var(--text)' }} />
      {ANYTIME_METHODS.map((method) => (
        <Line key={method} dataKey={method} name={ANYTIME_WORDING[method].label} type="linear" dot={false} stroke={ANYTIME_WORDING[method].colour} strokeWidth={2} isAnimationActive={false} />
      ))}
    </LineChartFrame>
  );
}

function AnytimeDataTable({ missed, setting }: { missed: Readonly<Record<AnytimeMethod, readonly number[]>>; setting: string }) {
  return (
    <table className="coverage-table" data-testid="anytime-data">
      <caption>Exact chance of ever missing at each true p ({setting}); Clopper–Pearson rounded down, the sequence up.</caption>
      <ColumnHeads names={['p', ...ANYTIME_METHODS.map((method) => ANYTIME_WORDING[method].label)]} />
      <tbody>
        {ANYTIME_PS.map((p, index) => (
          <tr key={p}>
            <th scope="row">{p.toFixed(2)}</th>
            {ANYTIME_METHODS.map((method) => (
              <td key={method} data-method={method} data-value={missed[method][index]}>
                {formatPercent(missed[method][index]!, 2, ANYTIME_WORDING[method].rounding)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
