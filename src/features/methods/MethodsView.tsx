import { BALANCED_METHODS, type BalancedMethod, DEFAULT_BALANCED_METHOD, METHOD_INFO } from '../../data/methods';
import { useBalancedVersion } from '../../components/use-balanced-version';
import { useCallback, useMemo } from 'react';
import { TableScroll } from '../../components/TableScroll';
import { ClassCountsFields } from '../../components/ClassCountsFields';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { CountField } from '../../components/CountField';
import { IntervalBar, type IntervalSeries } from '../../components/IntervalBar';
import { LinkProblems } from '../../components/LinkProblems';
import { useLinkState } from '../../components/use-link-state';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import {
  coverageHref,
  DEFAULT_COVERAGE_LINK,
  DEFAULT_METHODS_LINK,
  DEFAULT_PLAN_LINK,
  type HashRoute,
  MAX_COVERAGE_N,
  MAX_POSTERIOR_COUNT,
  methodsHref,
  type MethodsLink,
  parseMethodsLink,
  planHref,
  posteriorHref,
} from '../../data/links';
import { formatConfidence, formatFullPrecision, formatIntervalParts, formatPercent, intervalDigits } from '../../data/format';
import type { ClassCounts, Interval, ProportionMethod } from '../../stats';
import { BalancedConstructions, EXACT_BALANCED, hereVersusUnion } from './balanced-constructions';
import { balancedIntervals, proportionIntervals } from './method-intervals';
import './methods.css';

const TITLE = 'Interval methods, side by side';
const DIGITS = 2;

/** `#/methods`: one proportion's or one detector's intervals under every method, on one 0–100% axis. */
export function MethodsView({ route }: { route: HashRoute }) {
  const { params } = route;
  const parsed = useMemo(() => parseMethodsLink(params), [params]);
  if (!parsed.ok) {
    return <LinkProblems title={TITLE} problems={parsed.problems} fallbackHref={methodsHref(DEFAULT_METHODS_LINK)} />;
  }
  return <MethodsPage linked={parsed.value} linkKey={params.toString()} />;
}

function MethodsPage({ linked, linkKey }: { linked: MethodsLink; linkKey: string }) {
  const [link, setLink] = useLinkState(linked, linkKey, methodsHref);
  const setDelta = useCallback((delta: number) => setLink({ ...link, delta }), [link, setLink]);

  return (
    <section className="methods-view">
      <h1>{TITLE}</h1>
      <p className="methods-view__intro">
        The same counts, five ways to put a two-sided {formatConfidence(link.delta)} interval around them. They differ most
        where it matters: few examples and accuracies near 100%.
      </p>
      <MethodsControls link={link} onChange={setLink} onDelta={setDelta} />
      {link.kind === 'proportion' ? <ProportionResults link={link} /> : <DetectorResults link={link} />}
    </section>
  );
}

function MethodsControls({
  link,
  onChange,
  onDelta,
}: {
  link: MethodsLink;
  onChange: (link: MethodsLink) => void;
  onDelta: (delta: number) => void;
}) {
  const setKind = (kind: MethodsLink['kind']) => {
    if (kind === link.kind) return;
    onChange(
      link.kind === 'proportion'
        ? { kind: 'detector', yes: { correct: link.k, total: link.n }, no: DEFAULT_PLAN_LINK.no, delta: link.delta }
        : { kind: 'proportion', n: link.yes.total, k: link.yes.correct, delta: link.delta },
    );
  };
  return (
    <div className="methods-view__controls">
      <fieldset className="methods-view__kind">
        <legend>Compare</legend>
        <label>
          <input type="radio" name="methods-kind" checked={link.kind === 'proportion'} onChange={() => setKind('proportion')} />
          One proportion (k of n)
        </label>
        <label>
          <input type="radio" name="methods-kind" checked={link.kind === 'detector'} onChange={() => setKind('detector')} />
          A detector (YES and NO classes)
        </label>
      </fieldset>
      {link.kind === 'proportion' ? (
        <ProportionFields link={link} onChange={onChange} />
      ) : (
        <>
          <ClassCountsFields legend="Should-be-YES examples" counts={link.yes} onChange={(yes) => onChange({ ...link, yes })} />
          <ClassCountsFields legend="Should-be-NO examples" counts={link.no} onChange={(no) => onChange({ ...link, no })} />
        </>
      )}
      <ConfidenceControl delta={link.delta} onChange={onDelta} />
    </div>
  );
}

