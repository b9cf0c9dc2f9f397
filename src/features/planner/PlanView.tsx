import { useCallback, useMemo } from 'react';
import { ClassCountsFields } from '../../components/ClassCountsFields';
import { BalancedMethodControl } from '../../components/BalancedMethodControl';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { LinkProblems } from '../../components/LinkProblems';
import { useLinkState } from '../../components/use-link-state';
import { useProgressiveCount } from '../../components/use-progressive-count';
import { type BalancedMethod, countsText, DEFAULT_BALANCED_METHOD } from '../../data/methods';
import { formatConfidence, formatFullPrecision, formatInterval, formatPercent, formatWholeCount } from '../../data/format';
import { DEFAULT_PLAN_LINK, DEFAULT_PLAN_TARGET, type HashRoute, methodsHref, parsePlanLink, type PlanGoal, planHref, type PlanLink } from '../../data/links';
import { useWorkspace } from '../../store/workspace';
import type { LabelPlan } from '../../stats';
import { SEARCHED_NAMES, type BalancedPlan, type SearchedMethod } from './inverted-plan';
import type { Relapse } from './plan-answer';
import { formatProportion, parseProportion } from '../../components/proportion-text';
import { formatRatio, parseRatio } from './plan-fields';
import { PlanChart } from './PlanChart';
import { ParsedField } from '../../components/ParsedField';
import { usePlanOutcome, type PlanSearch } from './use-plan-outcome';
import './plan.css';
import { LIST_METRIC_NAMES, LIST_METRICS, type ListMetric } from '../../data/detectors';
import { MetricPlanResult, metricWord } from './MetricPlanResult';
import { SequentialPlanResult } from './SequentialPlanResult';
import { SequentialControls } from './SequentialControls';
import { PlanResultLayout } from './PlanResultLayout';

const TITLE = 'How many more labels?';
const DIGITS = 2;
/**
 * A first answer is drawn in tasks: its words and table, then the sequential plan, then the chart (last:
 * its first real draw waits for its container's size, and would take whatever else is due with it).
 */
const DRAW_STAGES = { sequential: 1, chart: 2 };

/** `#/plan`: the exact number of extra labels before the balanced bound clears a target (or narrows enough). */
export function PlanView({ route, chartWidth }: { route: HashRoute; chartWidth?: number }) {
  const { params } = route;
  const parsed = useMemo(() => parsePlanLink(params), [params]);
  if (!parsed.ok) return <LinkProblems title={TITLE} problems={parsed.problems} fallbackHref={planHref(DEFAULT_PLAN_LINK)} />;
  return <PlanPage linked={parsed.value} linkKey={params.toString()} chartWidth={chartWidth} />;
}

const parseTarget = (text: string) => parseProportion(text, { inclusive: false, optional: false });
const parseAccuracy = (text: string) => parseProportion(text, { inclusive: true, optional: true });

