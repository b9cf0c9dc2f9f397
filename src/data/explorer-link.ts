import type { ClassCounts } from '../stats';
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

const WHOLE_NUMBER = /^\d+$/;
const DECIMAL = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Reads explorer settings from a hash route's parameters. Never throws and never returns a half-read
 * value: each malformed parameter is replaced by a sensible default and reported in `problems`.
 * Missing `p` means p = k/n (the blog starts there); missing `k` means 80% of n.
 */
export function parseExplorerParams(params: URLSearchParams): ExplorerParse {
  const problems: string[] = [];
  const defaults = EXPLORER_DEFAULTS;

  const modeText = params.get('mode');
  let mode = defaults.mode;
  if (modeText !== null) {
    if ((EXPLORER_MODES as readonly string[]).includes(modeText)) mode = modeText as ExplorerMode;
    else problems.push(`mode “${modeText}” is not one of ${EXPLORER_MODES.join(', ')}; showing the ${defaults.mode} bound.`);
  }

  let n = defaults.n;
  const nText = params.get('n');
  if (nText !== null) {
    const value = parseWhole(nText);
    if (value !== undefined && value >= 1 && value <= EXPLORER_MAX_N) n = value;
    else problems.push(`n = “${nText}” is not a whole number from 1 to ${count(EXPLORER_MAX_N)}; showing n = ${count(n)}.`);
  }

  let k = Math.round(0.8 * n);
  const kText = params.get('k');
  if (kText !== null) {
    const value = parseWhole(kText);
    if (value === undefined) problems.push(`k = “${kText}” is not a whole number; showing k = ${count(k)}.`);
    else if (value > n) {
      k = n;
      problems.push(`k = ${count(value)} is more than n = ${count(n)}; showing k = ${count(n)}.`);
    } else k = value;
  }

  let p = k / n;
  const pText = params.get('p');
  if (pText !== null) {
    const value = parseDecimal(pText);
    if (value !== undefined && value <= 1) p = value;
    else problems.push(`p = “${pText}” is not an accuracy from 0 to 1; showing p = k/n = ${String(p)}.`);
  }

  let delta = defaults.delta;
  const deltaText = params.get('delta');
  if (deltaText !== null) {
    const value = parseDecimal(deltaText);
    if (value !== undefined && value > 0 && value < 1) delta = value;
    else problems.push(`delta = “${deltaText}” is not strictly between 0 and 1; showing δ = ${delta} (95% confidence).`);
  }

  const yes = parseCounts(params, 'yes', 'should-be-YES', defaults.yes, problems);
  const no = parseCounts(params, 'no', 'should-be-NO', defaults.no, problems);

  return { settings: { mode, n, k, p, delta, yes, no }, problems };
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
  if (link.n !== undefined) params.n = String(link.n);
  if (link.k !== undefined) params.k = String(link.k);
  if (link.p !== undefined) params.p = String(link.p);
  if (link.delta !== undefined) params.delta = String(link.delta);
  if (link.mode !== undefined) params.mode = link.mode;
  if (link.yes !== undefined) params.yes = `${link.yes.correct}/${link.yes.total}`;
  if (link.no !== undefined) params.no = `${link.no.correct}/${link.no.total}`;
  return hashHref(['explore'], params);
}

function parseCounts(
  params: URLSearchParams,
  name: 'yes' | 'no',
  className: string,
  fallback: ClassCounts,
  problems: string[],
): ClassCounts {
  const text = params.get(name);
  if (text === null) return fallback;
  const [correctText, totalText, ...rest] = text.split('/');
  const correct = parseWhole(correctText?.trim() ?? '');
  const total = parseWhole(totalText?.trim() ?? '');
  const shown = `showing ${fallback.correct}/${fallback.total}`;
  if (rest.length > 0 || correct === undefined || total === undefined) {
    problems.push(`${name} = “${text}” should be the ${className} class's correct/total, such as 90/100; ${shown}.`);
  } else if (total < 1) {
    problems.push(`${name} = “${text}”: the ${className} class has no examples, so it has no interval; ${shown}.`);
  } else if (total > EXPLORER_MAX_N) {
    problems.push(`${name} = “${text}”: the total is above ${count(EXPLORER_MAX_N)}; ${shown}.`);
  } else if (correct > total) {
    problems.push(`${name} = “${text}” has more correct than total; ${shown}.`);
  } else {
    return { correct, total };
  }
  return fallback;
}

function parseWhole(text: string): number | undefined {
  if (!WHOLE_NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

function parseDecimal(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
