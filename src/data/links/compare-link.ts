import type { ClassCounts, DetectorCounts, PairedClassCounts, PairedCounts } from '../../stats';
import { DETECTOR_ID_PATTERN, MAX_ID_LENGTH, MAX_NAME_LENGTH } from '../detectors/detector';
import { DETECTION_METRIC_KEYS, type DetectionMetricKey } from '../detectors/detector-metrics';
import { classCountsParam, clip, linkCarries, LinkReader, numberParam, type LinkParse } from './link-params';
import { hashHref } from './routes';

/**
 * The compare view's link, `#/compare?…` (parameter names are part of the contract):
 * - `a=<id>&b=<id>` — two workspace detectors, compared unpaired (different test sets) from their
 *   counts. Like a detector link it may carry each side's name and counts, `aname=…&ayes=38/40&ano=55/60`
 *   and `bname=…&byes=…&bno=…`, so it opens in a browser whose workspace lacks them.
 * - `ayes=38/40&ano=55/60&byes=30/40&bno=50/60` — two detectors' counts alone, unpaired.
 * - `ak=38&an=40&bk=30&bn=40` — two plain proportions (k correct of n), unpaired.
 * - `b=12&c=4&n=200` — one proportion, paired: of n examples both detectors saw, b that A got right and
 *   B wrong, c the reverse (exact McNemar test).
 * - `yesb=12&yesc=3&yesn=200&nob=20&noc=8&non=300` — the same per class: balanced accuracy, paired.
 *   With `ayes…bno` beside them (a paired CSV's link) each detector's own counts are shown too; they
 *   must agree with the tables.
 * `aname`/`bname` name the sides; `delta` (or `confidence`) is optional: absent, the workspace's δ.
 * `paired=tango|union` picks the paired interval: absent or `tango`, the exact Tango score inversion
 * (older links open on it); `union`, the earlier union-bound construction.
 * `unpaired=score|buehler|union` picks the unpaired interval. Two proportions (`ak…bn`): absent or
 * `score`, Chan & Zhang's exact score inversion (Buehler's past SCORE_MAX_LABELS, 1,000, examples in all); `buehler`,
 * Buehler's exact interval, never wider than the union bound (the default before 2026-11-28, kept
 * when a link names it). Two balanced accuracies (`ayes…bno`, or two detector ids): absent or
 * `buehler`, each detector's Buehler interval at δ/2. `union`: the union-bound construction.
 * With `a` present, `b` is detector B's id; without it, `b` is a discordant count.
 */
export interface CompareLink {
  a: CompareSide;
  b: CompareSide;
  /** What is compared; `none` for a bare `#/compare` (the view offers a paired CSV and examples). */
  data: CompareData;
  delta: number | undefined;
  /** The paired interval; absent means the default, 'tango'. */
  pairedMethod?: PairedMethod;
  /** The unpaired interval; absent means the default of what is compared (`defaultUnpairedMethod`). */
  unpairedMethod?: UnpairedMethod;
}

/** The paired interval constructions a link can name. */
export const PAIRED_METHODS = ['tango', 'union'] as const;
export type PairedMethod = (typeof PAIRED_METHODS)[number];

/** The unpaired interval constructions a link can name ('score' only for two proportions). */
export const UNPAIRED_METHODS = ['score', 'buehler', 'union'] as const;
export type UnpairedMethod = (typeof UNPAIRED_METHODS)[number];

/** The unpaired interval a link opens on without `unpaired=`: Chan–Zhang's for two proportions, Buehler's for two balanced accuracies. */
export function defaultUnpairedMethod(kind: CompareData['kind']): UnpairedMethod {
  return kind === 'unpaired-proportion' ? 'score' : 'buehler';
}

/** One side: a workspace id and/or a name and the counts the link carries. */
export interface CompareSide {
  id?: string;
  name?: string;
  counts?: DetectorCounts;
}

export type CompareData =
  | { kind: 'none' }
  | { kind: 'detectors' }
  | { kind: 'paired-proportion'; counts: PairedCounts }
  | { kind: 'paired-balanced'; tables: PairedClassCounts }
  | { kind: 'unpaired-proportion'; a: ClassCounts; b: ClassCounts };

