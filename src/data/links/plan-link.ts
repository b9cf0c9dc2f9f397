import type { ClassCounts } from '../../stats';
import { DEFAULT_BALANCED_METHOD, type BalancedMethod } from '../methods/balanced-method';
import { LIST_METRICS, type ListMetric } from '../detectors/detector-metrics';
import { classCountsParam, clip, LinkReader, numberParam, type LinkParse, readBalancedParam } from './link-params';
import { hashHref } from './routes';

/** What the planner aims for: the balanced lower bound above `target`, or the interval narrower than it. */
export type PlanGoal = 'lower' | 'width';

/** How new labels split between the classes, as YES:NO parts (e.g. 2:3; 0:1 labels only NO examples). */
export interface LabelRatio {
  yes: number;
  no: number;
}

/**
 * `#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9` (and optionally `goal=width`, `accYes=0.95`,
 * `accNo=0.9`, `ratio=1:1`). Assumed accuracies and the ratio are `undefined` when the link leaves
 * them out: the planner then uses the observed ones. A class may be `0/0` (no labels yet) when its
 * accuracy is assumed; the planner says what is missing otherwise.
 */
export interface PlanLink {
  yes: ClassCounts;
  no: ClassCounts;
  delta: number;
  goal: PlanGoal;
  target: number;
  accuracyYes: number | undefined;
  accuracyNo: number | undefined;
  ratio: LabelRatio | undefined;
  /** `balanced=buehler|union|inversion`: the interval the plan is for; undefined → the default, Buehler's. */
  balanced?: BalancedMethod | undefined;
  /** `metric=recall|specificity|precision|npv|f1`: the metric the target is on; undefined → balanced accuracy. */
  metric?: ListMetric | undefined;
  /** `batch=`: labels per batch of the sequential plan; undefined → `DEFAULT_PLAN_BATCH`. */
  batch?: number | undefined;
  /** `horizon=`: the sequential plan's most new labels (rounded up to whole batches); undefined → `DEFAULT_PLAN_HORIZON`. */
  horizon?: number | undefined;
}

/**
 * The sequential plan's defaults and limits: each batch is one look. Its exact DP grows with the
 * looks and the labels: a target never cleared runs the whole horizon (10,000 labels in 100 batches:
 * about 1 s in the worker; 20,000 in 100: 2.8 s).
 */
export const DEFAULT_PLAN_BATCH = 100;
export const DEFAULT_PLAN_HORIZON = 5_000;
export const MAX_PLAN_BATCH = 10_000;
export const MAX_PLAN_BATCHES = 100;
export const MAX_PLAN_HORIZON = 10_000;

export const DEFAULT_PLAN_TARGET: Record<PlanGoal, number> = { lower: 0.9, width: 0.1 };

export const DEFAULT_PLAN_LINK: PlanLink = {
  yes: { correct: 38, total: 40 },
  no: { correct: 55, total: 60 },
  delta: 0.05,
  goal: 'lower',
  target: DEFAULT_PLAN_TARGET.lower,
  accuracyYes: undefined,
  accuracyNo: undefined,
  ratio: undefined,
};

