import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { ChartDownloads } from '../../components/ChartDownloads';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { downloadText } from '../../components/download';
import { LinkProblems } from '../../components/LinkProblems';
import { TableScroll } from '../../components/TableScroll';
import { useLinkState } from '../../components/use-link-state';
import { compareHref, DEFAULT_RANK_TARGET, detectorHref, type HashRoute, parseRankLink, rankHref, type RankLink } from '../../data/links';
import { type AnyDetector, DETECTION_METRIC_KEYS, DETECTION_METRIC_METHOD_IDS, type DetectionMetricKey, type Detector, isClassDetector, LIST_METRIC_NAMES } from '../../data/detectors';
import { formatConfidence, formatDifferenceParts, formatFullPrecision, formatHonestPercent, formatPValue, formatWholeCount, percentNumber } from '../../data/format';
import { textCell, UTF8_BOM } from '../../data/files';
import { DifferenceChart, type DifferenceRow } from './DifferenceChart';
import { classTargetVerdicts, type RankJob, type RankVerdict } from './rank-compute';
import { useRanking } from './use-ranking';
import { useCompareWorkspace } from './use-compare-workspace';
import { useWorkspace } from '../../store/workspace';
import { type BalancedMethod, METRIC_METHOD_NAMES } from '../../data/methods';
import './compare.css';
import { ColumnHeads } from '../../components/ColumnHeads';

const TITLE = 'Rank detectors';
/** Rows drawn in the chart (the table lists every detector). */
const CHART_ROWS = 20;
const METHOD = {
  target: 'simultaneous-one-sided-lower-bound-bonferroni-holm',
  reference: 'exact-unpaired-balanced-difference-bonferroni-holm',
} as const;
/** The CSV's method against a target when the bounds are an exact search's (Bonferroni, no Holm). */
const SEARCHED_TARGET_METHOD: Record<Exclude<BalancedMethod, 'union'>, string> = {
  buehler: 'simultaneous-one-sided-buehler-lower-bound-bonferroni',
  inversion: 'simultaneous-one-sided-inversion-lower-bound-bonferroni',
};
/** How the page names each method's one-sided lower bound. */
const LOWER_BOUND_NAMES: Record<BalancedMethod, string> = {
  buehler: 'Buehler’s exact one-sided bound, ordered by the union bound and never below it',
  union: 'the exact one-sided union bound',
  inversion: 'the exact one-sided test inversion ordered by the estimate',
};

/** The CSV's method of a K-class detector's row (against a target balanced accuracy). */
const CLASS_TARGET_METHOD = 'simultaneous-one-sided-macro-recall-union-bound-bonferroni';

/** The CSV's method column for a ranking. */
function rankMethod(against: RankLink['against'], method: BalancedMethod): string {
  if (against.kind === 'target' && against.metric !== undefined) return `simultaneous-one-sided-${against.metric}-${DETECTION_METRIC_METHOD_IDS[against.metric]}-lower-bound-bonferroni`;
  return against.kind === 'target' && method !== 'union' ? SEARCHED_TARGET_METHOD[method] : METHOD[against.kind];
}

/** What is ranked, as the page says it: "balanced accuracy", or the chosen metric's name. */
function rankedName(against: RankLink['against']): string {
  return against.kind === 'target' && against.metric !== undefined ? LIST_METRIC_NAMES[against.metric] : 'balanced accuracy';
}

/** The family-wise sentence of a ranking by a test-set metric (issue 28). */
function metricFamilyText(metric: DetectionMetricKey, target: number, delta: number, m: number, level: string): string {
  return (
    `Family-wise error ≤ ${formatFullPrecision(delta)} across all ${formatWholeCount(m)} comparisons (Bonferroni): each lower bound is ${LIST_METRIC_NAMES[metric]}’s exact one-sided bound at δ/${formatWholeCount(m)} ` +
    `(${METRIC_METHOD_NAMES[DETECTION_METRIC_METHOD_IDS[metric]]}: the lower end of its interval at 2δ/${formatWholeCount(m)}), so all hold together with probability ≥ ${level}, and a detector is proven above the target when its bound is above it — ` +
    `the chance that any detector listed as proven is not above ${percentNumber(target)}% is at most δ. No p-values: the verdict is Bonferroni’s on the bounds.` +
    (metric === 'precision' || metric === 'npv' ? ' Test-set precision and NPV describe each test set’s own mix of YES and NO.' : '')
  );
}