const PAIRED_BALANCED_PARAMS = ['yesb', 'yesc', 'yesn', 'nob', 'noc', 'non'] as const;
const PAIRED_PROPORTION_PARAMS = ['b', 'c', 'n'] as const;
const PROPORTION_PARAMS = ['ak', 'an', 'bk', 'bn'] as const;
const DETECTOR_COUNT_PARAMS = ['ayes', 'ano', 'byes', 'bno'] as const;
const CLASS_NAMES = { yes: 'should-be-YES', no: 'should-be-NO' } as const;
const COMPARE_PARAMS = ['a', 'b', 'aname', 'bname', ...DETECTOR_COUNT_PARAMS, ...PAIRED_PROPORTION_PARAMS, ...PAIRED_BALANCED_PARAMS, ...PROPORTION_PARAMS, 'delta', 'confidence', 'paired', 'unpaired'];

/** Reads `#/compare?…`; every malformed or conflicting parameter is named. */
export function parseCompareLink(params: URLSearchParams): LinkParse<CompareLink> {
  const reader = new LinkReader(params);
  const delta = reader.optionalDelta();
  const has = (names: readonly string[]) => names.some((name) => reader.has(name));
  const requireAll = (names: readonly string[], what: string) => {
    for (const name of names) if (!reader.has(name)) reader.problem(name, `“${name}” is missing; ${what} needs all of ${names.join(', ')}.`);
  };
  const a: CompareSide = {};
  const b: CompareSide = {};
  for (const [side, name] of [[a, 'aname'], [b, 'bname']] as const) {
    const text = reader.raw(name)?.trim();
    if (text === undefined || text === '') continue;
    if (text.length > MAX_NAME_LENGTH) reader.problem(name, `“${name}” is longer than ${MAX_NAME_LENGTH} characters.`);
    else side.name = text;
  }

  // `yes`/`no` are the one-detector links' parameters: here each count belongs to a side or a pair.
  for (const name of ['yes', 'no'] as const) {
    if (reader.has(name)) {
      reader.problem(
        name,
        `“${name}” does not say which detector it belongs to: give each detector’s counts as a${name}=38/40 and b${name}=30/40, or the paired discordant counts as ${name}b, ${name}c, ${name}n.`,
      );
    }
  }

  const byIds = reader.has('a');
  if (byIds) {
    a.id = readId(reader, 'a');
    b.id = reader.has('b') ? readId(reader, 'b') : undefined;
    if (!reader.has('b')) reader.problem('b', '“b” is missing; comparing two workspace detectors needs a=<id>&b=<id>.');
    for (const name of ['c', 'n']) {
      if (reader.has(name)) reader.problem(name, `“${name}” does not go with a=<id>: give either two detector ids (a, b) or paired counts (b, c, n), not both.`);
    }
  }

  if (has(DETECTOR_COUNT_PARAMS)) {
    requireAll(DETECTOR_COUNT_PARAMS, 'two detectors’ counts');
    const ayes = reader.classCounts('ayes', `detector A’s ${CLASS_NAMES.yes}`);
    const ano = reader.classCounts('ano', `detector A’s ${CLASS_NAMES.no}`);
    const byes = reader.classCounts('byes', `detector B’s ${CLASS_NAMES.yes}`);
    const bno = reader.classCounts('bno', `detector B’s ${CLASS_NAMES.no}`);
    if (ayes && ano) a.counts = { yes: ayes, no: ano };
    if (byes && bno) b.counts = { yes: byes, no: bno };
  }

  const kinds: string[] = [];
  let data: CompareData = byIds ? { kind: 'detectors' } : { kind: 'none' };
  if (!byIds && has(PAIRED_PROPORTION_PARAMS)) {
    kinds.push('b, c, n');
    requireAll(PAIRED_PROPORTION_PARAMS, 'a paired comparison of one proportion');
    const counts = readPaired(reader, 'b', 'c', 'n');
    if (counts) data = { kind: 'paired-proportion', counts };
  }
  if (has(PAIRED_BALANCED_PARAMS)) {
    kinds.push('yesb … non');
    requireAll(PAIRED_BALANCED_PARAMS, 'a paired comparison of balanced accuracy');
    const yes = readPaired(reader, 'yesb', 'yesc', 'yesn');
    const no = readPaired(reader, 'nob', 'noc', 'non');
    if (yes && no) data = { kind: 'paired-balanced', tables: { yes, no } };
  }
  if (has(PROPORTION_PARAMS)) {
    kinds.push('ak, an, bk, bn');
    requireAll(PROPORTION_PARAMS, 'two proportions');
    const readN = (name: 'an' | 'bn') => {
      const before = reader.problems.length;
      const value = reader.wholeNumber(name, 1, 1);
      return { value, refused: reader.problems.length > before };
    };
    const nRead = { a: readN('an'), b: readN('bn') };
    const n = { a: nRead.a.value, b: nRead.b.value };
    const k = { a: reader.wholeNumber('ak', 0), b: reader.wholeNumber('bk', 0) };
    // A side whose n was refused is not checked: its stand-in 1 would make "k is 5 but an is 1" up.
    for (const side of ['a', 'b'] as const) {
      if (!nRead[side].refused && k[side] > n[side]) reader.problem(`${side}k`, `“${side}k” is ${k[side]} but ${side}n is ${n[side]}; k counts the correct examples, so it cannot exceed n.`);
    }
    data = { kind: 'unpaired-proportion', a: { correct: k.a, total: n.a }, b: { correct: k.b, total: n.b } };
  }
  if (!byIds && data.kind === 'none' && kinds.length === 0 && has(DETECTOR_COUNT_PARAMS)) data = { kind: 'detectors' };
  // Ids with counts of their own are two comparisons too: the counts would silently replace the ids.
  if (kinds.length > 1 || (kinds.length === 1 && byIds)) {
    const first = kinds.includes('b, c, n') ? 'b' : kinds.includes('yesb … non') ? 'yesb' : 'ak';
    reader.problem(first, `The link mixes several comparisons (${[...(byIds ? ['a, b'] : []), ...kinds].join(' and ')}); keep one.`);
  }
  if (data.kind === 'unpaired-proportion' && has(DETECTOR_COUNT_PARAMS)) {
    reader.problem('ayes', 'Two proportions (ak, an, bk, bn) do not go with per-class counts (ayes, ano, byes, bno); keep one.');
  }
  if (data.kind === 'paired-proportion' && has(DETECTOR_COUNT_PARAMS)) {
    reader.problem('ayes', 'Paired counts of one proportion (b, c, n) do not go with per-class counts (ayes, ano, byes, bno); keep one.');
  }
  if (data.kind === 'paired-balanced') checkTablesAgree(reader, data.tables, a.counts, b.counts);
  // `yes`/`no` have their own message above.
  reader.unexpected([...COMPARE_PARAMS, 'yes', 'no'], 'the comparison');
  const pairedRaw = reader.raw('paired');
  const pairedMethod = PAIRED_METHODS.find((method) => method === pairedRaw);
  if (pairedRaw !== null && !pairedMethod) reader.problem('paired', `“paired” must be tango or union, got “${clip(pairedRaw)}”.`);
  const unpairedRaw = reader.raw('unpaired');
  const unpairedMethod = UNPAIRED_METHODS.find((method) => method === unpairedRaw);
  if (unpairedRaw !== null && !unpairedMethod) reader.problem('unpaired', `“unpaired” must be score, buehler or union, got “${clip(unpairedRaw)}”.`);
  if (unpairedMethod === 'score' && (data.kind === 'detectors' || data.kind === 'none')) {
    reader.problem('unpaired', '“unpaired=score” (Chan–Zhang’s score inversion) is for two proportions (ak, an, bk, bn); two balanced accuracies take buehler or union.');
  }
  const unpairedKept = unpairedMethod !== undefined && unpairedMethod !== defaultUnpairedMethod(data.kind);
  return reader.result({ a, b, data, delta, ...(pairedMethod === 'union' ? { pairedMethod } : {}), ...(unpairedKept ? { unpairedMethod } : {}) });
}