function PlanPage({ linked, linkKey, chartWidth }: { linked: PlanLink; linkKey: string; chartWidth: number | undefined }) {
  const [link, setLink] = useLinkState(linked, linkKey, planHref);
  const update = useCallback((change: Partial<PlanLink>) => setLink({ ...link, ...change }), [link, setLink]);
  const setWorkspaceMethod = useWorkspace((state) => state.setBalancedMethod);
  // A link without `balanced=` opens the default, as its sender saw it.
  const method = link.balanced ?? DEFAULT_BALANCED_METHOD;
  const search = usePlanOutcome(useMemo(() => ({ ...link, balanced: method }), [link, method]));
  const observedYes = link.yes.total > 0 ? link.yes.correct / link.yes.total : undefined;
  const observedNo = link.no.total > 0 ? link.no.correct / link.no.total : undefined;
  const observedRatio = link.yes.total + link.no.total > 0 ? `${link.yes.total}:${link.no.total}` : undefined;
  const metric = link.metric ?? 'balanced';
  // Drawn at once, the first answer held the page for one task of over 200 ms (recharts' first use is
  // most of it); later answers replace a drawn one at once, without a flash of placeholders.
  const stage = useProgressiveCount(DRAW_STAGES.chart, 1, search.outcome !== undefined, 0);

  return (
    <section className="plan-view">
      <h1>{TITLE}</h1>
      <p className="plan-view__intro">
        How many more ground-truth labels, per class, before the exact interval of the chosen metric (balanced accuracy, recall,
        specificity, precision or NPV) proves what you need — found by an exact search over label counts with the exact bounds,
        assuming the detector keeps its per-class accuracies.
      </p>

      <div className="plan-view__controls">
        <fieldset className="plan-view__group">
          <legend>Goal</legend>
          <MetricChoice metric={metric} onChange={(chosen) => update({ metric: chosen === 'balanced' ? undefined : chosen })} />
          <GoalChoice goal={link.goal} metric={metric} onChange={(goal) => update({ goal, target: DEFAULT_PLAN_TARGET[goal] })} />
          <ParsedField
            label={link.goal === 'lower' ? 'Lower bound must reach' : 'Interval width at most'}
            value={link.target as number | undefined}
            format={formatProportion}
            parse={parseTarget}
            onCommit={(target) => {
              if (target !== undefined) update({ target });
            }}
            hint="e.g. 0.9 or 90%"
          />
        </fieldset>
        <ClassCountsFields legend="Should-be-YES labels so far" counts={link.yes} onChange={(yes) => update({ yes })} allowEmpty />
        <ClassCountsFields legend="Should-be-NO labels so far" counts={link.no} onChange={(no) => update({ no })} allowEmpty />
        <fieldset className="plan-view__group">
          <legend>Assumed for new labels</legend>
          {(['yes', 'no'] as const).map((cls) => {
            const key = cls === 'yes' ? 'accuracyYes' : 'accuracyNo';
            const observed = cls === 'yes' ? observedYes : observedNo;
            return (
              <ParsedField
                key={cls}
                label={`Accuracy on should-be-${cls.toUpperCase()}`}
                value={link[key]}
                format={formatProportion}
                parse={parseAccuracy}
                onCommit={(accuracy) => update({ [key]: accuracy })}
                placeholder={observed === undefined ? 'needed' : `observed ${formatPercent(observed, 1)}`}
                hint="Empty: as observed."
              />
            );
          })}
          <ParsedField
            label="YES:NO ratio of new labels"
            value={link.ratio}
            format={formatRatio}
            parse={parseRatio}
            onCommit={(ratio) => update({ ratio })}
            placeholder={observedRatio === undefined ? 'needed' : `observed ${observedRatio}`}
            hint="e.g. 1:1; empty: as observed."
          />
        </fieldset>
        {metric === 'balanced' && link.goal === 'lower' && <SequentialControls link={link} onChange={update} />}
        <ConfidenceControl delta={link.delta} onChange={(delta) => update({ delta })} />
        {metric === 'balanced' && (
          <BalancedMethodControl
            method={method}
            onChange={(balanced) => {
              setWorkspaceMethod(balanced);
              update({ balanced });
            }}
          />
        )}
      </div>

      <SearchStatus search={search} />
      {search.outcome?.ok === false && search.status === 'ready' && (
        <p className="plan-view__problem" role="alert">
          No plan for these settings: {search.outcome.message}.
        </p>
      )}
      {search.outcome?.ok && 'metricPlan' in search.outcome && (
        <div className={search.status === 'ready' ? undefined : 'plan-view__stale'} aria-busy={search.status === 'searching'}>
          <MetricPlanResult
            planned={search.outcome.metricPlan}
            relapse={search.outcome.relapse}
            link={link}
            chartWidth={chartWidth}
            chartDrawn={stage >= DRAW_STAGES.chart}
          />
        </div>
      )}
      {search.outcome?.ok && 'plan' in search.outcome && (
        <div className={search.status === 'ready' ? undefined : 'plan-view__stale'} aria-busy={search.status === 'searching'}>
          <PlanResult
            plan={search.outcome.plan}
            union={search.outcome.union}
            relapse={search.outcome.relapse}
            link={link}
            chartWidth={chartWidth}
            chartDrawn={stage >= DRAW_STAGES.chart}
          />
          {search.outcome.sequential && <SequentialPlanResult outcome={search.outcome.sequential} link={link} drawn={stage >= DRAW_STAGES.sequential} />}
        </div>
      )}
    </section>
  );
}

