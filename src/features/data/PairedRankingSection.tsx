import { useId, useMemo, useState } from 'react';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { pairedTables } from '../../data/evaluation/browser';
import type { PairedGroup } from '../../data/evaluation';
import { formatDifferenceParts, formatFullPrecision, formatPValue, formatWholeCount } from '../../data/format';
import { rankAgainstReference, type AgainstReferenceResult } from '../../stats';
import { DataProblem } from './DataProblem';
import { GroupTable } from './GroupTable';
import { NameSelect } from './NameSelect';
import { pairedCompareHref } from './PairsSection';
import type { Counted } from './types';

/** Detectors ranked against one reference at most (each is one paired statement in DuckDB). */
const MAX_RANKED = 50;
/** A one-sided p-value of 1 is never shown bare. */
const betterP = (p: number) => (p >= 1 ? `${formatPValue(1)} (no sign that it is better)` : formatPValue(p));

interface Ranked {
  reference: string;
  delta: number;
  rows: { group: string; pairs: PairedGroup; result: AgainstReferenceResult }[];
  /** Detectors with no pair in a class (no balanced difference to test). */
  unpaired: string[];
  /** Detectors past MAX_RANKED, not ranked. */
  more: number;
}

/**
 * Every detector of the file against one reference on the same examples (issue 30: paired when the
 * file holds both): each pair's per-class discordance tables from DuckDB (joined on the example id,
 * as "Compare two detectors"), then `rankAgainstReference` — simultaneous exact paired intervals for
 * each balanced-accuracy difference at δ/m (Bonferroni) and p-values for "better than the
 * reference", Holm-adjusted, so the family-wise error of every "proven better" is at most δ.
 */
export function PairedRankingSection({ counted, delta }: { counted: Counted; delta: number }) {
  const id = useId();
  const { mapping, filters, threshold, counts } = counted;
  const names = useMemo(() => counts.map((row) => row.group ?? ''), [counts]);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const reference = chosen !== undefined && names.includes(chosen) ? chosen : (names[0] ?? '');
  const [ranked, setRanked] = useState<(Ranked & { counted: Counted }) | null>(null);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState('');

  const rank = async () => {
    setRunning(true);
    setProblem('');
    try {
      const others = names.filter((name) => name !== reference);
      const paired: { group: string; pairs: PairedGroup }[] = [];
      const unpaired: string[] = [];
      for (const name of others.slice(0, MAX_RANKED)) {
        const [overall] = await pairedTables({ mapping, filters, detectorA: name, detectorB: reference, threshold, slice: null });
        if (overall && overall.tables.yes.n > 0 && overall.tables.no.n > 0) paired.push({ group: name, pairs: overall });
        else unpaired.push(name);
      }
      const results = rankAgainstReference(paired.map(({ pairs }) => pairs.tables), delta);
      const rows = paired.map((entry, index) => ({ ...entry, result: results[index]! })).sort((x, y) => y.result.lower - x.result.lower || (x.group < y.group ? -1 : 1));
      setRanked({ counted, reference, delta, rows, unpaired, more: Math.max(0, others.length - MAX_RANKED) });
    } catch (error) {
      setProblem(`The detectors could not be ranked: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setRunning(false);
    }
  };

  const current = ranked !== null && ranked.counted === counted && ranked.reference === reference && ranked.delta === delta ? ranked : null;
  return (
    <section aria-labelledby={`${id}-title`} className="data-pairs data-paired-ranking">
      <h2 id={`${id}-title`}>Rank the detectors against a reference on the same examples</h2>
      <p className="data-note">
        Pairs each detector’s answers with the reference’s by the example id ({mapping.exampleId}) and asks which detectors are proven better in
        balanced accuracy — paired, so tighter than the workspace’s ranking, which has only each detector’s counts.
      </p>
      <div className="data-fields">
        <NameSelect label="Reference detector" names={names} value={reference} onChange={setChosen} />
      </div>
      <div className="button-row">
        <button type="button" onClick={() => void rank()} disabled={running || names.length < 2}>
          {running ? 'Ranking…' : 'Rank against the reference (paired)'}
        </button>
      </div>
      {problem && <DataProblem>{problem}</DataProblem>}
      {current && <RankedTable ranked={current} />}
    </section>
  );
}

function RankedTable({ ranked }: { ranked: Ranked }) {
  const { reference, delta, rows, unpaired, more } = ranked;
  const m = rows.length;
  const proven = rows.filter((row) => row.result.provenBetter).length;
  return (
    <>
      {m === 0 && <DataProblem>No detector has a paired example of each class with {reference}: nothing to rank.</DataProblem>}
      {m > 0 && (
        <p>
          {proven === 0 ? 'No detector is' : `${formatWholeCount(proven)} of ${formatWholeCount(m)} detector${m === 1 ? ' is' : 's are'}`} proven better than {reference} with
          family-wise error ≤ {formatFullPrecision(delta)} (Holm over the {formatWholeCount(m)} paired comparisons). Each difference (detector − {reference}, balanced
          accuracy, points) has an exact paired interval at δ/{formatWholeCount(m)} = {Number((delta / m).toPrecision(4))} (Bonferroni: all hold together
          with probability ≥ 1 − δ; union-bound construction over the two classes’ paired intervals); p is for “better than {reference}”, from the test that
          inverts that interval.
        </p>
      )}
      {m > 0 && (
        <GroupTable
          label={`Paired ranking against ${reference}`}
          caption={`Detectors against ${reference} on the same examples, by simultaneous lower bound`}
          columns={['Detector', `Difference [simultaneous interval], points`, 'Pairs (YES / NO)', 'p', 'p (Holm)', 'Proven better', 'Open']}
          rows={rows}
          cells={({ group, pairs, result }) => {
            const parts = formatDifferenceParts(result);
            return (
              <>
                <td>
                  {parts.estimate} [{parts.lower}, {parts.upper}]
                </td>
                <td>
                  {formatWholeCount(pairs.tables.yes.n)} / {formatWholeCount(pairs.tables.no.n)}
                </td>
                <td>{betterP(result.pValue)}</td>
                <td>{betterP(result.adjustedPValue)}</td>
                <td>{result.provenBetter ? 'yes' : 'no'}</td>
                <td>
                  <a href={pairedCompareHref(group, reference, pairs, delta / Math.max(m, 1))}>
                    compare<VisuallyHidden> {group} with {reference}</VisuallyHidden>
                  </a>
                </td>
              </>
            );
          }}
        />
      )}
      {unpaired.length > 0 && (
        <p className="data-note">
          Not ranked, no paired example in a class: {unpaired.join(', ')}.
        </p>
      )}
      {more > 0 && <p className="data-note">{formatWholeCount(more)} more detectors not ranked: only the first {MAX_RANKED} (a filter on the detector column picks others).</p>}
    </>
  );
}