function readId(reader: LinkReader, name: 'a' | 'b'): string | undefined {
  const id = (reader.raw(name) ?? '').trim();
  if (id.length === 0 || id.length > MAX_ID_LENGTH || !DETECTOR_ID_PATTERN.test(id)) {
    reader.problem(name, `“${name}” is “${clip(id)}”; expected a detector id (letters, digits, '-', '_' or '.').`);
    return undefined;
  }
  return id;
}

/** {b, c, n} from three parameters: n ≥ 1 and b + c ≤ n, each named when wrong. */
function readPaired(reader: LinkReader, bName: string, cName: string, nName: string): PairedCounts | undefined {
  const before = reader.problems.length;
  const n = reader.wholeNumber(nName, 1, 1);
  const b = reader.wholeNumber(bName, 0);
  const c = reader.wholeNumber(cName, 0);
  if (reader.problems.length > before || ![bName, cName, nName].every((name) => reader.has(name))) return undefined;
  if (b + c > n) {
    reader.problem(bName, `“${bName}” + “${cName}” is ${b + c} but ${nName} is ${n}; the discordant pairs are part of the ${n} paired examples.`);
    return undefined;
  }
  return { b, c, n };
}

/**
 * Each detector's own counts, when the link carries them beside paired tables, must be possible:
 * the same examples (totals equal n), A's correct minus B's equal to b − c, and the examples both got
 * right (A's correct − b) between 0 and the n − b − c they agree on.
 */
