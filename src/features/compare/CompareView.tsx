import { useId, useMemo, useRef } from 'react';
import { ChartDownloads } from '../../components/ChartDownloads';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { downloadText } from '../../components/download';
import { LinkProblems } from '../../components/LinkProblems';
import { TableScroll } from '../../components/TableScroll';
import { useLinkState } from '../../components/use-link-state';
import { compareHref, defaultUnpairedMethod, type CompareLink, type HashRoute, type LinkProblem, parseCompareLink } from '../../data/links';
import { formatConfidence, formatDifferenceParts, formatFullPrecision, formatWholeCount } from '../../data/format';
import { pictureFileStem } from '../../components/chart-picture';
import type { DetectorCounts, PairedCounts } from '../../stats';
import { comparisonSentence, comparisonToCsv, countsText, formatMcNemarP, formatTestP, testSentence, type Comparison, type ComparisonInput, type PairedMethod, type UnpairedMethod } from './compare-model';
import { useComparison } from './use-comparison';
import { DifferenceChart } from './DifferenceChart';
import { PairedCsvImport } from './PairedCsvImport';
import { useCompareWorkspace } from './use-compare-workspace';
import './compare.css';

const TITLE = 'Compare two detectors';
const EMPTY_LINK: CompareLink = { a: {}, b: {}, data: { kind: 'none' }, delta: undefined };

/** `#/compare?…`: is A better than B? The difference with its exact interval, the test, and the counts. */
export function CompareView({ route }: { route: HashRoute }) {
  const parsed = useMemo(() => parseCompareLink(route.params), [route]);
  if (!parsed.ok) return <LinkProblems title={TITLE} problems={parsed.problems} fallbackHref={compareHref(EMPTY_LINK)} />;
  return <ComparePage linked={parsed.value} linkKey={route.params.toString()} />;
}

/** Two sides' names and what to compare, from the link and (for ids) the workspace; or what is missing. */
interface Resolved {
  input: ComparisonInput | null;
  names: { a: string; b: string };
  counts: { a?: DetectorCounts; b?: DetectorCounts };
  problems: LinkProblem[];
}

function ComparePage({ linked, linkKey }: { linked: CompareLink; linkKey: string }) {
  const [link, setLink] = useLinkState(linked, linkKey, compareHref);
  const { stored, ready, delta, setDelta } = useCompareWorkspace(link, setLink);
  const resolved = useMemo(() => resolve(link, stored), [link, stored]);
  const pairedMethod: PairedMethod = link.pairedMethod ?? 'tango';
  const result = useComparison(resolved.input, delta, pairedMethod, link.unpairedMethod);
  const unpairedKind = resolved.input?.kind === 'unpaired-proportion' ? 'unpaired-proportion' : 'detectors';
  const unpairedMethod: UnpairedMethod = link.unpairedMethod ?? defaultUnpairedMethod(unpairedKind);
  const { names } = resolved;
  const heading = link.data.kind === 'none' ? TITLE : `Compare ${names.a} and ${names.b}`;

  return (
    <section className="compare-view">
      <h1>{heading}</h1>
      {link.data.kind === 'none' ? (
        <Landing />
      ) : link.data.kind === 'detectors' && !resolved.input && !ready ? (
        <p role="status">Opening your workspace…</p>
      ) : resolved.problems.length > 0 ? (
        <div role="alert" className="compare-view__problem">
          <ul>
            {resolved.problems.map((problem) => (
              <li key={problem.param}>
                <code>{problem.param}</code>: {problem.message}
              </li>
            ))}
          </ul>
          <p>
            <a href="#/">Open the detectors</a> to choose two, or import a paired CSV below.
          </p>
        </div>
      ) : (
        <>
          <ConfidenceControl delta={delta} onChange={setDelta} />
          {resolved.input?.kind.startsWith('paired') && (
            <MethodChoice label="Paired interval" testId="paired-method" choices={PAIRED_CHOICES} method={pairedMethod} onChange={(method) => setLink({ ...link, pairedMethod: method === 'union' ? 'union' : undefined })} />
          )}
          {resolved.input?.kind.startsWith('unpaired') && (
            <MethodChoice
              label="Unpaired interval"
              testId="unpaired-method"
              choices={resolved.input.kind === 'unpaired-proportion' ? UNPAIRED_CHOICES : UNPAIRED_BALANCED_CHOICES}
              method={unpairedMethod}
              onChange={(method) => setLink({ ...link, unpairedMethod: method === defaultUnpairedMethod(unpairedKind) ? undefined : method })}
            />
          )}
          {result?.kind === 'computing' && (
            <p role="status" className="compare-view__computing">
              Computing {resolved.input?.kind.startsWith('unpaired') ? (unpairedMethod === 'score' ? 'Chan–Zhang’s exact unpaired interval' : 'Buehler’s exact unpaired interval') : 'Tango’s exact paired interval'} at δ = {formatFullPrecision(delta)} in a
              background worker…
            </p>
          )}
          {result?.kind === 'invalid' && (
            <p role="alert" className="compare-view__problem">
              These counts cannot be compared: {comparisonProblem(result.message, names)}.
            </p>
          )}
          {result?.kind === 'done' && (
            <ComparisonResult comparison={result.comparison} names={names} counts={resolved.counts} link={{ ...link, delta }} />
          )}
        </>
      )}
      <PairedCsvImport names={names} delta={link.delta} />
    </section>
  );
}