/** `#/rank?…`: many workspace detectors against a target accuracy or a reference detector, family-wise. */
export function RankView({ route }: { route: HashRoute }) {
  const parsed = useMemo(() => parseRankLink(route.params), [route]);
  if (!parsed.ok) return <LinkProblems title={TITLE} problems={parsed.problems} fallbackHref={rankHref({ against: { kind: 'target', target: DEFAULT_RANK_TARGET }, ids: undefined, delta: undefined })} />;
  return <RankPage linked={parsed.value} linkKey={route.params.toString()} />;
}

interface Ranked {
  detector: AnyDetector;
  verdict: RankVerdict;
}

/** "YES 38/40, NO 55/60", or a K-class detector's "3 classes, 129 examples". */
function countsNote(detector: AnyDetector): string {
  if (!isClassDetector(detector)) return `YES ${detector.yes.correct}/${detector.yes.total}, NO ${detector.no.correct}/${detector.no.total}`;
  return `${detector.classes.length} classes, ${formatWholeCount(detector.matrix.flat().reduce((sum, cell) => sum + cell, 0))} examples`;
}

// Over 120 lines (124): the page's hooks (link state, ranking job, chart picture) and its markup in
// order; the table and chart are already components of their own.
function RankPage({ linked, linkKey }: { linked: RankLink; linkKey: string }) {
  const id = useId();
  const chartRef = useRef<HTMLDivElement>(null);
  const [link, setLink] = useLinkState(linked, linkKey, rankHref);
  const { stored, ready, delta, setDelta } = useCompareWorkspace(link, setLink);
  const storedClasses = useWorkspace((state) => state.classDetectors);
  // Against a target the simultaneous lower bounds are the workspace's balanced interval's.
  const balancedMethod = useWorkspace((state) => state.balancedMethod);

  const { chosen, missing, empty } = useMemo(() => {
    const byId = new Map(stored.map((detector) => [detector.id, detector]));
    const wanted = link.ids === undefined ? stored : link.ids.map((wantedId) => byId.get(wantedId)).filter((found): found is Detector => found !== undefined);
    return {
      chosen: wanted.filter((detector) => detector.yes.total > 0 && detector.no.total > 0),
      missing: link.ids === undefined ? [] : link.ids.filter((wantedId) => !byId.has(wantedId) && !storedClasses.some((detector) => detector.id === wantedId)),
      empty: wanted.filter((detector) => detector.yes.total === 0 || detector.no.total === 0),
    };
  }, [stored, storedClasses, link.ids]);
  const { against } = link;
  // K-class detectors join a ranking of balanced accuracy against a target (their macro recall); elsewhere they are left out, as the page says.
  const wantedClasses = useMemo(() => (link.ids === undefined ? storedClasses : storedClasses.filter((detector) => link.ids!.includes(detector.id))), [storedClasses, link.ids]);
  const classesRanked = against.kind === 'target' && against.metric === undefined;
  const chosenClasses = useMemo(() => (classesRanked ? wantedClasses : []), [classesRanked, wantedClasses]);
  // The family: every two-class and K-class detector ranked. The two-class ones take δ·m₂/m of the error (their rule runs at that level), the K-class ones δ/m each.
  const mAll = chosen.length + chosenClasses.length;
  const twoClassDelta = chosenClasses.length === 0 ? delta : (delta * chosen.length) / mAll;
  const referenceIndex = against.kind === 'reference' ? chosen.findIndex((detector) => detector.id === against.id) : -1;
  const job = useMemo<RankJob | null>(() => {
    // Nothing to compare: no detectors, no reference among them, or the reference alone.
    if (chosen.length === 0 || (against.kind === 'reference' && (referenceIndex === -1 || chosen.length === 1))) return null;
    const counts = new Float64Array(chosen.flatMap((d) => [d.yes.correct, d.yes.total, d.no.correct, d.no.total]));
    return against.kind === 'target'
      ? { against: 'target', target: against.target, delta: twoClassDelta, counts, method: balancedMethod, metric: against.metric }
      : { against: 'reference', reference: referenceIndex, delta, counts };
  }, [chosen, against, referenceIndex, delta, twoClassDelta, balancedMethod]);
  const twoClassAnswer = useRanking(job);
  const classAnswer = useMemo(() => {
    if (chosenClasses.length === 0 || against.kind !== 'target') return null;
    try {
      return { verdicts: classTargetVerdicts(chosenClasses.map((detector) => detector.matrix), against.target, delta, mAll), message: '' };
    } catch (error) {
      return { verdicts: [], message: error instanceof Error ? error.message : String(error) };
    }
  }, [chosenClasses, against, delta, mAll]);
  // With K-class detectors alone there is no worker job: their verdicts are the answer.
  const answer = useMemo(
    () => (classAnswer?.message ? { kind: 'failed' as const, message: classAnswer.message } : job === null && classAnswer !== null ? { kind: 'done' as const, verdicts: [], m: 0 } : twoClassAnswer),
    [classAnswer, job, twoClassAnswer],
  );
  const ranked = useMemo<Ranked[]>(() => {
    if (answer?.kind !== 'done') return [];
    const classRows = chosenClasses.map((detector, index): Ranked => ({ detector, verdict: classAnswer!.verdicts[index]! }));
    return [
      ...chosen.map((detector, index): { detector: AnyDetector; verdict: RankVerdict | null } => ({ detector, verdict: answer.verdicts[index] ?? null })).filter((row): row is Ranked => row.verdict !== null),
      ...classRows,
    ].sort((x, y) => y.verdict.lower - x.verdict.lower || y.verdict.estimate - x.verdict.estimate);
  }, [answer, chosen, chosenClasses, classAnswer]);
  // A thousand rows render in the background, in slices, so the page stays responsive.
  const tableRows = useDeferredValue(ranked);
  const m = answer?.kind !== 'done' ? 0 : chosenClasses.length === 0 ? answer.m : mAll;
  const reference = referenceIndex >= 0 ? chosen[referenceIndex] : undefined;
  const level = formatConfidence(delta);
  const proven = ranked.filter((row) => row.verdict.provenBetter).length;

  if (!ready) return <p role="status">Opening your workspace…</p>;

  return (
    <section className="compare-view rank-view">
      <h1>{TITLE}</h1>
      <p>
        {formatWholeCount(mAll)} detector{mAll === 1 ? '' : 's'}{link.ids === undefined ? ' (the whole workspace)' : ''}, each
        compared with {against.kind === 'target' ? `a target ${rankedName(against).toLowerCase()} of ${percentNumber(against.target)}%` : `the reference “${reference?.name ?? against.id}”`}.
      </p>
      {(missing.length > 0 || empty.length > 0) && (
        <p role="alert" className="compare-view__problem">
          {missing.length > 0 && `Not in this workspace, left out: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}. `}
          {empty.length > 0 && `No examples in a class (balanced accuracy undefined), left out: ${empty.slice(0, 5).map((d) => d.name).join(', ')}${empty.length > 5 ? ` and ${empty.length - 5} more` : ''}.`}
        </p>
      )}
      {!classesRanked && wantedClasses.length > 0 && (
        <p className="compare-view__note" data-testid="classes-left-out">
          {formatWholeCount(wantedClasses.length)} detector{wantedClasses.length === 1 ? '' : 's'} with more than two classes {wantedClasses.length === 1 ? 'is' : 'are'} left
          out: {wantedClasses.length === 1 ? 'it is' : 'they are'} ranked by balanced accuracy (macro recall) against a target only.
        </p>
      )}
      <RankControls link={link} detectors={chosen} onChange={setLink} />
      <ConfidenceControl delta={delta} onChange={setDelta} />
      {against.kind === 'reference' && referenceIndex === -1 && (
        <p role="alert" className="compare-view__problem">
          The reference “{against.id}” is not among these detectors; choose one above.
        </p>
      )}
      {against.kind === 'reference' && referenceIndex !== -1 && chosen.length === 1 && (
        <p role="alert" className="compare-view__problem">
          Only the reference is here: there is nothing to compare it with. Add detectors to the ranking above.
        </p>
      )}
      {job !== null && (answer === null || answer.kind === 'progress') && (
        <p role="status">
          Ranking {formatWholeCount(chosen.length)} detectors in a background worker
          {answer?.kind === 'progress' ? ` (${Math.round(answer.fraction * 100)}% of the exact bounds)` : ''}…
        </p>
      )}
      {answer?.kind === 'failed' && (
        <p role="alert" className="compare-view__problem">
          The ranking failed: {answer.message}
        </p>
      )}
      {answer?.kind === 'done' && (
        <>
          <section aria-labelledby={`${id}-verdict`}>
            <h2 id={`${id}-verdict`}>
              {formatWholeCount(proven)} of {formatWholeCount(m)} proven {against.kind === 'target' ? 'above the target' : 'better than the reference'}
            </h2>
            <p className="compare-view__sentence" data-testid="family-wise">
              {against.kind === 'target' && against.metric !== undefined
                ? metricFamilyText(against.metric, against.target, delta, m, level)
                : against.kind === 'target' && balancedMethod !== 'union'
                ? `Family-wise error ≤ ${formatFullPrecision(delta)} across all ${formatWholeCount(m)} comparisons (Bonferroni): each lower bound is ${LOWER_BOUND_NAMES[balancedMethod]}, at δ/${formatWholeCount(m)}, so all hold together with probability ≥ ${level}, and a detector is proven above the target when its bound is above it — the chance that any detector listed as proven is not above ${percentNumber(against.target)}% is at most δ. These bounds are not nested in δ, so they give no p-value and no Holm step-down; with the union bound chosen, Holm can prove a detector these miss when many are above the target, while these prove more where classes are small.`
                : against.kind === 'target'
                ? `Family-wise error ≤ ${formatFullPrecision(delta)} across all ${formatWholeCount(m)} comparisons (Holm): the chance that any detector listed as proven is not above ${percentNumber(against.target)}% is at most δ. The lower bounds are simultaneous (Bonferroni, each at δ/${formatWholeCount(m)}), each the exact one-sided union bound: the mean of the two classes’ exact (Clopper–Pearson) lower bounds at δ/${formatWholeCount(2 * m)} each (the workspace’s setting).`
                : `Family-wise error ≤ ${formatFullPrecision(delta)} across all ${formatWholeCount(m)} comparisons (Holm): the chance that any detector listed as proven better is not better than the reference is at most δ. The intervals are simultaneous (Bonferroni, each exact unpaired interval at δ/${formatWholeCount(m)}, all holding together with probability ≥ ${level}). Not paired: the workspace has each detector’s counts, not which examples each got right — for a paired ranking open the per-example file in Evaluation data (“Rank the detectors against a reference on the same examples”).`}
            </p>
            {chosenClasses.length > 0 && (
              <p className="compare-view__sentence" data-testid="classes-family">
                Of the {formatWholeCount(m)} comparisons, {formatWholeCount(chosenClasses.length)} {chosenClasses.length === 1 ? 'is a detector' : 'are detectors'} with
                more than two classes: each macro recall’s exact one-sided union bound at δ/{formatWholeCount(m)} (the mean of its K class recalls’ exact lower bounds at
                δ/({formatWholeCount(m)}K) each; no p-value). The {formatWholeCount(chosen.length)} two-class detectors share δ·{formatWholeCount(chosen.length)}/
                {formatWholeCount(m)} = {Number(twoClassDelta.toPrecision(4))} of the error, at which their rule runs
                {balancedMethod === 'union' ? ' (their Holm-adjusted p-values, over those detectors, are compared with it)' : ''}, so all {formatWholeCount(m)} hold together with
                probability ≥ {level}.
              </p>
            )}
            <p className="compare-view__note" data-testid="winners-curse">
              Winner’s curse: the best-looking detector’s estimate is optimistic — it was picked because it came out on top, and
              part of its lead is luck. Trust its simultaneous {against.kind === 'target' ? 'lower bound' : 'interval'}, not its estimate, or confirm it on fresh examples.
            </p>
            <div ref={chartRef} className="compare-view__chart">
              <DifferenceChart
                rows={chartRows(ranked.slice(0, CHART_ROWS), against, delta, m)}
                title={chartTitle(against, reference?.name, level, Math.min(CHART_ROWS, ranked.length), m)}
                better={against.kind === 'target' ? { left: 'below target', right: 'above target' } : { left: 'reference better', right: 'detector better' }}
              />
            </div>
            <ChartDownloads
              source={chartRef}
              title={chartTitle(against, reference?.name, level, Math.min(CHART_ROWS, ranked.length), m)}
              caption={`${rankMethod(against, balancedMethod)} · δ = ${formatFullPrecision(delta)} · m = ${m}`}
            />
          </section>
          <RankTable ranked={tableRows} against={against} delta={delta} reference={reference} method={balancedMethod} />
          <div className="compare-view__actions">
            <button type="button" onClick={() => downloadText('tailbound-ranking.csv', rankingToCsv(ranked, against, delta, m, reference, balancedMethod), 'text/csv;charset=utf-8')}>
              Export ranking (CSV)
            </button>
            <CopyLinkButton getUrl={() => new URL(rankHref({ ...link, delta }), window.location.href).href} />
          </div>
        </>
      )}
    </section>
  );
}

