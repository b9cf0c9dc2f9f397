import { ColumnHeads } from '../../components/ColumnHeads';
import { TableScroll } from '../../components/TableScroll';
import { formatConfidence, formatFullPrecision, formatHonestPercent, formatPercent, formatWholeCount } from '../../data/format';
import type { PlanLink } from '../../data/links';
import type { SequentialPlan, SequentialPlanOutcome } from './sequential-plan';


/**
 * A probability in words: exactly 0, under 0.01%, over 99.99%, or with the decimals it needs not to
 * read 0% or 100%. Over 99.99% is not given more digits: the computed value is good to the mass the
 * grid drops (~10⁻¹³), so "99.99999999999%" would claim a difference from certainty it cannot show.
 */
export function formatChance(value: number): string {
  if (value === 0) return '0%';
  if (value < 1e-4) return 'less than 0.01%';
  return value > 1 - 1e-4 ? 'more than 99.99%' : formatHonestPercent(value, 'nearest', 1);
}

/** The method, named with its δ, as the sentence and the caption say it. */
function sequenceMethodText(delta: number): string {
  return (
    `the anytime-valid balanced lower bound (confidence sequence: each class’s Robbins Beta(1, 1) mixture at δ/2 = ${formatFullPrecision(delta / 2)}, ` +
    `averaged; ${formatConfidence(delta)}, δ = ${formatFullPrecision(delta)})`
  );
}

/** The plan in one sentence: batches, expected labels, the 90% stop, the horizon and the chance of not clearing by it. */
export function sequentialSentence(plan: SequentialPlan, link: PlanLink): string {
  const { distribution, batch, horizonLabels } = plan;
  const size = batch.yes + batch.no;
  const quantile =
    distribution.quantileLabels === null
      ? `fewer than ${formatPercent(distribution.level, 0)} stop by the horizon`
      : `${formatPercent(distribution.level, 0)} stop by ${formatWholeCount(distribution.quantileLabels)}`;
  return (
    `Label in batches of ${formatWholeCount(size)} (${formatWholeCount(batch.yes)} YES, ${formatWholeCount(batch.no)} NO) and stop as soon as the bound clears ${formatPercent(link.target, 1)}: ` +
    `expected ${formatWholeCount(Math.round(distribution.expectedLabels))} labels, ${quantile}, worst case (horizon) ${formatWholeCount(horizonLabels)}; ` +
    `chance of not clearing by then ${formatChance(distribution.neverCleared)}.`
  );
}

/**
 * "Sequential plan (anytime-valid)": beside the fixed-n answer, the batched plan and its exact stopping
 * distribution; until `drawn` (a task after the fixed-n answer's words, on a first draw), its heading and a
 * busy placeholder.
 */
export function SequentialPlanResult({ outcome, link, drawn }: { outcome: SequentialPlanOutcome; link: PlanLink; drawn: boolean }) {
  return (
    <section className="plan-view__sequential" aria-labelledby="sequential-plan" aria-busy={!drawn}>
      <h2 id="sequential-plan">Sequential plan (anytime-valid)</h2>
      {!drawn ? (
        <p>Drawing the sequential plan…</p>
      ) : outcome.ok ? (
        <SequentialPlanBody plan={outcome.plan} link={link} />
      ) : (
        <p className="plan-view__problem">No sequential plan for these settings: {outcome.message}.</p>
      )}
    </section>
  );
}

