import { useMemo } from 'react';
import { ParsedField } from '../../components/ParsedField';
import { formatProportion, parseProportion } from '../../components/proportion-text';
import { formatConfidence, formatEstimateWithInterval, formatFullPrecision, formatHonestPercent, formatWholeCount } from '../../data/format';
import { macroRecallMethod } from '../../data/methods';
import { useClassJob } from './use-class-job';

const parseTarget = (text: string) => parseProportion(text, { inclusive: false, optional: false });

/**
 * "How many more labels prove a macro recall ≥ target?" for a K-class detector (`labelsForMacroRecall`
 * in a worker): the labels in all and per class, in today's class mix with each class's recall at its
 * estimate, and the interval they would give — or why no number of labels does.
 */
export function ClassLabelPlan({ classes, matrix, delta, target, onTarget }: { classes: string[]; matrix: number[][]; delta: number; target: number; onTarget: (target: number) => void }) {
  const job = useMemo(() => ({ kind: 'plan' as const, matrix, delta, target }), [matrix, delta, target]);
  const answer = useClassJob(job);
  const goal = `a macro recall ≥ ${formatHonestPercent(target, 'nearest')} at ${formatConfidence(delta)} confidence`;
  const method = `${macroRecallMethod(classes.length)}, δ = ${formatFullPrecision(delta)}`;
  let sentence: string;
  if (answer === null) sentence = `Planning the labels to prove ${goal}…`;
  else if (answer.kind === 'failed') sentence = `No plan: ${answer.message}.`;
  else if (answer.plan.status === 'reached') {
    const { additional, perClass, interval } = answer.plan;
    const each = classes.map((name, i) => `${name} +${formatWholeCount(perClass![i]!)}`).join(', ');
    sentence =
      additional === 0
        ? `Already proven: the lower bound clears ${formatHonestPercent(target, 'nearest')} (${method}).`
        : `To prove ${goal}: ${formatWholeCount(additional!)} more labels (${each}), in today’s class mix and with each class’s recall at its estimate; the interval would then be ${formatEstimateWithInterval(interval!)} (${method}).`;
  } else if (answer.plan.status === 'unreachable') {
    sentence = `No number of labels proves ${goal}: with each class’s recall at its estimate the macro recall tends to ${formatHonestPercent(matrix.reduce((sum, row, i) => sum + row[i]! / row.reduce((a, b) => a + b, 0), 0) / classes.length, 'nearest')}, and an exact lower bound stays below the estimate.`;
  } else sentence = answer.plan.reason ?? 'Not reached within the planner’s limits.';
  return (
    <section className="class-label-plan" aria-labelledby="class-label-plan-heading">
      <h2 id="class-label-plan-heading">Labels to prove a macro recall</h2>
      <ParsedField label="Lower bound must reach" value={target} format={formatProportion} parse={parseTarget} onCommit={(value) => value !== undefined && onTarget(value)} hint="e.g. 0.9 or 90%" />
      <p role="status" aria-busy={answer === null}>
        {sentence}
      </p>
    </section>
  );
}