function checkTablesAgree(reader: LinkReader, tables: PairedClassCounts, a?: DetectorCounts, b?: DetectorCounts): void {
  if (!a || !b) return;
  for (const cls of ['yes', 'no'] as const) {
    const { b: onlyA, c: onlyB, n } = tables[cls];
    const bothRight = a[cls].correct - onlyA;
    const fits =
      a[cls].total === n && b[cls].total === n && a[cls].correct - b[cls].correct === onlyA - onlyB && bothRight >= 0 && bothRight <= n - onlyA - onlyB;
    if (!fits) {
      reader.problem(
        `a${cls}`,
        `“a${cls}”/“b${cls}” (${classCountsParam(a[cls])}, ${classCountsParam(b[cls])}) do not fit the paired ${CLASS_NAMES[cls]} table (${cls}b=${onlyA}, ${cls}c=${onlyB}, ${cls}n=${n}).`,
      );
    }
  }
}

/** The compare view's href; `parseCompareLink` reads it back unchanged. Counts keep their readable slash. */
export function compareHref(link: CompareLink): string {
  const params: Record<string, string> = {};
  if (link.a.id !== undefined && link.b.id !== undefined) {
    params.a = link.a.id;
    params.b = link.b.id;
  }
  for (const [side, prefix] of [[link.a, 'a'], [link.b, 'b']] as const) {
    if (side.name !== undefined) params[`${prefix}name`] = side.name;
  }
  const { data } = link;
  // Counts a link cannot carry (an empty class, or past its maximum) are left out: with ids the view
  // reads them from the workspace, rather than opening on a page of link problems.
  const carriable = (counts: DetectorCounts) => linkCarries(counts.yes) && linkCarries(counts.no);
  if (link.a.counts && link.b.counts && carriable(link.a.counts) && carriable(link.b.counts) && data.kind !== 'unpaired-proportion' && data.kind !== 'paired-proportion') {
    params.ayes = classCountsParam(link.a.counts.yes);
    params.ano = classCountsParam(link.a.counts.no);
    params.byes = classCountsParam(link.b.counts.yes);
    params.bno = classCountsParam(link.b.counts.no);
  }
  if (data.kind === 'paired-proportion') Object.assign(params, pairedParams(data.counts, 'b', 'c', 'n'));
  if (data.kind === 'paired-balanced') {
    Object.assign(params, pairedParams(data.tables.yes, 'yesb', 'yesc', 'yesn'), pairedParams(data.tables.no, 'nob', 'noc', 'non'));
  }
  if (data.kind === 'unpaired-proportion') {
    Object.assign(params, { ak: numberParam(data.a.correct), an: numberParam(data.a.total), bk: numberParam(data.b.correct), bn: numberParam(data.b.total) });
  }
  if (link.delta !== undefined) params.delta = numberParam(link.delta);
  if (link.pairedMethod === 'union') params.paired = 'union';
  if (link.unpairedMethod !== undefined && link.unpairedMethod !== defaultUnpairedMethod(data.kind)) params.unpaired = link.unpairedMethod;
  return hashHref(['compare'], params).replace(/([ab](?:yes|no))=(\d+)%2F(\d+)/g, '$1=$2/$3');
}

