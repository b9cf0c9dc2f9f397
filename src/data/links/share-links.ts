import type { ClassCounts } from '../../stats';
import { DEFAULT_BALANCED_METHOD, type BalancedMethod } from '../methods/balanced-method';
import { CLASS_LABELS, type ClassName, type Detector, MAX_NAME_LENGTH, MAX_QUERY_LENGTH, validateCounts } from '../detectors/detector';
import { type DeploymentChoice, LIST_METRICS, type ListMetric } from '../detectors/detector-metrics';
import { formatWholeCount } from '../format/count-format';
import { deploymentParams, readDeploymentParams } from './deployment-params';
import { SORT_KEYS, type SortKey } from '../detectors/detector-list';
import { LinkReader, classCountsParam, clip, numberParam, type LinkParse, type LinkProblem, readBalancedParam } from './link-params';
import { hashHref, type HashRoute } from './routes';

/**
 * The shareable URL contracts (parameter names are part of the contract — keep them):
 * - `#/detectors/<id>?delta=0.05` — one detector of the loaded set;
 * - `#/counts?yes=38/40&no=55/60&delta=0.05` — an ad-hoc detector from counts alone.
 * `delta` is optional (absent: the workspace's δ); `confidence=0.95` is accepted as an alias.
 * `balanced=buehler|union|inversion` is optional too (absent: the default, Buehler's, whatever this
 * browser's setting); links made here write it only when it is not the default, so a link shows
 * what its sender saw. Old links that say `balanced=inversion` keep meaning the estimate-ordered
 * test inversion. `prevalence=0.02&volume=10000` set the deployment of the "What it means in
 * deployment" figures (each absent: the test set's own mix, 10,000 images a day).
 */
export const DEFAULT_DELTA = 0.05;

/** One parameter's value, or its problem: `problem` for the LinkProblems list, `message` prefixed with the parameter name. */
export type ParamResult<T> = { ok: true; value: T } | { ok: false; problem: LinkProblem; message: string };

function paramProblem(param: string, message: string): { ok: false; problem: LinkProblem; message: string } {
  return { ok: false, problem: { param, message }, message: `${param}: ${message}` };
}

/**
 * Parses `correct/total` (e.g. `38/40`) for the class parameter `name`. A total of 0 is allowed
 * (the details view says "no examples in this class"). Errors name the parameter:
 * "yes: expected correct/total like 38/40, got '38-40'".
 */
export function parseCountsParam(value: string | null, name: ClassName = 'yes'): ParamResult<ClassCounts> {
  if (value === null || value.trim() === '') return paramProblem(name, 'missing; expected correct/total like 38/40');
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match) return paramProblem(name, `expected correct/total like 38/40, got '${clip(value)}'`);
  const counts = { correct: Number(match[1]), total: Number(match[2]) };
  const errors = validateCounts(counts, CLASS_LABELS[name]);
  if (errors.length > 0) return paramProblem(name, errors.map((e) => e.message).join('; '));
  return { ok: true, value: counts };
}

/**
 * δ from `delta` or its alias `confidence` (= 1 − δ), by the app's one δ policy (`deltaProblem`).
 * Neither present → `{ok: true, value: undefined}` (use the workspace's δ). Both present must agree;
 * every malformed one is named.
 */
export function parseDeltaParam(params: URLSearchParams): LinkParse<number | undefined> {
  const reader = new LinkReader(params);
  return reader.result(reader.optionalDelta());
}

/** What a detector link carries so that it opens for someone whose workspace lacks the detector. */
export interface CarriedDetector {
  name: string;
  query: string;
  yes: ClassCounts;
  no: ClassCounts;
}

/** `#/detectors/<id>`; `delta` is undefined when the link does not set it; `carried` when it has the counts. */
export interface DetectorLink {
  id: string;
  delta: number | undefined;
  balanced: BalancedMethod | undefined;
  carried: CarriedDetector | undefined;
  deployment: DeploymentChoice | undefined;
}

/**
 * Reads `#/detectors/<id>?name=…&query=…&yes=38/40&no=55/60&delta=…`; call for routes whose first
 * segment is 'detectors'. `name`, `query`, `yes` and `no` are optional (older links have only the id)
 * but come together: counts without both classes are a problem, named.
 */
