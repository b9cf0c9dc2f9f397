import { useMemo, useState } from 'react';
import { ParsedField } from '../../components/ParsedField';
import { formatProportion, parseProportion } from '../../components/proportion-text';
import type { ClassDetector } from '../../data/evaluation';
import { formatConfidence, formatEstimateWithInterval, formatFullPrecision, formatHonestPercent } from '../../data/format';
import { macroRecallMethod } from '../../data/methods';
import { macroRecallInterval } from '../../stats';
import { GroupTable } from './GroupTable';

const DEFAULT_TARGET = 0.9;
const parseTarget = (text: string) => parseProportion(text, { inclusive: false, optional: false });

/**
 * The K-class detectors of a file ranked against a target: each macro recall's exact union-bound
 * interval at δ/m (Bonferroni over the m detectors that have one), so every "proven" holds at once
 * with probability ≥ 1 − δ; best lower bound first. Detectors missing a class have no macro recall
 * and are left out (counted). Shown with two or more to rank (a file without a detector column has one).
 */
export function ClassRanking({ detectors, labels, delta }: { detectors: readonly ClassDetector[]; labels: string[]; delta: number }) {
  const [target, setTarget] = useState(DEFAULT_TARGET);
  const family = detectors.filter((detector) => detector.missing.length === 0).length;
  const each = delta / Math.max(1, family);
  const rows = useMemo(
    () =>
      detectors
        .filter((detector) => detector.missing.length === 0)
        .map((detector) => ({ group: detector.detector, interval: macroRecallInterval(detector.matrix, each) }))
        .sort((a, b) => b.interval.lower - a.interval.lower || a.group.localeCompare(b.group)),
    [detectors, each],
  );
  if (family < 2) return null;
  const proven = rows.filter((row) => row.interval.lower >= target).length;
  const left = detectors.length - family;
  return (
    <div className="data-class-ranking">
      <h3>Ranked against a target</h3>
      <ParsedField label="Macro recall must reach" value={target} format={formatProportion} parse={parseTarget} onCommit={(value) => value !== undefined && setTarget(value)} hint="e.g. 0.9 or 90%" />
      <p role="status">
        {proven} of {family} detectors proven to have a macro recall ≥ {formatHonestPercent(target, 'nearest')}, all at once at {formatConfidence(delta)} confidence: each
        interval at δ/{family} = {formatFullPrecision(each)} (Bonferroni), {macroRecallMethod(labels.length)}.
        {left > 0 && ` ${left} detector${left === 1 ? '' : 's'} without examples of some class ${left === 1 ? 'has' : 'have'} no macro recall and ${left === 1 ? 'is' : 'are'} not ranked.`}
      </p>
      <GroupTable
        label="K-class detectors ranked by macro recall"
        caption={`Macro recall at δ/${family} each, best lower bound first`}
        columns={['Detector', `Macro recall (${formatConfidence(each)})`, `≥ ${formatHonestPercent(target, 'nearest')}?`]}
        rows={rows}
        cells={({ interval }) => (
          <>
            <td>{formatEstimateWithInterval(interval)}</td>
            <td>{interval.lower >= target ? 'proven' : 'not proven'}</td>
          </>
        )}
      />
    </div>
  );
}