function chartTitle(against: RankLink['against'], referenceName: string | undefined, level: string, shown: number, m: number) {
  return against.kind === 'target'
    ? `${LIST_METRIC_NAMES[against.metric ?? 'balanced']} − target ${percentNumber(against.target)}%: simultaneous ${level} one-sided bounds, top ${shown} of ${m}`
    : `Balanced accuracy − ${referenceName ?? 'reference'}: simultaneous ${level} unpaired intervals, top ${shown} of ${m}`;
}

/** Against a target the bound is one-sided: the interval drawn is [lower, 100%] minus the target. */
function chartRows(ranked: readonly Ranked[], against: RankLink['against'], delta: number, m: number): DifferenceRow[] {
  const shift = against.kind === 'target' ? against.target : 0;
  return ranked.map(({ detector, verdict }) => ({
    label: detector.name,
    interval: { estimate: verdict.estimate - shift, lower: verdict.lower - shift, upper: verdict.upper - shift },
    note: `${countsNote(detector)} · ${against.kind === 'target' ? 'one-sided' : 'two-sided'} at δ/${formatWholeCount(m)} ≈ ${Number((delta / m).toPrecision(3))}`,
    proven: verdict.provenBetter || verdict.provenWorse,
    oneSided: against.kind === 'target',
  }));
}