/** The paired interval's constructions: Tango's exact score inversion (default) or the union-bound one. */
const PAIRED_CHOICES = [
  ['tango', 'Tango score inversion (exact unconditional, narrower)'],
  ['union', 'Union bound (Clopper–Pearson for s and π)'],
] as const;

/** Two proportions' constructions: Chan–Zhang's exact score inversion (default), Buehler's exact one (never wider than the union bound) or the union-bound one. */
const UNPAIRED_CHOICES = [
  ['score', 'Chan–Zhang score inversion (exact unconditional, narrowest on average)'],
  ['buehler', 'Buehler (exact, never wider than the union bound)'],
  ['union', 'Union bound (Clopper–Pearson for each at δ/4)'],
] as const;

/** Two balanced accuracies' constructions: each detector's Buehler interval at δ/2 (default) or the union-bound one. */
const UNPAIRED_BALANCED_CHOICES = [
  ['buehler', 'Buehler (each detector’s exact interval at δ/2; never wider than the union bound)'],
  ['union', 'Union bound (Clopper–Pearson for each class at δ/8)'],
] as const;

/** A choice of interval construction; the first option is the default, and anything else the select gives reads as it. */
function MethodChoice<M extends string>({ label, testId, choices, method, onChange }: { label: string; testId: string; choices: readonly (readonly [M, string])[]; method: M; onChange: (method: M) => void }) {
  const id = useId();
  return (
    <p className="compare-view__method">
      <label htmlFor={id}>{label}</label>{' '}
      <select id={id} value={method} onChange={(event) => onChange(choices.find(([value]) => value === event.target.value)?.[0] ?? choices[0]![0])} data-testid={testId}>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </p>
  );
}

function resolve(link: CompareLink, stored: readonly { id: string; name: string; yes: DetectorCounts['yes']; no: DetectorCounts['no'] }[]): Resolved {
  const names = { a: link.a.name ?? 'A', b: link.b.name ?? 'B' };
  const counts: Resolved['counts'] = { a: link.a.counts, b: link.b.counts };
  const { data } = link;
  if (data.kind === 'none') return { input: null, names, counts, problems: [] };
  if (data.kind === 'paired-proportion') return { input: { kind: 'paired-proportion', counts: data.counts }, names, counts, problems: [] };
  if (data.kind === 'paired-balanced') return { input: { kind: 'paired-balanced', tables: data.tables }, names, counts, problems: [] };
  if (data.kind === 'unpaired-proportion') return { input: { kind: 'unpaired-proportion', a: data.a, b: data.b }, names, counts, problems: [] };
  const problems: LinkProblem[] = [];
  for (const side of ['a', 'b'] as const) {
    const { id } = link[side];
    if (counts[side] || id === undefined) continue;
    const found = stored.find((detector) => detector.id === id);
    if (!found) {
      problems.push({ param: side, message: `there is no detector “${id}” in this browser’s workspace, and the link does not carry its counts.` });
      continue;
    }
    counts[side] = { yes: found.yes, no: found.no };
    if (link[side].name === undefined) names[side] = found.name;
  }
  if (problems.length > 0 || !counts.a || !counts.b) return { input: null, names, counts, problems };
  return { input: { kind: 'unpaired-balanced', a: counts.a, b: counts.b }, names, counts, problems };
}