/** While the background search runs: what is happening and a way to stop it; afterwards, how long it took. */
function SearchStatus({ search }: { search: PlanSearch }) {
  if (search.status === 'ready') {
    return (
      <p className="plan-view__status" role="status">
        {search.elapsedMs === undefined ? '' : `Searched exactly in ${formatWholeCount(Math.round(search.elapsedMs))} ms in a background worker.`}
      </p>
    );
  }
  if (search.status === 'cancelled') {
    return (
      <p className="plan-view__status" role="status">
        Search cancelled. Change a setting to search again{search.outcome ? '; the answer below is for earlier settings' : ''}.
      </p>
    );
  }
  return (
    <p className="plan-view__status" role="status">
      Searching label counts in a background worker{search.outcome ? ' (the answer below is for the previous settings)' : ''}…{' '}
      <button type="button" onClick={search.cancel}>
        Cancel
      </button>
    </p>
  );
}

/** Which metric the target is on: balanced accuracy (the default) or one of the test-set metrics. */
function MetricChoice({ metric, onChange }: { metric: ListMetric; onChange: (metric: ListMetric) => void }) {
  return (
    <label className="plan-view__metric">
      Metric
      <select value={metric} onChange={(event) => onChange(event.target.value as ListMetric)}>
        {LIST_METRICS.map((key) => (
          <option key={key} value={key}>
            {LIST_METRIC_NAMES[key]}
          </option>
        ))}
      </select>
    </label>
  );
}

function GoalChoice({ goal, metric, onChange }: { goal: PlanGoal; metric: ListMetric; onChange: (goal: PlanGoal) => void }) {
  const word = metric === 'balanced' ? 'balanced accuracy' : metricWord(metric);
  return (
    <div className="plan-view__goal" role="radiogroup" aria-label="What the labels should achieve">
      <label>
        <input type="radio" name="plan-goal" checked={goal === 'lower'} onChange={() => onChange('lower')} />
        Prove the {word} is at least a target
      </label>
      <label>
        <input type="radio" name="plan-goal" checked={goal === 'width'} onChange={() => onChange('width')} />
        Make the interval narrower than a target
      </label>
    </div>
  );
}

