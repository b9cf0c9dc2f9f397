import type { ProportionMethod } from '../../stats';
import { PROPORTION_METHODS } from '../methods/method-info';
import { clip, LinkReader, numberParam, parseClassCounts, type LinkParse } from './link-params';
import { hashHref } from './routes';

/** How the coverage chart's vertical axis is drawn: all of 0–100%, or zoomed in around 1 − δ. */
export type CoverageAxis = 'full' | 'zoom';

/**
 * `#/coverage?n=30&delta=0.05&methods=clopper_pearson,wilson,wald`: the coverage curves at `n` (method
 * names as in the reference CSVs; `exact`, `Clopper-Pearson` and other case/dash spellings are accepted), and
 * the balanced interval's heat map for class sizes `yes` × `no` (plain totals, or `correct/total`
 * as other views write them: only the totals matter here). `anytime=500` adds "Looking after every
 * label": the exact chance of ever missing p within 500 labels, for the confidence sequence and for
 * Clopper–Pearson recomputed after every label (a whole number from 1 to MAX_ANYTIME_HORIZON; absent: off).
 */
export interface CoverageLink {
  n: number;
  delta: number;
  methods: ProportionMethod[];
  yesTotal: number;
  noTotal: number;
  axis: CoverageAxis;
  /** `heatmaps=both`: Buehler's and the estimate-ordered inversion's heat maps beside the union bound's (each map is 2,500 cells). */
  bothHeatmaps: boolean;
  /** `anytime=N`: the horizon N of "Looking after every label"; null when the section is off. */
  anytimeHorizon: number | null;
}

/** Exact coverage costs O(n) per p and method; beyond this the page would stall for seconds. */
export const MAX_COVERAGE_N = 10_000;
/** The heat map costs O(yes + no) per grid cell; a thousand per class stays within seconds. */
export const MAX_HEATMAP_CLASS_SIZE = 1_000;
/**
 * "Looking after every label" tabulates both methods' bounds at every (t, k ≤ t) up to N, ~N²/2
 * root searches for the confidence sequence: N = 500 took 4.0 s in the built page's worker on a
 * 2-core machine at load average 6 (three jobs a core; ≈ 1.5 s alone), so it is the default and the cap.
 */
export const MAX_ANYTIME_HORIZON = 500;
export const DEFAULT_ANYTIME_HORIZON = 500;

export const DEFAULT_COVERAGE_LINK: CoverageLink = {
  n: 30,
  delta: 0.05,
  methods: [...PROPORTION_METHODS],
  yesTotal: 20,
  noTotal: 20,
  axis: 'full',
  bothHeatmaps: false,
  anytimeHorizon: null,
};

export function parseCoverageLink(params: URLSearchParams): LinkParse<CoverageLink> {
  const reader = new LinkReader(params);
  const defaults = DEFAULT_COVERAGE_LINK;
  const link: CoverageLink = {
    n: reader.wholeNumber('n', defaults.n, 1, MAX_COVERAGE_N),
    delta: reader.delta(defaults.delta),
    methods: readMethods(reader),
    yesTotal: readClassSize(reader, 'yes', defaults.yesTotal),
    noTotal: readClassSize(reader, 'no', defaults.noTotal),
    axis: readAxis(reader),
    bothHeatmaps: readHeatmaps(reader),
    anytimeHorizon: reader.has('anytime') ? reader.wholeNumber('anytime', DEFAULT_ANYTIME_HORIZON, 1, MAX_ANYTIME_HORIZON) : null,
  };
  return reader.result(link);
}

/** The `#/coverage` href; class sizes and the axis are written only when not the defaults. */
export function coverageHref(link: CoverageLink): string {
  const params: Record<string, string> = {
    n: numberParam(link.n),
    delta: numberParam(link.delta),
    methods: link.methods.join(','),
  };
  if (link.yesTotal !== DEFAULT_COVERAGE_LINK.yesTotal) params.yes = numberParam(link.yesTotal);
  if (link.noTotal !== DEFAULT_COVERAGE_LINK.noTotal) params.no = numberParam(link.noTotal);
  if (link.axis !== DEFAULT_COVERAGE_LINK.axis) params.axis = link.axis;
  if (link.bothHeatmaps) params.heatmaps = 'both';
  if (link.anytimeHorizon !== null) params.anytime = numberParam(link.anytimeHorizon);
  return hashHref(['coverage'], params);
}

function readHeatmaps(reader: LinkReader): boolean {
  const text = reader.raw('heatmaps');
  if (text === null || text === 'union') return false;
  if (text === 'both') return true;
  reader.problem('heatmaps', `“heatmaps” is “${clip(text)}”; expected both (Buehler’s and the test inversion’s heat maps beside the union bound’s) or union.`);
  return false;
}

function readMethods(reader: LinkReader): ProportionMethod[] {
  const text = reader.raw('methods');
  if (text === null) return [...DEFAULT_COVERAGE_LINK.methods];
  const names = text.split(',').map(canonicalMethodName).filter((name) => name !== '');
  const unknown = names.filter((name) => !(PROPORTION_METHODS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    const found = unknown.length > 0 ? `has unknown ${unknown.map((name) => `“${clip(name)}”`).join(', ')}` : 'is empty';
    reader.problem('methods', `“methods” ${found}; expected a comma-separated list of ${PROPORTION_METHODS.join(', ')}.`);
    return [...DEFAULT_COVERAGE_LINK.methods];
  }
  // Canonical order and no repeats, whatever order the link wrote them in.
  return PROPORTION_METHODS.filter((method) => names.includes(method));
}

/** Forgiving spellings of a method in a link: any case, `-` for `_`, and `exact` for Clopper–Pearson. */
function canonicalMethodName(name: string): string {
  const spelled = name.trim().toLowerCase().replaceAll('-', '_');
  return spelled === 'exact' ? 'clopper_pearson' : spelled;
}

function readClassSize(reader: LinkReader, name: 'yes' | 'no', fallback: number): number {
  const text = reader.raw(name);
  if (text === null) return fallback;
  if (!text.includes('/')) return reader.wholeNumber(name, fallback, 1, MAX_HEATMAP_CLASS_SIZE);
  const counts = parseClassCounts(text);
  const total = typeof counts === 'string' ? undefined : counts.total;
  if (total === undefined || total > MAX_HEATMAP_CLASS_SIZE) {
    const why = typeof counts === 'string' ? counts : `the heat map takes class sizes up to ${MAX_HEATMAP_CLASS_SIZE}`;
    reader.problem(name, `“${name}” is “${clip(text)}”; ${why}.`);
    return fallback;
  }
  return total;
}

function readAxis(reader: LinkReader): CoverageAxis {
  const text = reader.raw('axis');
  if (text === null) return DEFAULT_COVERAGE_LINK.axis;
  if (text === 'full' || text === 'zoom') return text;
  reader.problem('axis', `“axis” is “${clip(text)}”; expected full (0–100%) or zoom (around 1 − δ).`);
  return DEFAULT_COVERAGE_LINK.axis;
}
