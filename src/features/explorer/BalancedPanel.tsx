import { useMemo } from 'react';
import { useBalancedVersion } from '../../components/use-balanced-version';
import { balancedNow } from '../../data/workers';
import { DEFAULT_BALANCED_METHOD, effectiveMethod } from '../../data/methods';
import { useWorkspace } from '../../store/workspace';
import { ClassCountsFields } from '../../components/ClassCountsFields';
import { deltaProblem, EXPLORER_MAX_N, explorerHref } from '../../data/links';
import { formatConfidence, formatFullPrecision, formatInterval, formatIntervalParts, formatWholeCount } from '../../data/format';
import { balancedInterval, EmptyClassError, type BalancedInterval, type ClassCounts } from '../../stats';
import { IntervalRows, type IntervalRow } from './IntervalRows';
import { ColumnHeads } from '../../components/ColumnHeads';

export interface BalancedPanelProps {
  yes: ClassCounts;
  no: ClassCounts;
  delta: number;
  onYes: (counts: ClassCounts) => void;
  onNo: (counts: ClassCounts) => void;
}

const six = (value: number) => value.toFixed(6);

/**
 * The blog's Figure 7: each class's exact lower and upper bound at δ/4 (four bounds, union bound),
 * and the balanced interval as the average of the two lower and of the two upper bounds.
 */
export function BalancedPanel({ yes, no, delta, onYes, onNo }: BalancedPanelProps) {
  const result = useMemo(() => {
    try {
      return { interval: balancedInterval({ yes, no }, delta) };
    } catch (error) {
      if (error instanceof EmptyClassError) return { problem: 'No examples in this class: a class with no examples has no interval.' };
      throw error;
    }
  }, [yes, no, delta]);

  return (
    <section className="balanced-panel" aria-labelledby="balanced-heading">
      <h2 id="balanced-heading">Balanced accuracy from two classes</h2>
      <div className="balanced-panel__counts">
        <ClassCountsFields legend="Should-be-YES examples" counts={yes} onChange={onYes} />
        <ClassCountsFields legend="Should-be-NO examples" counts={no} onChange={onNo} />
      </div>
      {'interval' in result && result.interval ? (
        <BalancedConstruction interval={result.interval} yes={yes} no={no} delta={delta} />
      ) : (
        <p role="alert">{result.problem}</p>
      )}
    </section>
  );
}

function BalancedConstruction({ interval, yes, no, delta }: { interval: BalancedInterval; yes: ClassCounts; no: ClassCounts; delta: number }) {
  const level = formatConfidence(delta);
  const perBound = formatFullPrecision(delta / 4);
  const classLabel = (name: string, counts: ClassCounts, bounds: BalancedInterval['yes']) =>
    `${name} ${formatWholeCount(counts.correct)}/${formatWholeCount(counts.total)} = ${formatIntervalParts(bounds).estimate}: ` +
    `exact bounds at δ/4 = ${perBound} each ${formatInterval(bounds)}`;
  const rows: IntervalRow[] = [
    { id: 'yes', label: classLabel('Should-be-YES', yes, interval.yes), ...interval.yes, color: 'yes' },
    { id: 'no', label: classLabel('Should-be-NO', no, interval.no), ...interval.no, color: 'no' },
    {
      id: 'balanced',
      label: `Balanced accuracy ${formatIntervalParts(interval).estimate}: ${level} interval ${formatInterval(interval)} (averages of the bounds above)`,
      ...interval,
      color: 'balanced',
      averageOf: ['yes', 'no'],
    },
  ];
  const tailsLink = (counts: ClassCounts) =>
    counts.total <= EXPLORER_MAX_N && deltaProblem(delta / 2) === null ? explorerHref({ n: counts.total, k: counts.correct, delta: delta / 2, mode: 'central' }) : undefined;
  const yesLink = tailsLink(yes);
  const noLink = tailsLink(no);

  return (
    <>
      <p className="balanced-panel__result" role="status">
        Balanced accuracy {formatIntervalParts(interval).estimate}, exact {level} interval <strong>{formatInterval(interval)}</strong>.
      </p>
      <IntervalRows rows={rows} title={`Construction of the ${level} balanced interval`} />
      <table className="explorer-table">
        <caption>
          Four exact bounds at δ/4 = {formatFullPrecision(delta / 4)} each: by the union bound all four hold together with
          probability at least 1 − δ = {level}.
        </caption>
        <ColumnHeads names={['Class', 'Lower bound', 'Upper bound']} />
        <tbody>
          <tr>
            <th scope="row">Should-be-YES</th>
            <td>{six(interval.yes.lower)}</td>
            <td>{six(interval.yes.upper)}</td>
          </tr>
          <tr>
            <th scope="row">Should-be-NO</th>
            <td>{six(interval.no.lower)}</td>
            <td>{six(interval.no.upper)}</td>
          </tr>
          <tr>
            <th scope="row">Balanced = average</th>
            <td>
              ({six(interval.yes.lower)} + {six(interval.no.lower)}) / 2 = {six(interval.lower)} → {formatIntervalParts(interval).lower}
            </td>
            <td>
              ({six(interval.yes.upper)} + {six(interval.no.upper)}) / 2 = {six(interval.upper)} → {formatIntervalParts(interval).upper}
            </td>
          </tr>
        </tbody>
      </table>
      <InvertedNote yes={yes} no={no} delta={delta} union={interval} />
      {(yesLink || noLink) && (
        <p>
          Each class’s bounds are the ends of its exact central interval at δ/2 (δ/4 in each tail):{' '}
          {yesLink && <a href={yesLink}>see the should-be-YES tails</a>}
          {yesLink && noLink && ', '}
          {noLink && <a href={noLink}>see the should-be-NO tails</a>}.
        </p>
      )}
    </>
  );
}

