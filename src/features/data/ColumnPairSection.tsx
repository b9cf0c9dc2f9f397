import { useId, useState } from 'react';
import { columnPairTables } from '../../data/evaluation/browser';
import type { EvaluationColumn, EvaluationFilter, EvaluationMapping, PairedGroup } from '../../data/evaluation';
import { DataProblem } from './DataProblem';
import { NameSelect } from './NameSelect';
import { PairedOverall } from './PairsSection';
import { formatWholeCount } from '../../data/format';

/** Column names that read like a second detector's answers (lower-case, separators removed). */
const ANSWER_LIKE = /pred|yhat|answer|output|decision/;

/** The columns that can hold a second answer: every column not already in a role, a likely name first. */
function secondAnswerCandidates(columns: readonly EvaluationColumn[], mapping: EvaluationMapping): string[] {
  const taken = new Set([mapping.truth, mapping.prediction, mapping.score, mapping.timestamp, mapping.exampleId, mapping.split, mapping.detector]);
  const free = columns.map((column) => column.name).filter((name) => !taken.has(name));
  const likely = (name: string) => ANSWER_LIKE.test(name.toLowerCase().replace(/[^a-z0-9]/g, ''));
  return [...free.filter(likely), ...free.filter((name) => !likely(name))];
}

interface ColumnPairing {
  mapping: EvaluationMapping;
  filters: readonly EvaluationFilter[];
  a: string;
  b: string;
  group: PairedGroup;
  problems: { problem: string; rows: number }[];
}

/**
 * Two answer columns on the same rows (issue 30: a file with two models' predictions side by side):
 * each row pairs the prediction column's answer with another column's, both read by the label
 * values, and the per-class discordance tables open the paired comparison — tighter than comparing
 * two sets of counts as if they came from different examples. Rows left out are counted by reason.
 */
export function ColumnPairSection({ columns, mapping, filters, delta }: { columns: readonly EvaluationColumn[]; mapping: EvaluationMapping; filters: readonly EvaluationFilter[]; delta: number }) {
  const id = useId();
  const candidates = secondAnswerCandidates(columns, mapping);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const columnB = chosen !== undefined && candidates.includes(chosen) ? chosen : (candidates[0] ?? '');
  const [pairing, setPairing] = useState<ColumnPairing | null>(null);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState('');
  const a = mapping.prediction ?? '';

  const compare = async () => {
    setRunning(true);
    setProblem('');
    try {
      const { group, problems } = await columnPairTables(mapping, filters, columnB);
      setPairing({ mapping, filters, a, b: columnB, group, problems });
    } catch (error) {
      setProblem(`The two answer columns could not be paired: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setRunning(false);
    }
  };

  if (candidates.length === 0) return null;
  const current = pairing !== null && pairing.mapping === mapping && pairing.filters === filters && pairing.b === columnB ? pairing : null;
  const paired = current ? current.group.tables.yes.n + current.group.tables.no.n : 0;
  return (
    <section aria-labelledby={`${id}-title`} className="data-pairs data-column-pairs">
      <h2 id={`${id}-title`}>Two answer columns on the same rows</h2>
      <p className="data-note">
        When a second column holds another detector’s answers to the same examples (two models’ predictions side by side), each row pairs
        the two answers — {a} and the column chosen here, both read by the label values above — for a paired comparison (exact, per class),
        tighter than comparing their counts as if they came from different test sets.
      </p>
      <div className="data-fields">
        <NameSelect label="Second answer column" names={candidates} value={columnB} onChange={setChosen} />
      </div>
      <div className="button-row">
        <button type="button" onClick={() => void compare()} disabled={running}>
          {running ? 'Pairing…' : 'Compare the two answer columns'}
        </button>
      </div>
      {problem && <DataProblem>{problem}</DataProblem>}
      {current && (
        <>
          {current.problems.length > 0 ? (
            <ul aria-label="Rows left out of the pairs" className="data-note">
              {current.problems.map((left) => (
                <li key={left.problem}>
                  {formatWholeCount(left.rows)} {left.rows === 1 ? 'row' : 'rows'}: {left.problem}
                </li>
              ))}
            </ul>
          ) : (
            <p className="data-note">Every row passing the filters was paired.</p>
          )}
          {paired > 0 ? (
            <PairedOverall a={current.a} b={current.b} group={current.group} delta={delta} />
          ) : (
            <DataProblem>No row has a YES/NO label and a YES/NO answer in both columns: nothing was paired.</DataProblem>
          )}
        </>
      )}
    </section>
  );
}