function pairedParams({ b, c, n }: PairedCounts, bName: string, cName: string, nName: string): Record<string, string> {
  return { [bName]: numberParam(b), [cName]: numberParam(c), [nName]: numberParam(n) };
}

/**
 * The ranking view's link, `#/rank?…`: many workspace detectors against a reference detector
 * (`ref=<id>`) or a target balanced accuracy (`target=0.9`, the default), `ids=a,b,c` (absent: the
 * whole workspace), `delta` (absent: the workspace's δ). Against a target, `metric=precision`
 * (recall, specificity, npv, f1) ranks by that metric's simultaneous lower bound instead of balanced
 * accuracy's (issue 28). It carries ids only: a ranking of a thousand detectors would not fit in a
 * link with their counts.
 */
export interface RankLink {
  against: { kind: 'target'; target: number; metric?: DetectionMetricKey | undefined } | { kind: 'reference'; id: string };
  ids: string[] | undefined;
  delta: number | undefined;
}

export const DEFAULT_RANK_TARGET = 0.9;

export function parseRankLink(params: URLSearchParams): LinkParse<RankLink> {
  const reader = new LinkReader(params);
  const delta = reader.optionalDelta();
  // Each of ref and target is checked even when both are given (a problem of its own), so every bad one is named.
  const target = reader.fraction('target', DEFAULT_RANK_TARGET, 'a target balanced accuracy', true);
  const metricText = reader.raw('metric');
  const metric = DETECTION_METRIC_KEYS.find((key) => key === metricText);
  if (metricText !== null && metric === undefined) {
    reader.problem('metric', `“metric” is “${clip(metricText)}”; expected one of ${DETECTION_METRIC_KEYS.join(', ')} (absent: balanced accuracy).`);
  }
  let against: RankLink['against'] = { kind: 'target', target, metric };
  if (reader.has('ref') && metricText !== null) {
    reader.problem('metric', 'A metric other than balanced accuracy ranks against a target only (target=…), not against a reference detector (ref).');
  }
  if (reader.has('ref')) {
    const id = (reader.raw('ref') ?? '').trim();
    if (!DETECTOR_ID_PATTERN.test(id) || id.length > MAX_ID_LENGTH) reader.problem('ref', `“ref” is “${clip(id)}”; expected a detector id.`);
    against = { kind: 'reference', id };
  }
  if (reader.has('ref') && reader.has('target')) {
    reader.problem('ref', 'Rank against a reference detector (ref) or a target accuracy (target), not both.');
  }
  let ids: string[] | undefined;
  const idsText = reader.raw('ids');
  if (idsText !== null) {
    // An id given twice is one detector (ranked twice, it counted twice in m).
    ids = [...new Set(idsText.split(',').map((id) => id.trim()).filter((id) => id !== ''))];
    const bad = ids.find((id) => !DETECTOR_ID_PATTERN.test(id) || id.length > MAX_ID_LENGTH);
    if (bad !== undefined) reader.problem('ids', `“ids” holds “${clip(bad)}”, which is not a detector id; expected ids separated by commas.`);
    if (ids.length === 0) reader.problem('ids', '“ids” is empty; expected detector ids separated by commas, or no ids for the whole workspace.');
  }
  reader.unexpected(['ref', 'target', 'metric', 'ids', 'delta', 'confidence'], 'the ranking');
  return reader.result({ against, ids, delta });
}

export function rankHref(link: RankLink): string {
  const params: Record<string, string> = {};
  if (link.against.kind === 'reference') params.ref = link.against.id;
  else params.target = numberParam(link.against.target);
  if (link.against.kind === 'target' && link.against.metric !== undefined) params.metric = link.against.metric;
  if (link.ids !== undefined) params.ids = link.ids.join(',');
  if (link.delta !== undefined) params.delta = numberParam(link.delta);
  return hashHref(['rank'], params).replace(/%2C/g, ',');
}