function ProportionFields({
  link,
  onChange,
}: {
  link: Extract<MethodsLink, { kind: 'proportion' }>;
  onChange: (link: MethodsLink) => void;
}) {
  const commitK = useCallback((k: number) => onChange({ ...link, k }), [link, onChange]);
  const commitN = useCallback((n: number) => onChange({ ...link, n }), [link, onChange]);
  return (
    <fieldset className="methods-view__counts">
      <legend>Counts</legend>
      <CountField label="k (correct)" value={link.k} max={{ value: link.n, message: `k can’t exceed n (${link.n}).` }} onCommit={commitK} />
      <CountField
        label="n (examples)"
        value={link.n}
        min={{ value: Math.max(link.k, 1), message: link.k > 0 ? `n can’t be below k (${link.k}).` : 'n must be at least 1.' }}
        onCommit={commitN}
      />
    </fieldset>
  );
}

function ProportionResults({ link }: { link: Extract<MethodsLink, { kind: 'proportion' }> }) {
  const rows = useMemo(() => proportionIntervals(link.n, link.k, link.delta), [link.n, link.k, link.delta]);
  const coverageN = Math.min(link.n, MAX_COVERAGE_N);
  return (
    <>
      <MethodTable
        heading={`${link.k} of ${link.n} correct`}
        counts={{ correct: link.k, total: link.n }}
        delta={link.delta}
        series="balanced"
        rows={rows.map(({ method, interval }) => ({
          name: METHOD_INFO[method].label,
          promise: METHOD_INFO[method].promise,
          interval,
          warning: boundaryWarning(interval, { correct: link.k, total: link.n }, method),
        }))}
      />
      <p className="methods-view__next">
        <a href={coverageHref({ ...DEFAULT_COVERAGE_LINK, n: coverageN, delta: link.delta })}>
          See each method’s true coverage at n = {coverageN}
        </a>
      </p>
    </>
  );
}

function DetectorResults({ link }: { link: Extract<MethodsLink, { kind: 'detector' }> }) {
  const { yes, no, delta } = link;
  // A link without `balanced=` opens the default, as its sender saw it.
  const chosen = link.balanced ?? DEFAULT_BALANCED_METHOD;
  // A large count's inverted interval arrives from a worker: the version re-reads it.
  const arrived = useBalancedVersion();
  const balanced = useMemo(() => balancedIntervals(yes, no, delta), [yes, no, delta, arrived]); // eslint-disable-line react-hooks/exhaustive-deps
  const yesRows = useMemo(() => proportionIntervals(yes.total, yes.correct, delta), [yes, delta]);
  const noRows = useMemo(() => proportionIntervals(no.total, no.correct, delta), [no, delta]);
  const counts = `YES ${yes.correct}/${yes.total}, NO ${no.correct}/${no.total}`;
  const confusion = { tp: yes.correct, fn: yes.total - yes.correct, tn: no.correct, fp: no.total - no.correct };
  // Which one leads, and why: the link asked for it, or it is the default (not the reader's own setting).
  const leading = (method: BalancedMethod) => (chosen !== method ? '' : link.balanced === undefined ? ' — the default' : ' — as the link asks');
  // The workspace's (or the link's) balanced interval leads; the others follow in the setting's order.
  const order = [chosen, ...BALANCED_METHODS.filter((method) => method !== chosen)];
  const exactRows = order.flatMap((method): MethodRow[] => {
    const interval = balanced.byMethod[method];
    if (interval === null || interval === 'pending') return [];
    return [{ name: `${EXACT_BALANCED[method].name}${leading(method)}`, promise: EXACT_BALANCED[method].promise + hereVersusUnion(method, interval, balanced.exact), interval }];
  });
  const pending = order.filter((method) => balanced.byMethod[method] === 'pending');
  const notComputed = order.filter((method) => balanced.byMethod[method] === null);
  const classRows = (rows: typeof yesRows, classCounts: ClassCounts) =>
    rows.map(({ method, interval }) => ({
      name: METHOD_INFO[method].label,
      promise: METHOD_INFO[method].promise,
      interval,
      warning: boundaryWarning(interval, classCounts, method),
    }));

  return (
    <>
      <MethodTable
        heading="Balanced accuracy"
        countsText={counts}
        delta={delta}
        series="balanced"
        rows={[
          ...exactRows,
          {
            name: 'Posterior (Brodersen et al. 2010)',
            promise:
              'Central 1 − δ interval of the posterior of (A⁺ + A⁻)/2 under flat priors, marked at its mean: a credible interval, not a coverage guarantee.',
            interval: balanced.posterior,
          },
          {
            name: 'Wald on the balanced estimate',
            promise:
              'A normal approximation around the balanced point estimate: it ignores how few examples each class has, and is where naive reports go wrong.',
            interval: balanced.wald,
            warning: boundaryWarning(balanced.wald, {
              correct: yes.correct + no.correct,
              total: yes.total + no.total,
            }),
          },
        ]}
      />
      {pending.length > 0 && (
        <p role="status" className="muted">
          Computing {pending.map((method) => EXACT_BALANCED[method].short).join(' and ')} for these counts in a background worker…
        </p>
      )}
      {notComputed.length > 0 && (
        <p className="muted">
          {notComputed.map((method) => EXACT_BALANCED[method].short).join(' and ')} {notComputed.length === 1 ? 'is' : 'are'} computed up to
          10,000,000 labels per class; these counts have more.
        </p>
      )}
      <BalancedConstructions />
      <p className="methods-view__next">
        {/* The posterior view takes counts up to its maximum; past it the link would open on a problem. */}
        {Object.values(confusion).every((cell) => cell <= MAX_POSTERIOR_COUNT) && (
          <>
            <a href={posteriorHref({ counts: confusion, delta })}>The posterior in full</a> ·{' '}
          </>
        )}
        <a href={planHref({ ...DEFAULT_PLAN_LINK, yes, no, delta, balanced: chosen })}>How many more labels?</a>
      </p>
      <MethodTable
        heading="Should-be-YES accuracy"
        counts={yes}
        delta={delta}
        series="yes"
        rows={classRows(yesRows, yes)}
      />
      <MethodTable heading="Should-be-NO accuracy" counts={no} delta={delta} series="no" rows={classRows(noRows, no)} />
    </>
  );
}