function PlanResult(props: { plan: BalancedPlan; union: LabelPlan | null; relapse: Relapse | null; link: PlanLink; chartWidth: number | undefined; chartDrawn: boolean }) {
  const { plan, union, relapse, link, chartWidth, chartDrawn } = props;
  const { headline, detail } = planSentences(plan, link, relapse);
  const method = link.balanced ?? DEFAULT_BALANCED_METHOD;
  const methodName = PLAN_METHOD_NAMES[union ? method : 'union'];
  const level = formatConfidence(link.delta);
  return (
    <PlanResultLayout
      reached={plan.status === 'reached'}
      headline={headline}
      detail={detail}
      notes={union && method !== 'union' && <p data-testid="union-plan">{unionComparison(plan, union, method)}</p>}
      chartDrawn={chartDrawn}
      chart={<PlanChart curve={plan.curve} goal={link.goal} target={link.target} answer={plan.additional} width={chartWidth} />}
      figcaption={
        <>
          The exact balanced {level} interval (δ = {formatFullPrecision(link.delta)}, {methodName}) that
          the assumptions project after each number of additional labels; {link.goal === 'lower' ? 'the lower bound' : 'its width'}{' '}
          against the target{plan.additional !== null ? `, the answer marked at ${formatWholeCount(plan.additional)}` : ''}.
        </>
      }
      download={{
        title: `Labels to ${link.goal === 'lower' ? 'prove' : 'narrow'} the balanced accuracy: target ${formatPercent(link.target, 1)}`,
        caption:
          `Now: should-be-YES ${countsText(link.yes)}, should-be-NO ${countsText(link.no)} correct. Projected exact balanced ${level} ` +
          `interval (${methodName}, δ = ${formatFullPrecision(link.delta)}) after each number of additional labels; ` +
          `${link.goal === 'lower' ? 'the lower bound' : 'its width'} against the target ${formatPercent(link.target, 1)}` +
          `${plan.additional !== null ? `, reached at ${formatWholeCount(plan.additional)} more labels` : ''}. ${headline}`,
      }}
      curve={plan.curve}
      answer={plan.additional}
      rowsWord="label counts"
      tableCaption={<>Projected exact balanced {level} intervals (δ = {formatFullPrecision(link.delta)}), rounded outward.</>}
      countHead="Additional labels"
      byClass
    >
      {link.yes.total > 0 && link.no.total > 0 && (
        <p>
          <a href={methodsHref({ kind: 'detector', yes: link.yes, no: link.no, delta: link.delta, balanced: link.balanced ?? DEFAULT_BALANCED_METHOD })}>
            Today’s intervals under every method
          </a>
        </p>
      )}
    </PlanResultLayout>
  );
}

/** The answer in words: how many labels of each class, what they buy, under which assumptions. */
export function planSentences(plan: BalancedPlan, link: PlanLink, relapse: Relapse | null): { headline: string; detail: string } {
  const level = formatConfidence(link.delta);
  const { yesAccuracy, noAccuracy, yesShare } = plan.assumptions;
  const goal =
    link.goal === 'lower'
      ? `prove a balanced accuracy of at least ${formatPercent(link.target, 1)} at ${level} confidence`
      : `get the ${level} balanced interval down to ${formatPercent(link.target, 1)} wide`;
  const source = (assumed: number | undefined) => (assumed === undefined ? 'as observed' : 'assumed');
  const assumptions =
    `if the detector keeps ${formatPercent(yesAccuracy, 1)} accuracy on should-be-YES (${source(link.accuracyYes)}) and ` +
    `${formatPercent(noAccuracy, 1)} on should-be-NO (${source(link.accuracyNo)}), with ${formatPercent(yesShare, 1)} of new labels YES`;

  if (plan.status !== 'reached' || plan.at === null || plan.additional === null) {
    if (plan.status === 'unreachable') {
      const asymptote = (yesAccuracy + noAccuracy) / 2;
      return {
        headline: `No number of labels will ${goal}.`,
        detail:
          `At these accuracies the balanced accuracy tends to ${formatPercent(asymptote, 1)}, and the exact lower bound always ` +
          `stays below the estimate, so it can never reach ${formatPercent(link.target, 1)}. Lower the target, or improve the detector.`,
      };
    }
    // A search can stop before the limit (a class past a cap, or the searched interval's cap): its reason says where.
    const searchedToLimit = plan.reason === null || plan.reason === undefined || plan.reason === `Not reached within ${plan.assumptions.maxAdditionalLabels} additional labels.`;
    return searchedToLimit
      ? {
          headline: `Not within ${formatWholeCount(plan.assumptions.maxAdditionalLabels)} more labels.`,
          detail: `Searched up to ${formatWholeCount(plan.assumptions.maxAdditionalLabels)} additional labels, ${assumptions}, without meeting the target.`,
        }
      : { headline: 'Not reached where the search could go.', detail: `${plan.reason} Assumed: ${assumptions}.` };
  }

  const { counts, interval } = plan.at;
  const shown = formatInterval(interval, DIGITS);
  const reached = link.goal === 'lower' ? `its lower bound ${formatPercent(interval.lower, DIGITS, 'down')}` : `${formatPercent(interval.upper - interval.lower, DIGITS, 'up')} wide`;
  if (plan.additional === 0) {
    return {
      headline: 'No more labels needed.',
      detail: `The current exact balanced ${level} interval (${SHORT_NAMES[link.balanced ?? DEFAULT_BALANCED_METHOD]}) ${shown} already meets the goal (${reached}).`,
    };
  }
  const before = plan.curve.find((point) => point.additional === plan.additional! - 1);
  const shortfall =
    before === undefined
      ? ''
      : link.goal === 'lower'
        ? ` One label fewer leaves the lower bound at ${formatPercent(before.lower, DIGITS, 'down')}.`
        : ` One label fewer leaves it ${formatPercent(before.upper - before.lower, DIGITS, 'up')} wide.`;
  // Whole counts make the projected bound zig-zag: it can fall back below the target a little later.
  const margin = relapse
    ? ` Counts are whole numbers, so the projected bound zig-zags: ${relapse.exact ? 'at' : 'by'} ${formatWholeCount(relapse.additional)} more labels it misses the target again — plan some margin.`
    : '';
  return {
    headline: `Label ${formatWholeCount(plan.additional)} more (${formatWholeCount(counts.additionalYes)} YES, ${formatWholeCount(counts.additionalNo)} NO) to ${goal}.`,
    detail:
      `With ${formatWholeCount(counts.yes.total)} should-be-YES and ${formatWholeCount(counts.no.total)} should-be-NO labels, ${assumptions}, ` +
      `the exact balanced ${level} interval (${SHORT_NAMES[link.balanced ?? DEFAULT_BALANCED_METHOD]}) would be ${shown}: ${reached}.${shortfall}${margin}`,
  };
}

