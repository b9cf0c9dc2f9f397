import type { ClassCounts } from '../../stats';
import { formatWholeCount } from '../format/count-format';
import { LinkReader, classCountsParam, clip, numberParam } from './link-params';
import { hashHref } from './routes';

/**
 * The tail explorer's URL contract: `#/explore?n=100&k=80&p=0.83&delta=0.05&mode=upper`, and for the
 * balanced mode `#/explore?delta=0.05&mode=balanced&yes=90/100&no=95/100`. Other views link here with
 * `explorerHref`; the explorer reads its settings back with `parseExplorerParams`.
 */
export type ExplorerMode = 'upper' | 'lower' | 'central' | 'balanced';

export const EXPLORER_MODES: readonly ExplorerMode[] = ['upper', 'lower', 'central', 'balanced'];

/** The explorer's plots stay interactive up to a million tests. */
export const EXPLORER_MAX_N = 1_000_000;

export interface ExplorerSettings {
  mode: ExplorerMode;
  /** Number of tests N (1 … EXPLORER_MAX_N). */
  n: number;
  /** Number correct k (0 … n). */
  k: number;
  /** Hypothesized true accuracy p in [0, 1]. */
  p: number;
  /** δ in (0, 1): 1 − δ is the confidence. */
  delta: number;
  /** Balanced mode: the should-be-YES and should-be-NO class counts. */
  yes: ClassCounts;
  no: ClassCounts;
}

/** The blog's running example: 80 of 100 correct, p = 80%, δ = 5%; Figure 7's classes. */
export const EXPLORER_DEFAULTS: ExplorerSettings = {
  mode: 'upper',
  n: 100,
  k: 80,
  p: 0.8,
  delta: 0.05,
  yes: { correct: 90, total: 100 },
  no: { correct: 95, total: 100 },
};

/** What a link to the explorer may set; absent fields are left out of the URL. */
export type ExplorerLink = Partial<ExplorerSettings>;

export interface ExplorerParse {
  settings: ExplorerSettings;
  /** One sentence per malformed parameter, saying what was found and what is shown instead. */
  problems: string[];
}


/**
 * Reads explorer settings from a hash route's parameters. Never throws: each malformed parameter is
 * replaced by a sensible default and reported in `problems` (the page lists them above the plots).
 * Missing `p` means p = k/n (the blog starts there); missing `k` means 80% of n.
 */
export function parseExplorerParams(params: URLSearchParams): ExplorerParse {
  const reader = new LinkReader(params);
  const defaults = EXPLORER_DEFAULTS;

  let mode = defaults.mode;
  const modeText = reader.raw('mode');
  if (modeText !== null) {
    if ((EXPLORER_MODES as readonly string[]).includes(modeText)) mode = modeText as ExplorerMode;
    else reader.problem('mode', `“mode” is “${clip(modeText)}”; expected one of ${EXPLORER_MODES.join(', ')}.`);
  }

  const n = reader.wholeNumber('n', defaults.n, 1, EXPLORER_MAX_N);
  let k = Math.round(0.8 * n);
  const kText = reader.raw('k');
  if (kText !== null) {
    const value = /^\d+$/.test(kText.trim()) ? Number(kText.trim()) : NaN;
    // A bad k names the range it can take here, 0 to n (not the links' general 10⁹).
    if (!Number.isSafeInteger(value)) reader.problem('k', `“k” is “${clip(kText)}”; expected a whole number from 0 to n = ${formatWholeCount(n)}.`);
    else if (value > n) {
      reader.problem('k', `“k” is ${formatWholeCount(value)}, more than n = ${formatWholeCount(n)}; showing k = n.`);
      k = n;
    } else k = value;
  }
  const p = reader.fraction('p', k / n, 'the hypothesized accuracy p', true);
  const delta = reader.delta(defaults.delta);
  const yes = reader.classCounts('yes', 'should-be-YES') ?? defaults.yes;
  const no = reader.classCounts('no', 'should-be-NO') ?? defaults.no;

  return { settings: { mode, n, k, p, delta, yes, no }, problems: reader.problems.map((problem) => problem.message) };
}

/** The fields of `settings` that its mode shows, in URL order: what `#/explore` needs to redraw it. */
export function explorerLinkFor(settings: ExplorerSettings): ExplorerLink {
  if (settings.mode === 'balanced') {
    return { delta: settings.delta, mode: settings.mode, yes: settings.yes, no: settings.no };
  }
  const { n, k, p, delta, mode } = settings;
  return { n, k, p, delta, mode };
}

/** `#/explore?…` with the given fields, in the order n, k, p, delta, mode, yes, no. */
export function explorerHref(link: ExplorerLink): string {
  const params: Record<string, string> = {};
  if (link.n !== undefined) params.n = numberParam(link.n);
  if (link.k !== undefined) params.k = numberParam(link.k);
  if (link.p !== undefined) params.p = numberParam(link.p);
  if (link.delta !== undefined) params.delta = numberParam(link.delta);
  if (link.mode !== undefined) params.mode = link.mode;
  if (link.yes !== undefined) params.yes = classCountsParam(link.yes);
  if (link.no !== undefined) params.no = classCountsParam(link.no);
  return hashHref(['explore'], params);
}