function Landing() {
  return (
    <div className="compare-view__landing">
      <p>
        Is the new detector better than the old one? Two overlapping intervals do not answer that; the interval on the
        difference does. Choose two detectors in the <a href="#/">detector list</a> (tick them, then Compare), import a
        paired CSV below, or open an example:
      </p>
      <ul>
        <li>
          <a href="#/compare?b=12&c=4&n=200">Paired, one proportion</a>: of 200 examples both detectors saw, A alone got 12
          right and B alone 4 (exact McNemar test).
        </li>
        <li>
          <a href="#/compare?yesb=12&yesc=3&yesn=200&nob=20&noc=8&non=300">Paired, balanced accuracy</a>: the same per class.
        </li>
        <li>
          <a href="#/compare?ayes=38/40&ano=55/60&byes=30/40&bno=50/60">Not paired</a>: two detectors’ counts from different
          test sets.
        </li>
      </ul>
    </div>
  );
}

function ComparisonResult({
  comparison,
  names,
  counts,
  link,
}: {
  comparison: Comparison;
  names: { a: string; b: string };
  counts: Resolved['counts'];
  link: CompareLink;
}) {
  const id = useId();
  const chartRef = useRef<HTMLDivElement>(null);
  const { interval, delta, paired, metric, test } = comparison;
  const shown = formatDifferenceParts(interval);
  const level = formatConfidence(delta);
  const proven = interval.lower > 0 || interval.upper < 0;
  const chartTitle = `${names.a} − ${names.b}: ${metric} difference, ${level} exact ${paired ? 'paired' : 'unpaired'} interval`;
  const caption = `${countsText(comparison.input)} · ${comparison.method} · δ = ${formatFullPrecision(delta)}`;
  const rows = [
    { label: `${names.a} − ${names.b}`, interval, note: countsText(comparison.input), proven },
    ...(comparison.perClass
      ? [
          { label: 'Should-be-YES', interval: comparison.perClass.yes, note: `accuracy difference, exact paired interval at δ/2`, proven: comparison.perClass.yes.lower > 0 || comparison.perClass.yes.upper < 0 },
          { label: 'Should-be-NO', interval: comparison.perClass.no, note: `accuracy difference, exact paired interval at δ/2`, proven: comparison.perClass.no.lower > 0 || comparison.perClass.no.upper < 0 },
        ]
      : []),
  ];
  return (
    <>
      <p className={`compare-view__design compare-view__design--${paired ? 'paired' : 'unpaired'}`} data-testid="design">
        {paired
          ? `Paired: both detectors answered the same examples, so the comparison uses which examples each got right (the discordant pairs).`
          : `Not paired: these are each detector’s own counts, possibly on different test sets, so the comparison cannot use which examples each got right. If both ran on the same examples, a paired CSV (below) gives a more sensitive comparison.`}
      </p>
      <section className="compare-view__result" aria-labelledby={`${id}-result`}>
        <h2 id={`${id}-result`}>
          Difference in {metric}, {names.a} − {names.b}
        </h2>
        <p className="compare-view__sentence" data-testid="sentence">
          {comparisonSentence(comparison, names)}
        </p>
        <p data-testid="test-sentence">{testSentence(comparison)}</p>
        <dl className="compare-view__numbers">
          <div>
            <dt>Difference ({level} interval)</dt>
            <dd>
              <span data-testid="estimate">{shown.estimate}</span> [<span data-testid="lower">{shown.lower}</span>,{' '}
              <span data-testid="upper">{shown.upper}</span>] points
            </dd>
          </div>
          <div>
            <dt>p-value (equally accurate)</dt>
            <dd data-testid="p-value">
              {formatTestP(comparison)} ({test.name})
            </dd>
          </div>
          {comparison.mcnemar?.map((row) => (
            <div key={row.key} data-testid={`mcnemar-${row.key}`}>
              <dt>
                Exact McNemar p, {row.label} (b = {formatWholeCount(row.b)}, c = {formatWholeCount(row.c)})
              </dt>
              <dd>
                p = <span data-testid={`mcnemar-${row.key}-p`}>{formatMcNemarP(row.p, row)}</span>; mid-p = {formatMcNemarP(row.midP, row)} (McNemar mid-p test)
                {row.b === row.c ? ' — b = c: as many pairs favour each detector, no sign of a difference either way' : ''}
              </dd>
            </div>
          ))}
          <div>
            <dt>Method</dt>
            <dd>
              <code>{comparison.method}</code>, δ = {formatFullPrecision(delta)}
            </dd>
          </div>
        </dl>
        <div ref={chartRef} className="compare-view__chart">
          <DifferenceChart rows={rows} title={chartTitle} better={{ left: `${names.b} better`, right: `${names.a} better` }} />
        </div>
        <ChartDownloads source={chartRef} title={chartTitle} caption={caption} />
        <p className="compare-view__construction">{comparison.construction}</p>
      </section>
      <CountsTables comparison={comparison} names={names} counts={counts} />
      <div className="compare-view__actions">
        <button
          type="button"
          onClick={() => downloadText(`${pictureFileStem(`${names.a} vs ${names.b}`)}-comparison.csv`, comparisonToCsv(comparison, names), 'text/csv;charset=utf-8')}
        >
          Export comparison (CSV)
        </button>
        <CopyLinkButton getUrl={() => new URL(compareHref(link), window.location.href).href} />
      </div>
    </>
  );
}