interface MethodRow {
  name: string;
  promise: string;
  interval: Interval;
  warning?: string | undefined;
}

/**
 * What the numbers on screen show about an interval at the boundary: zero width, or a bound sitting at
 * 0% or 100% although the data have both outcomes (only a clipped approximation does that).
 */
function boundaryWarning(interval: Interval, counts: ClassCounts, method?: ProportionMethod): string | undefined {
  if (interval.upper === interval.lower) {
    return `Zero width here: it claims certainty from ${counts.total} examples.`;
  }
  // At k = 0 (or n) the Agresti–Coull formula's end falls outside [0%, 100%] or on the far side of the
  // estimate, and is set to 0% (100%): the exact-looking end is an adjustment, not the formula's.
  if (method === 'agresti_coull' && (counts.correct === 0 || counts.correct === counts.total)) {
    const end = counts.correct === 0 ? 'lower end is set to 0%' : 'upper end is set to 100%';
    return `Adjusted here: at k = ${counts.correct} the formula’s ${end} (it falls outside 0–100% or past the estimate).`;
  }
  if (interval.lower === 0 && counts.correct > 0) return 'Clipped here: the formula’s lower end falls below 0%.';
  if (interval.upper === 1 && counts.correct < counts.total) return 'Clipped here: the formula’s upper end goes past 100%.';
  return undefined;
}

const SCALE_TICKS = [0, 25, 50, 75, 100];

function MethodTable({
  heading,
  counts,
  countsText,
  delta,
  series,
  rows,
}: {
  heading: string;
  counts?: ClassCounts;
  countsText?: string;
  delta: number;
  series: IntervalSeries;
  rows: MethodRow[];
}) {
  const countsLabel = countsText ?? (counts ? `${counts.correct}/${counts.total} correct` : '');
  const level = formatConfidence(delta);
  // One precision for the whole table, so its columns line up and compare.
  const digits = intervalDigits(rows.map((row) => row.interval), DIGITS);
  return (
    <section className="methods-view__table-section">
      <h2>
        {heading} <span className="methods-view__counts-label">({countsLabel})</span>
      </h2>
      <TableScroll label={`${heading}: interval methods`}>
        <table className="methods-table">
          <caption>
            Two-sided {level} intervals (δ = {formatFullPrecision(delta)}) for {countsLabel}; bounds rounded outward.
          </caption>
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col" className="methods-table__bar-head">
                <VisuallyHidden>Interval on a 0–100% scale</VisuallyHidden>
                <span className="methods-table__scale" aria-hidden="true">
                  {SCALE_TICKS.map((tick) => (
                    <span key={tick} style={{ left: `${tick}%` }}>
                      {tick}%
                    </span>
                  ))}
                </span>
              </th>
              <th scope="col">Estimate</th>
              <th scope="col">Lower</th>
              <th scope="col">Upper</th>
              <th scope="col">Width</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const shown = formatIntervalParts(row.interval, digits);
              return (
                <tr key={row.name}>
                  <th scope="row">
                    <span className="methods-table__name">{row.name}</span>
                    <span className="methods-table__promise">{row.promise}</span>
                    {row.warning && <span className="methods-table__warning">{row.warning}</span>}
                  </th>
                  <td className="methods-table__bar">
                    <IntervalBar
                      label={`${heading}, ${row.name}`}
                      interval={row.interval}
                      series={series}
                      method={row.name}
                      delta={delta}
                      counts={countsLabel}
                      size="mini"
                      digits={digits}
                    />
                  </td>
                  <td className="methods-table__number">{shown.estimate}</td>
                  <td className="methods-table__number">{shown.lower}</td>
                  <td className="methods-table__number">{shown.upper}</td>
                  <td className="methods-table__number">{formatPercent(row.interval.upper - row.interval.lower, digits, 'up')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