function RankControls({ link, detectors, onChange }: { link: RankLink; detectors: readonly Detector[]; onChange: (link: RankLink) => void }) {
  const id = useId();
  const { against } = link;
  const linkedTarget = against.kind === 'target' ? against.target : undefined;
  const [targetText, setTargetText] = useState(percentNumber(linkedTarget ?? DEFAULT_RANK_TARGET));
  const [problem, setProblem] = useState('');
  // A target changed elsewhere (a link opened in this tab) shows in the field, which kept the old one.
  const [shownTarget, setShownTarget] = useState(linkedTarget);
  if (shownTarget !== linkedTarget) {
    setShownTarget(linkedTarget);
    if (linkedTarget !== undefined) {
      setTargetText(percentNumber(linkedTarget));
      setProblem('');
    }
  }
  const commitTarget = (text: string) => {
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
      setProblem(`Target “${text}” must be a percentage from 0 to 100.`);
      return;
    }
    setProblem('');
    onChange({ ...link, against: { kind: 'target', target: value / 100, metric: against.kind === 'target' ? against.metric : undefined } });
  };
  return (
    <div className="compare-view__controls">
      <fieldset>
        <legend>Rank against</legend>
        <label>
          <input type="radio" name={`${id}-against`} checked={against.kind === 'target'} onChange={() => commitTarget(targetText)} />
          A target (balanced accuracy or another metric)
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-against`}
            checked={against.kind === 'reference'}
            disabled={detectors.length < 2}
            onChange={() => onChange({ ...link, against: { kind: 'reference', id: detectors[0]!.id } })}
          />
          A reference detector
        </label>
      </fieldset>
      {against.kind === 'target' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            commitTarget(targetText);
          }}
        >
          <label htmlFor={`${id}-metric`}>Rank by</label>{' '}
          <select
            id={`${id}-metric`}
            value={against.metric ?? 'balanced'}
            onChange={(event) => onChange({ ...link, against: { ...against, metric: event.target.value === 'balanced' ? undefined : (event.target.value as DetectionMetricKey) } })}
          >
            {(['balanced', ...DETECTION_METRIC_KEYS] as const).map((key) => (
              <option key={key} value={key}>
                {LIST_METRIC_NAMES[key]}
              </option>
            ))}
          </select>{' '}
          <label htmlFor={`${id}-target`}>Target {rankedName(against).toLowerCase()} (%)</label>{' '}
          <input
            id={`${id}-target`}
            type="text"
            inputMode="decimal"
            value={targetText}
            aria-invalid={problem !== ''}
            aria-describedby={problem ? `${id}-target-problem` : undefined}
            onChange={(event) => setTargetText(event.target.value)}
            onBlur={() => commitTarget(targetText)}
          />
          {problem && (
            <p id={`${id}-target-problem`} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </form>
      ) : (
        <>
        <p className="compare-view__note" data-testid="reference-metric-note">
          Against a reference, ranking is by balanced accuracy only. Recall and specificity differences have an exact construction (two
          independent proportions), as do precision and NPV given each detector’s number of answers, but this page does not compute them yet; F1
          has no exact construction here. Rank by another metric against a target instead.
        </p>
        <label>
          Reference detector{' '}
          <select value={against.id} onChange={(event) => onChange({ ...link, against: { kind: 'reference', id: event.target.value } })}>
            {detectors.map((detector) => (
              <option key={detector.id} value={detector.id}>
                {detector.name}
              </option>
            ))}
          </select>
        </label>
        </>
      )}
    </div>
  );
}

function RankTable(props: { ranked: readonly Ranked[]; against: RankLink['against']; delta: number; reference: Detector | undefined; method: BalancedMethod }) {
  // A detector's page opens with the workspace's balanced interval, as the list's links do.
  const { ranked, against, delta, reference, method: balancedMethod } = props;
  const target = against.kind === 'target';
  return (
    <TableScroll label="Ranking table">
      <table className="compare-table rank-table" data-testid="ranking-table">
        <caption>
          {target && against.metric !== undefined
            ? `Ordered by simultaneous lower bound. ${LIST_METRIC_NAMES[against.metric]}: estimate and simultaneous exact one-sided lower bound (${METRIC_METHOD_NAMES[DETECTION_METRIC_METHOD_IDS[against.metric]]}, at δ/m); no p-values (the verdict is Bonferroni’s on the bounds).`
            : target
            ? balancedMethod === 'union'
              ? 'Ordered by simultaneous lower bound. Balanced accuracy: estimate and simultaneous exact one-sided lower bound (union bound, δ/2m per class); p-values for “above the target”, raw and Holm-adjusted.'
              : `Ordered by simultaneous lower bound. Balanced accuracy: estimate and simultaneous lower bound (${LOWER_BOUND_NAMES[balancedMethod]}, at δ/m); no p-values (the verdict is Bonferroni’s on the bounds).`
            : `Ordered by simultaneous lower bound. Difference detector − ${reference?.name ?? 'reference'} in balanced accuracy, points: estimate and simultaneous exact unpaired interval (Bonferroni); p-values for “better than the reference”, raw and Holm-adjusted.`}
        </caption>
        <ColumnHeads names={['Rank', 'Detector', target ? 'Estimate' : 'Difference', target ? 'Simultaneous lower bound' : 'Simultaneous interval', 'p', 'Holm p', 'Verdict']} />
        <tbody>
          {ranked.map(({ detector, verdict }, index) => (
            <tr key={detector.id}>
              <td>{index + 1}</td>
              <th scope="row">
                <a href={detectorHref(detector.id, delta, undefined, balancedMethod)}>{detector.name}</a>
                {!target && reference && !isClassDetector(detector) && (
                  <>
                    {' '}
                    <a
                      className="compare-view__note"
                      href={compareHref({ a: { id: detector.id, name: detector.name, counts: detector }, b: { id: reference.id, name: reference.name, counts: reference }, data: { kind: 'detectors' }, delta })}
                    >
                      compare
                    </a>
                  </>
                )}
              </th>
              {target ? <TargetCells verdict={verdict} /> : <DifferenceCells verdict={verdict} />}
              <PValueCells verdict={verdict} />
              <td className={verdict.provenBetter ? 'compare-table__proven' : undefined}>
                {verdict.provenBetter ? (target ? 'proven above' : 'proven better') : verdict.provenWorse ? 'proven worse' : 'not shown'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function TargetCells({ verdict }: { verdict: RankVerdict }) {
  return (
    <>
      <td>{formatHonestPercent(verdict.estimate, 'nearest')}</td>
      <td>≥ {formatHonestPercent(verdict.lower, 'down')}</td>
    </>
  );
}

function PValueCells({ verdict }: { verdict: RankVerdict }) {
  return (
    <>
      <td>{verdict.pValue === null ? '—' : formatPValue(verdict.pValue)}</td>
      <td>{verdict.adjustedPValue === null ? '—' : formatPValue(verdict.adjustedPValue)}</td>
    </>
  );
}

function DifferenceCells({ verdict }: { verdict: RankVerdict }) {
  const shown = formatDifferenceParts(verdict);
  return (
    <>
      <td>{shown.estimate}</td>
      <td>
        [{shown.lower}, {shown.upper}]
      </td>
    </>
  );
}

/** The ranking as CSV: unrounded numbers, m, δ, the method, the counts and the reference's counts. */
export function rankingToCsv(
  ranked: readonly Ranked[],
  against: RankLink['against'],
  delta: number,
  m: number,
  reference?: Detector,
  method: BalancedMethod = 'union',
): string {
  const header = [
    'rank', 'detector_id', 'detector_name', 'against', 'estimate', 'lower', 'upper', 'p_value', 'holm_adjusted_p_value', 'verdict', 'm', 'delta', 'method',
    'yes_correct', 'yes_total', 'no_correct', 'no_total',
    'reference_yes_correct', 'reference_yes_total', 'reference_no_correct', 'reference_no_total',
  ];
  // Against a reference each row's difference is with its counts: they travel with the file (empty against a target).
  const referenceCounts = against.kind === 'reference' && reference ? [reference.yes.correct, reference.yes.total, reference.no.correct, reference.no.total] : ['', '', '', ''];
  const againstText = against.kind === 'target' ? `target ${against.target}` : `reference ${against.id}`;
  const lines = ranked.map(({ detector, verdict }, index) => {
    const kClasses = isClassDetector(detector);
    return [
      index + 1,
      textCell(detector.id),
      textCell(detector.name),
      textCell(againstText),
      verdict.estimate,
      verdict.lower,
      verdict.upper,
      verdict.pValue ?? '',
      verdict.adjustedPValue ?? '',
      verdict.provenBetter ? 'proven_better' : verdict.provenWorse ? 'proven_worse' : 'not_shown',
      m,
      delta,
      kClasses ? CLASS_TARGET_METHOD : rankMethod(against, method),
      // A K-class detector has no YES/NO counts: its matrix is in the workspace's JSON export.
      ...(kClasses ? ['', '', '', ''] : [detector.yes.correct, detector.yes.total, detector.no.correct, detector.no.total]),
      ...referenceCounts,
    ].join(',');
  });
  return `${UTF8_BOM}${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
