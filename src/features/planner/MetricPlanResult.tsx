import { DETECTION_METRIC_METHOD_IDS, type DetectionMetricKey, LIST_METRIC_NAMES } from '../../data/detectors';
import { formatConfidence, formatFullPrecision, formatInterval, formatPercent, formatWholeCount } from '../../data/format';
import type { PlanLink } from '../../data/links';
import { countsText, METRIC_METHOD_NAMES } from '../../data/methods';
import type { MetricPlan } from './metric-plan';
import type { Relapse } from './plan-answer';
import { PlanChart } from './PlanChart';
import { PlanResultLayout } from './PlanResultLayout';

const DIGITS = 2;

/** The metric's name in a sentence ("recall", "NPV"). */
export const metricWord = (metric: DetectionMetricKey) => (metric === 'npv' || metric === 'f1' ? LIST_METRIC_NAMES[metric] : LIST_METRIC_NAMES[metric].toLowerCase());

/** The interval the plan is for, named with its method and δ: "exact central (Clopper–Pearson) …, δ = 0.05". */
function methodText(plan: MetricPlan, delta: number): string {
  return `${METRIC_METHOD_NAMES[DETECTION_METRIC_METHOD_IDS[plan.metric]]}, δ = ${formatFullPrecision(delta)}`;
}

/** A plan for a target on recall, specificity, precision or NPV: the answer in words, the chart and its data. */
export function MetricPlanResult(props: { planned: MetricPlan; relapse: Relapse | null; link: PlanLink; chartWidth: number | undefined; chartDrawn: boolean }) {
  const { planned, relapse, link, chartWidth, chartDrawn } = props;
  const { plan, unit } = planned;
  const word = metricWord(planned.metric);
  const level = formatConfidence(link.delta);
  const { headline, detail } = metricPlanSentences(planned, link, relapse);
  const curve = plan.curve.map((point) => ({ ...point, additionalYes: 0, additionalNo: 0 }));
  const aim = link.goal === 'lower' ? 'the lower bound' : 'its width';
  const answerKind = planned.metric === 'precision' ? 'YES' : 'NO';
  return (
    <PlanResultLayout
      reached={plan.status === 'reached'}
      headline={headline}
      detail={detail}
      notes={
        planned.answerShare !== null && (
          <p data-testid="answer-unit">
            This plan counts {unit}, not labels: the {word} interval is Clopper–Pearson given the number of {answerKind} answers,
            so only labelled examples the detector answered {answerKind} move it. At the assumptions about{' '}
            {formatPercent(planned.answerShare, 1)} of newly labelled examples are such answers. It describes the test set’s mix of classes.
          </p>
        )
      }
      chartDrawn={chartDrawn}
      chart={<PlanChart curve={curve} goal={link.goal} target={link.target} answer={plan.additional} width={chartWidth} metric={word} unit={unit} />}
      figcaption={
        <>
          The exact {level} interval for {word} ({methodText(planned, link.delta)}) that the assumptions project after each number of additional {unit};{' '}
          {aim} against the target{plan.additional !== null ? `, the answer marked at ${formatWholeCount(plan.additional)}` : ''}.
        </>
      }
      download={{
        title: `${unit[0]!.toUpperCase()}${unit.slice(1)} to ${link.goal === 'lower' ? 'prove' : 'narrow'} the ${word}: target ${formatPercent(link.target, 1)}`,
        caption:
          `Now: ${word} ${countsText(planned.current)}. Projected exact ${level} interval (${methodText(planned, link.delta)}) after each number of additional ${unit}; ` +
          `${aim} against the target ${formatPercent(link.target, 1)}${plan.additional !== null ? `, reached at ${formatWholeCount(plan.additional)} more` : ''}. ${headline}`,
      }}
      curve={plan.curve}
      answer={plan.additional}
      rowsWord="counts"
      tableCaption={<>Projected exact {level} intervals for {word} ({methodText(planned, link.delta)}), rounded outward.</>}
      countHead={`Additional ${unit}`}
      byClass={false}
    />
  );
}

/** The metric plan's answer in words: how many of its unit, what they buy, under which assumption. */
export function metricPlanSentences(planned: MetricPlan, link: PlanLink, relapse: Relapse | null): { headline: string; detail: string } {
  const { plan, unit } = planned;
  const word = metricWord(planned.metric);
  const level = formatConfidence(link.delta);
  const method = methodText(planned, link.delta);
  const goal =
    link.goal === 'lower'
      ? `prove a ${word} of at least ${formatPercent(link.target, 1)} at ${level} confidence`
      : `get the ${level} ${word} interval down to ${formatPercent(link.target, 1)} wide`;
  const assumed = planned.current.total > 0 && plan.accuracy === planned.current.correct / planned.current.total ? 'as observed' : 'as assumed';
  const assumption = `if new ${unit} are right ${formatPercent(plan.accuracy, 1)} of the time (${assumed})`;
  if (plan.status !== 'reached' || plan.at === null || plan.additional === null) {
    if (plan.status === 'unreachable') {
      return {
        headline: `No number of ${unit} will ${goal}.`,
        detail: `At ${formatPercent(plan.accuracy, 1)} (${assumed}) the ${word} tends to that value, and the exact lower bound (${method}) always stays below the estimate, so it can never reach ${formatPercent(link.target, 1)}.`,
      };
    }
    return { headline: `Not within ${formatWholeCount(plan.maxAdditional)} more ${unit}.`, detail: `${plan.reason} Assumed: ${assumption}.` };
  }
  const { counts, interval } = plan.at;
  const reached = link.goal === 'lower' ? `its lower bound ${formatPercent(interval.lower, DIGITS, 'down')}` : `${formatPercent(interval.upper - interval.lower, DIGITS, 'up')} wide`;
  if (plan.additional === 0) {
    return { headline: 'No more labels needed.', detail: `The current exact ${level} ${word} interval (${method}) ${formatInterval(interval, DIGITS)} already meets the goal (${reached}).` };
  }
  const margin = relapse
    ? ` Counts are whole numbers, so the projected bound zig-zags: ${relapse.exact ? 'at' : 'by'} ${formatWholeCount(relapse.additional)} more it misses the target again — plan some margin.`
    : '';
  return {
    headline: `${formatWholeCount(plan.additional)} more ${unit} to ${goal}.`,
    detail: `With ${word} at ${countsText(counts)}, ${assumption}, the exact ${level} interval (${method}) would be ${formatInterval(interval, DIGITS)}: ${reached}.${margin}`,
  };
}
