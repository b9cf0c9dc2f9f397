import type { ClassCounts } from '../../stats';
import { DEFAULT_BALANCED_METHOD, type BalancedMethod } from '../methods/balanced-method';
import { classCountsParam, LinkReader, numberParam, type LinkParse, readBalancedParam } from './link-params';
import { hashHref } from './routes';

/**
 * What `#/methods` compares: one proportion k/n (`?n=40&k=38&delta=0.05`) or a detector's two
 * classes (`?yes=38/40&no=55/60&delta=0.05`, optionally `balanced=buehler|union|inversion`: which
 * exact balanced interval leads the table; absent, the default: Buehler's).
 */
export type MethodsLink =
  | { kind: 'proportion'; n: number; k: number; delta: number }
  | { kind: 'detector'; yes: ClassCounts; no: ClassCounts; delta: number; balanced?: BalancedMethod | undefined };

export const DEFAULT_METHODS_LINK: MethodsLink = { kind: 'proportion', n: 40, k: 38, delta: 0.05 };

/** Every parameter `#/methods` reads; any other is named (counts in a form it does not read would otherwise silently give the 38/40 example). */
const METHODS_PARAMS = ['n', 'k', 'yes', 'no', 'delta', 'confidence', 'balanced'];

/** Reads a `#/methods` link; with no counts at all it opens the default 38/40 example. */
export function parseMethodsLink(params: URLSearchParams): LinkParse<MethodsLink> {
  const reader = new LinkReader(params);
  reader.unexpected(METHODS_PARAMS, 'the methods view');
  const delta = reader.delta(DEFAULT_METHODS_LINK.delta);
  const balanced = readBalancedParam(reader);
  const detectorParams = reader.has('yes') || reader.has('no');
  const proportionParams = reader.has('n') || reader.has('k');

  // Both pairs given: a problem of its own, and each pair is still read so that every bad value is named.
  if (detectorParams && proportionParams) reader.problem('n', 'The link has both n/k (one proportion) and yes/no (a detector); keep one pair.');
  if (detectorParams && !proportionParams) {
    for (const name of ['yes', 'no']) {
      if (!reader.has(name)) reader.problem(name, `“${name}” is missing; a detector needs both yes=correct/total and no=correct/total.`);
    }
    const yes = reader.classCounts('yes', 'should-be-YES');
    const no = reader.classCounts('no', 'should-be-NO');
    return reader.result(yes && no ? { kind: 'detector', yes, no, delta, balanced } : DEFAULT_METHODS_LINK);
  }
  if (detectorParams) {
    reader.classCounts('yes', 'should-be-YES');
    reader.classCounts('no', 'should-be-NO');
  }
  if (!proportionParams) return reader.result({ ...DEFAULT_METHODS_LINK, delta });

  for (const name of ['n', 'k']) {
    if (!reader.has(name)) reader.problem(name, `“${name}” is missing; one proportion needs both n (examples) and k (correct).`);
  }
  const n = reader.wholeNumber('n', 1, 1);
  const k = reader.wholeNumber('k', 0);
  if (reader.problems.length === 0 && k > n) {
    reader.problem('k', `“k” is ${k} but n is ${n}; k counts the correct examples, so it cannot exceed n.`);
  }
  return reader.result({ kind: 'proportion', n, k, delta });
}

/** The `#/methods` href for these settings; `parseMethodsLink` reads it back unchanged. */
export function methodsHref(link: MethodsLink): string {
  const params: Record<string, string> =
    link.kind === 'proportion'
      ? { n: numberParam(link.n), k: numberParam(link.k) }
      : { yes: classCountsParam(link.yes), no: classCountsParam(link.no) };
  params.delta = numberParam(link.delta);
  if (link.kind === 'detector' && link.balanced !== undefined && link.balanced !== DEFAULT_BALANCED_METHOD) params.balanced = link.balanced;
  return hashHref(['methods'], params);
}