export function parseDetectorLink(route: HashRoute): LinkParse<DetectorLink> {
  const problems: LinkProblem[] = [];
  const id = route.segments[1];
  if (id === undefined || id === '') problems.push({ param: 'id', message: 'missing; expected #/detectors/<id>' });
  if (route.segments.length > 2) {
    problems.push({ param: 'path', message: `unexpected '${route.segments.slice(2).join('/')}' after the detector id` });
  }
  const delta = parseDeltaParam(route.params);
  if (!delta.ok) problems.push(...delta.problems);
  const balanced = balancedParam(route.params, problems);
  const carried = parseCarried(route.params, id ?? '', problems);
  const deployment = deploymentParam(route.params, problems);
  if (problems.length > 0 || !delta.ok || id === undefined) return { ok: false, problems };
  return { ok: true, value: { id, delta: delta.value, balanced, carried, deployment } };
}

/** `balanced` of a link, its problem added to `problems` when malformed. */
function balancedParam(params: URLSearchParams, problems: LinkProblem[]): BalancedMethod | undefined {
  const reader = new LinkReader(params);
  const balanced = readBalancedParam(reader);
  problems.push(...reader.problems);
  return balanced;
}

/** `prevalence` and `volume` of a link, their problems added to `problems` when malformed. */
function deploymentParam(params: URLSearchParams, problems: LinkProblem[]): DeploymentChoice | undefined {
  const reader = new LinkReader(params);
  const deployment = readDeploymentParams(reader);
  problems.push(...reader.problems);
  return deployment;
}

/**
 * Whether a link's carried detector is this workspace detector as it is: a link carries the name and
 * question trimmed (a typed one is stored so), and one imported with spaces around them is still the same.
 */
export function carriedMatches(detector: Detector, carried: CarriedDetector): boolean {
  return (
    (detector.name.trim() || detector.id) === carried.name &&
    detector.query.trim() === carried.query &&
    (['yes', 'no'] as const).every((name) => detector[name].correct === carried[name].correct && detector[name].total === carried[name].total)
  );
}

function parseCarried(params: URLSearchParams, id: string, problems: LinkProblem[]): CarriedDetector | undefined {
  if (!['name', 'query', 'yes', 'no'].some((name) => params.has(name))) return undefined;
  const yes = parseCountsParam(params.get('yes'), 'yes');
  const no = parseCountsParam(params.get('no'), 'no');
  const name = (params.get('name') ?? '').trim() || id;
  const query = (params.get('query') ?? '').trim();
  if (name.length > MAX_NAME_LENGTH) problems.push({ param: 'name', message: `longer than ${MAX_NAME_LENGTH} characters` });
  if (query.length > MAX_QUERY_LENGTH) problems.push({ param: 'query', message: `longer than ${MAX_QUERY_LENGTH} characters` });
  for (const result of [yes, no]) if (!result.ok) problems.push(result.problem);
  return yes.ok && no.ok ? { name, query, yes: yes.value, no: no.value } : undefined;
}

/**
 * `#/detectors/<id>?delta=0.05`, carrying the detector's name, question and counts when given, so the
 * link shows the same numbers in a browser whose workspace does not have it.
 */
export function detectorHref(id: string, delta?: number, carried?: CarriedDetector, balanced?: BalancedMethod, deployment?: DeploymentChoice): string {
  const params: Record<string, string> = {};
  if (carried) {
    params.name = carried.name;
    if (carried.query) params.query = carried.query;
    params.yes = classCountsParam(carried.yes);
    params.no = classCountsParam(carried.no);
  }
  if (delta !== undefined) params.delta = numberParam(delta);
  if (balanced !== undefined && balanced !== DEFAULT_BALANCED_METHOD) params.balanced = balanced;
  Object.assign(params, deploymentParams(deployment));
  // URLSearchParams writes "/" as %2F; counts read better with their slash, which a query may hold.
  return hashHref(['detectors', id], params).replace(/(yes|no)=(\d+)%2F(\d+)/g, '$1=$2/$3');
}