/** How the chart's caption names each interval the plan can be for. */
const PLAN_METHOD_NAMES: Record<BalancedMethod, string> = {
  buehler: 'never wider than the union bound (Buehler), δ/2 per side',
  union: 'union bound, δ/4 per tail',
  inversion: 'test inversion ordered by the estimate, δ/2 per side',
};

/** The interval's name in the answer's sentence. */
const SHORT_NAMES: Record<BalancedMethod, string> = { buehler: 'Buehler', union: 'union bound', inversion: 'test inversion ordered by the estimate' };

/** What the blog's union bound would have needed for the same goal, beside the searched interval's answer. */
export function unionComparison(plan: BalancedPlan, union: LabelPlan, searched: SearchedMethod): string {
  const method = 'The union bound (the blog’s, δ/4 per tail)';
  const name = SEARCHED_NAMES[searched];
  if (union.status !== 'reached' || union.additional === null) {
    return `${method} does not get there within ${formatWholeCount(union.assumptions.maxAdditionalLabels)} more labels.`;
  }
  if (union.additional === 0) return `${method} meets the same goal with the labels in hand, too.`;
  const needed = `${method} would need ${formatWholeCount(union.additional)} more label${union.additional === 1 ? '' : 's'} for the same goal`;
  if (plan.status !== 'reached' || plan.additional === null) return `${needed}.`;
  if (plan.additional === union.additional) return `${needed}, as many.`;
  const ratio = plan.additional === 0 ? '' : ` (${(union.additional / plan.additional).toFixed(1)}× as many)`;
  const checked =
    plan.checkedFrom === 0
      ? `${name}’s answer is the smallest count that meets it (every count up to it checked)`
      : `${name}’s answer is the smallest from ${formatWholeCount(plan.checkedFrom ?? plan.additional)} on (every count from there checked; below, by doubling and bisection)`;
  return `${needed}${ratio}; ${checked}.`;
}