/**
 * This panel stays the blog's construction; the dashboard's balanced interval is the workspace's
 * setting — by default Buehler's, the exact test inversion ordered by this very union bound, never
 * wider than it — and the panel says what the chosen construction gives for the same counts.
 */
function InvertedNote({ yes, no, delta, union }: { yes: ClassCounts; no: ClassCounts; delta: number; union: BalancedInterval }) {
  useBalancedVersion();
  const method = useWorkspace((state) => state.balancedMethod);
  if (method === 'union') {
    return (
      <p className="balanced-panel__inverted" data-testid="explorer-inverted">
        This is the blog’s union-bound construction, and the balanced interval the dashboard shows (the workspace’s setting).
      </p>
    );
  }
  const used = effectiveMethod(method, yes, no);
  if (used !== method) return null;
  const chosen = balancedNow(method, yes, no, delta);
  if (chosen === null) return null;
  if (chosen === 'pending') return <p className="muted">Computing {NOTE_WORDING[method].name} of these counts in a background worker…</p>;
  const ratio = (union.upper - union.lower) / (chosen.upper - chosen.lower);
  const comparison =
    ratio > 1.005 ? `${Math.round((1 - 1 / ratio) * 100)}% narrower` : ratio < 0.995 ? `${Math.round((1 / ratio - 1) * 100)}% wider` : 'about as wide';
  return (
    <p className="balanced-panel__inverted" data-testid="explorer-inverted">
      This is the blog’s union-bound construction. The dashboard’s balanced interval ({method === DEFAULT_BALANCED_METHOD ? 'the default' : 'the workspace’s setting'}) is{' '}
      {NOTE_WORDING[method].name}: {NOTE_WORDING[method].how}. For these counts it gives <strong>{formatInterval(chosen)}</strong>, {comparison} — same{' '}
      {formatConfidence(delta)} guarantee.
    </p>
  );
}

const NOTE_WORDING: Record<'buehler' | 'inversion', { name: string; how: string }> = {
  buehler: {
    name: 'Buehler’s exact interval',
    how: 'one exact test of the balanced accuracy inverted (δ/2 per side), its outcomes ordered by this union bound, so it is never wider than it',
  },
  inversion: {
    name: 'the exact test inversion ordered by the estimate',
    how: 'one exact test of the balanced accuracy inverted (δ/2 per side), its outcomes ordered by the balanced estimate — narrower on average, wider where one class is near 0% and the other near 100%',
  },
};