// Each part as the links write numbers: decimals, or with an exponent (1e-7:1, 1e+21:1).
const RATIO = /^(\d+(?:\.\d+)?(?:e[-+]?\d+)?):(\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/i;

/** Every parameter `#/plan` reads; any other is named (a link's counts in a form the planner does not read would otherwise silently give the example's plan). */
const PLAN_PARAMS = ['yes', 'no', 'delta', 'confidence', 'goal', 'target', 'accYes', 'accNo', 'ratio', 'balanced', 'metric', 'batch', 'horizon'];

export function parsePlanLink(params: URLSearchParams): LinkParse<PlanLink> {
  const reader = new LinkReader(params);
  reader.unexpected(PLAN_PARAMS, 'the planner');
  const goal = readGoal(reader);
  const hasCounts = reader.has('yes') || reader.has('no');
  if (hasCounts) {
    for (const name of ['yes', 'no']) {
      if (!reader.has(name)) reader.problem(name, `“${name}” is missing; the planner needs both yes=correct/total and no=correct/total.`);
    }
  }
  const link: PlanLink = {
    yes: (hasCounts ? reader.classCounts('yes', 'should-be-YES', true) : undefined) ?? DEFAULT_PLAN_LINK.yes,
    no: (hasCounts ? reader.classCounts('no', 'should-be-NO', true) : undefined) ?? DEFAULT_PLAN_LINK.no,
    delta: reader.delta(DEFAULT_PLAN_LINK.delta),
    goal,
    target: reader.fraction(
      'target',
      DEFAULT_PLAN_TARGET[goal],
      goal === 'lower' ? 'the balanced accuracy the lower bound must clear' : 'the interval width to get below',
    ),
    accuracyYes: optionalAccuracy(reader, 'accYes', 'the assumed accuracy on should-be-YES examples'),
    accuracyNo: optionalAccuracy(reader, 'accNo', 'the assumed accuracy on should-be-NO examples'),
    ratio: readRatio(reader),
    balanced: readBalancedParam(reader),
    metric: readMetric(reader),
    ...readSequentialPlan(reader),
  };
  return reader.result(link);
}

/** The `#/plan` href; optional assumptions are written only when set. */
export function planHref(link: PlanLink): string {
  const params: Record<string, string> = {
    yes: classCountsParam(link.yes),
    no: classCountsParam(link.no),
    delta: numberParam(link.delta),
    target: numberParam(link.target),
  };
  if (link.goal !== 'lower') params.goal = link.goal;
  if (link.accuracyYes !== undefined) params.accYes = numberParam(link.accuracyYes);
  if (link.accuracyNo !== undefined) params.accNo = numberParam(link.accuracyNo);
  if (link.ratio !== undefined) params.ratio = `${numberParam(link.ratio.yes)}:${numberParam(link.ratio.no)}`;
  if (link.balanced !== undefined && link.balanced !== DEFAULT_BALANCED_METHOD) params.balanced = link.balanced;
  if (link.metric !== undefined && link.metric !== 'balanced') params.metric = link.metric;
  if (link.batch !== undefined && link.batch !== DEFAULT_PLAN_BATCH) params.batch = String(link.batch);
  if (link.horizon !== undefined && link.horizon !== DEFAULT_PLAN_HORIZON) params.horizon = String(link.horizon);
  return hashHref(['plan'], params);
}

/** `batch=` and `horizon=`, each read alone, then together: the horizon must fit in `MAX_PLAN_BATCHES` batches. */
function readSequentialPlan(reader: LinkReader): Pick<PlanLink, 'batch' | 'horizon'> {
  const batch = reader.has('batch') ? reader.wholeNumber('batch', DEFAULT_PLAN_BATCH, 2, MAX_PLAN_BATCH) : undefined;
  const horizon = reader.has('horizon') ? reader.wholeNumber('horizon', DEFAULT_PLAN_HORIZON, 1, MAX_PLAN_HORIZON) : undefined;
  const batches = Math.ceil((horizon ?? DEFAULT_PLAN_HORIZON) / (batch ?? DEFAULT_PLAN_BATCH));
  if (batches > MAX_PLAN_BATCHES) {
    reader.problem(
      'horizon',
      `“horizon” is ${horizon ?? DEFAULT_PLAN_HORIZON} labels, ${batches} batches of ${batch ?? DEFAULT_PLAN_BATCH}; the sequential plan looks at most ${MAX_PLAN_BATCHES} times — raise batch= or lower horizon=.`,
    );
  }
  return { batch, horizon };
}

function readGoal(reader: LinkReader): PlanGoal {
  const text = reader.raw('goal');
  if (text === null) return DEFAULT_PLAN_LINK.goal;
  if (text === 'lower' || text === 'width') return text;
  reader.problem('goal', `“goal” is “${clip(text)}”; expected lower (the lower bound clears the target) or width (the interval gets narrower than the target).`);
  return DEFAULT_PLAN_LINK.goal;
}

function readMetric(reader: LinkReader): ListMetric | undefined {
  const text = reader.raw('metric');
  if (text === null) return undefined;
  const metric = LIST_METRICS.find((key) => key === text);
  if (metric === undefined) reader.problem('metric', `“metric” is “${clip(text)}”; expected one of ${LIST_METRICS.join(', ')} (absent: balanced accuracy).`);
  return metric === 'balanced' ? undefined : metric;
}

function optionalAccuracy(reader: LinkReader, name: string, what: string): number | undefined {
  return reader.has(name) ? reader.fraction(name, 0.9, what, true) : undefined;
}

function readRatio(reader: LinkReader): LabelRatio | undefined {
  const text = reader.raw('ratio');
  if (text === null) return undefined;
  const match = RATIO.exec(text);
  const yes = match ? Number(match[1]) : NaN;
  const no = match ? Number(match[2]) : NaN;
  if (!(yes >= 0 && no >= 0 && yes + no > 0 && Number.isFinite(yes + no))) {
    reader.problem('ratio', `“ratio” is “${clip(text)}”; expected YES:NO parts, two numbers ≥ 0 (not both 0) such as 1:1 or 2:3.`);
    return undefined;
  }
  return { yes, no };
}