/** `#/counts?yes=…&no=…`; `delta` is undefined when the link does not set it. */
export interface CountsLink {
  yes: ClassCounts;
  no: ClassCounts;
  delta: number | undefined;
  balanced: BalancedMethod | undefined;
  deployment: DeploymentChoice | undefined;
}

/** Reads `#/counts?yes=38/40&no=55/60&delta=0.05`; every malformed parameter gets its own problem. */
export function parseCountsLink(route: HashRoute): LinkParse<CountsLink> {
  const yes = parseCountsParam(route.params.get('yes'), 'yes');
  const no = parseCountsParam(route.params.get('no'), 'no');
  const delta = parseDeltaParam(route.params);
  const problems: LinkProblem[] = [];
  const balanced = balancedParam(route.params, problems);
  const deployment = deploymentParam(route.params, problems);
  if (yes.ok && no.ok && delta.ok && problems.length === 0) return { ok: true, value: { yes: yes.value, no: no.value, delta: delta.value, balanced, deployment } };
  for (const result of [yes, no]) if (!result.ok) problems.push(result.problem);
  if (!delta.ok) problems.push(...delta.problems);
  return { ok: false, problems };
}

/**
 * `#/counts?yes=38/40&no=55/60&delta=0.05`. Built by hand rather than with URLSearchParams so the
 * slash stays readable (it is legal in a query); every value is a number, so nothing needs escaping.
 */
export function countsHref(yes: ClassCounts, no: ClassCounts, delta?: number, balanced?: BalancedMethod, deployment?: DeploymentChoice): string {
  const query = `yes=${classCountsParam(yes)}&no=${classCountsParam(no)}`;
  const place = Object.entries(deploymentParams(deployment)).map(([name, value]) => `&${name}=${value}`).join('');
  return `#/counts?${query}${delta === undefined ? '' : `&delta=${numberParam(delta)}`}${balanced === undefined || balanced === DEFAULT_BALANCED_METHOD ? '' : `&balanced=${balanced}`}${place}`;
}

/** The list's view as a link: `#/?delta=0.05&sort=lower&filter=fork&metric=precision` (each part optional). */
export interface ListLink {
  delta: number | undefined;
  sort: SortKey | undefined;
  filter: string | undefined;
  /** The metric shown as the column (and sorted by); balanced accuracy when absent. */
  metric?: ListMetric | undefined;
}

/** Longest filter text a link may hold. */
export const MAX_FILTER_LENGTH = 200;

/** Reads the list's link; every malformed parameter is named. */
export function parseListLink(params: URLSearchParams): LinkParse<ListLink> {
  const reader = new LinkReader(params);
  const delta = reader.optionalDelta();
  const sortText = reader.raw('sort');
  const sort = SORT_KEYS.find((key) => key === sortText);
  if (sortText !== null && sort === undefined) {
    reader.problem('sort', `“sort” is “${clip(sortText)}”; expected one of ${SORT_KEYS.join(', ')}.`);
  }
  const filter = reader.raw('filter') ?? undefined;
  if (filter !== undefined && filter.length > MAX_FILTER_LENGTH) {
    reader.problem('filter', `“filter” is ${formatWholeCount(filter.length)} characters long; at most ${MAX_FILTER_LENGTH}.`);
  }
  const metricText = reader.raw('metric');
  const metric = LIST_METRICS.find((key) => key === metricText);
  if (metricText !== null && metric === undefined) {
    reader.problem('metric', `“metric” is “${clip(metricText)}”; expected one of ${LIST_METRICS.join(', ')}.`);
  }
  return reader.result({ delta, sort, filter, metric });
}

/** `#/?delta=…&sort=…&filter=…&metric=…`: the list as the user sees it (an empty filter and balanced accuracy are left out). */
export function listHref(view: { delta: number; sort: SortKey; filter: string; metric?: ListMetric }): string {
  const params: Record<string, string> = { delta: numberParam(view.delta), sort: view.sort };
  if (view.filter !== '') params.filter = view.filter;
  if (view.metric !== undefined && view.metric !== 'balanced') params.metric = view.metric;
  return hashHref([], params);
}