/** The 2×2 discordance table per class (paired), or each detector's counts (unpaired). */
function CountsTables({ comparison, names, counts }: { comparison: Comparison; names: { a: string; b: string }; counts: Resolved['counts'] }) {
  const { input } = comparison;
  if (input.kind === 'paired-proportion') return <DiscordanceTable title="Paired examples" table={input.counts} names={names} />;
  if (input.kind === 'paired-balanced') {
    return (
      <div className="compare-view__tables">
        <DiscordanceTable title="Should-be-YES examples" table={input.tables.yes} names={names} aCorrect={counts.a?.yes.correct} />
        <DiscordanceTable title="Should-be-NO examples" table={input.tables.no} names={names} aCorrect={counts.a?.no.correct} />
      </div>
    );
  }
  const rows =
    input.kind === 'unpaired-proportion'
      ? [
          { name: names.a, cells: [`${input.a.correct}/${input.a.total}`] },
          { name: names.b, cells: [`${input.b.correct}/${input.b.total}`] },
        ]
      : [
          { name: names.a, cells: [`${input.a.yes.correct}/${input.a.yes.total}`, `${input.a.no.correct}/${input.a.no.total}`] },
          { name: names.b, cells: [`${input.b.yes.correct}/${input.b.yes.total}`, `${input.b.no.correct}/${input.b.no.total}`] },
        ];
  return (
    <TableScroll label="Counts of each detector">
      <table className="compare-table">
        <caption>Each detector’s counts (correct/total), on its own test set</caption>
        <thead>
          <tr>
            <th scope="col">Detector</th>
            {input.kind === 'unpaired-proportion' ? <th scope="col">Correct/total</th> : (
              <>
                <th scope="col">Should-be-YES</th>
                <th scope="col">Should-be-NO</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * Rows: A right / A wrong; columns: B right / B wrong. Without A's own count the two agreeing cells
 * are one: "agree (n − b − c)".
 */
function DiscordanceTable({ title, table, names, aCorrect }: { title: string; table: PairedCounts; names: { a: string; b: string }; aCorrect?: number }) {
  const { b, c, n } = table;
  const bothRight = aCorrect === undefined ? undefined : aCorrect - b;
  const bothWrong = bothRight === undefined ? undefined : n - b - c - bothRight;
  const agree = n - b - c;
  return (
    <TableScroll label={`${title}: discordance table`}>
      <table className="compare-table" data-testid="discordance-table">
        <caption>
          {title}: {formatWholeCount(n)} paired; discordant b = {formatWholeCount(b)} ({names.a} right, {names.b} wrong), c ={' '}
          {formatWholeCount(c)} ({names.a} wrong, {names.b} right)
        </caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{names.b} right</th>
            <th scope="col">{names.b} wrong</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{names.a} right</th>
            <td>{bothRight === undefined ? `agree: ${formatWholeCount(agree)}` : formatWholeCount(bothRight)}</td>
            <td data-testid="cell-b">{formatWholeCount(b)}</td>
          </tr>
          <tr>
            <th scope="row">{names.a} wrong</th>
            <td data-testid="cell-c">{formatWholeCount(c)}</td>
            <td>{bothWrong === undefined ? '(in “agree”)' : formatWholeCount(bothWrong)}</td>
          </tr>
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The stats module's reason in the page's words: an empty class names its detector and class, not `a.yes.total`. */
function comparisonProblem(message: string, names: { a: string; b: string }): string {
  const empty = /^(a|b)\.(yes|no)\.total = 0/.exec(message);
  if (!empty) return message;
  const [, side, cls] = empty;
  return `“${side === 'a' ? names.a : names.b}” has no should-be-${cls!.toUpperCase()} examples, so its balanced accuracy is undefined and cannot be compared; label some examples of that class`;
}