function SequentialPlanBody({ plan, link }: { plan: SequentialPlan; link: PlanLink }) {
  const { distribution, accuracy } = plan;
  const source = (assumed: number | undefined) => (assumed === undefined ? 'as observed' : 'assumed');
  const rows = distribution.stopProbability.map((probability, look) => ({
    look,
    probability,
    by: distribution.stopProbability.slice(0, look + 1).reduce((sum, value) => sum + value, 0),
  }));
  return (
    <>
      <p data-testid="sequential-answer" className="plan-view__sequential-answer">
        {sequentialSentence(plan, link)}
      </p>
      <p>
        Look after every batch at {sequenceMethodText(link.delta)}: valid however often you look and whenever you stop, so
        stopping the first time it clears proves the target at {formatConfidence(link.delta)}. Assumed true accuracies: {formatPercent(accuracy.yes, 1)} on
        should-be-YES ({source(link.accuracyYes)}), {formatPercent(accuracy.no, 1)} on should-be-NO ({source(link.accuracyNo)}), {formatPercent(plan.yesShare, 1)} of
        new labels YES (each batch rounds to {formatWholeCount(plan.batch.yes)} YES). The chance of stopping after each batch is exact — dynamic programming over the two
        classes’ counts on the paths not yet stopped, no simulation — computed in {formatWholeCount(Math.round(plan.elapsedMs))} ms. A fixed-n interval looked at after
        every batch would prove less than it says; the sequence pays for looking with width, so the plan usually needs more labels than the fixed-n answer.
      </p>
      <figure className="plan-view__figure">
        <StopChart plan={plan} />
        <figcaption>
          Chance of stopping after each batch of {formatWholeCount(plan.batch.yes + plan.batch.no)} (0 to {formatWholeCount(plan.batches)} batches, {formatWholeCount(plan.horizonLabels)} labels at most),
          for {sequenceMethodText(link.delta)}.
        </figcaption>
      </figure>
      <details className="plan-view__data">
        <summary>Show the stopping distribution ({formatWholeCount(rows.length)} looks)</summary>
        <TableScroll label="Stopping distribution">
          <table className="plan-table">
            <caption>
              Exact chance that the bound first clears {formatPercent(link.target, 1)} after each batch, and that it has by then (δ = {formatFullPrecision(link.delta)}).
            </caption>
            <ColumnHeads names={['Batch', 'New labels', 'Stops here', 'Stopped by']} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.look}>
                  <th scope="row">{formatWholeCount(row.look)}</th>
                  <td>{formatWholeCount(row.look * (plan.batch.yes + plan.batch.no))}</td>
                  <td>{formatChance(row.probability)}</td>
                  <td>{formatChance(row.by)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">never</th>
                <td>—</td>
                <td>{formatChance(distribution.neverCleared)}</td>
                <td>—</td>
              </tr>
            </tbody>
          </table>
        </TableScroll>
      </details>
    </>
  );
}

const CHART = { width: 640, height: 150, top: 10, bottom: 24 };

/** Bars of the chance of stopping after each batch; the words are its label, the bars hidden from assistive technology. */
function StopChart({ plan }: { plan: SequentialPlan }) {
  const { stopProbability, expectedLabels, quantileLabels } = plan.distribution;
  const size = plan.batch.yes + plan.batch.no;
  const highest = Math.max(...stopProbability, 1e-12);
  const slot = CHART.width / stopProbability.length;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const xOfLabels = (labels: number) => (labels / size + 0.5) * slot;
  const summary =
    `Chance of stopping after each batch: highest ${formatChance(highest)} after ${formatWholeCount(stopProbability.indexOf(highest) * size)} labels; ` +
    `expected ${formatWholeCount(Math.round(expectedLabels))} labels${quantileLabels === null ? '' : `, 90% by ${formatWholeCount(quantileLabels)}`}.`;
  return (
    <svg className="plan-view__stop-chart" role="img" aria-label={summary} viewBox={`0 0 ${CHART.width} ${CHART.height}`}>
      <g aria-hidden="true">
        {stopProbability.map((probability, look) => {
          const height = (probability / highest) * plotHeight;
          return <rect key={look} x={look * slot + slot * 0.1} width={slot * 0.8} y={CHART.top + plotHeight - height} height={height} fill="var(--balanced)" />;
        })}
        <line x1={xOfLabels(expectedLabels)} x2={xOfLabels(expectedLabels)} y1={CHART.top} y2={CHART.top + plotHeight} stroke="var(--accent)" strokeDasharray="4 3" />
        <line x1={0} x2={CHART.width} y1={CHART.top + plotHeight} y2={CHART.top + plotHeight} stroke="var(--border)" />
        <text x={2} y={CHART.height - 6} fill="var(--muted)" fontSize="12">
          0
        </text>
        <text x={CHART.width / 2} y={CHART.height - 6} fill="var(--muted)" fontSize="12" textAnchor="middle">
          tallest bar {formatChance(highest)}
        </text>
        <text x={CHART.width - 2} y={CHART.height - 6} fill="var(--muted)" fontSize="12" textAnchor="end">
          {formatWholeCount(plan.horizonLabels)} labels
        </text>
        <text x={Math.min(xOfLabels(expectedLabels) + 4, CHART.width - 110)} y={CHART.top + 12} fill="var(--text)" fontSize="12">
          expected {formatWholeCount(Math.round(expectedLabels))}
        </text>
      </g>
    </svg>
  );
}
