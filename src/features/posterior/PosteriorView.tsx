import { useCallback, useMemo, useRef } from 'react';
import { ChartDownloads } from '../../components/ChartDownloads';
import { TableScroll } from '../../components/TableScroll';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { CountField } from '../../components/CountField';
import { LinkProblems } from '../../components/LinkProblems';
import { useLinkState } from '../../components/use-link-state';
import { formatConfidence, formatFullPrecision, formatInterval, formatPercent, formatWholeCount, honestDigits } from '../../data/format';
import {
  BRODERSEN_EXAMPLE,
  DEFAULT_POSTERIOR_LINK,
  type HashRoute,
  MAX_POSTERIOR_COUNT,
  methodsHref,
  parsePosteriorLink,
  posteriorHref,
  type PosteriorLink,
} from '../../data/links';
import type { ConfusionMatrix } from '../../stats';
import { PosteriorChart } from './PosteriorChart';
import { CHANCE, posteriorCurves, posteriorFacts, type PosteriorFacts } from './posterior-summary';
import './posterior.css';
import { ColumnHeads } from '../../components/ColumnHeads';

const TITLE = 'Posterior balanced accuracy';
const DIGITS = 1;

/** `#/posterior`: Brodersen et al.'s posterior of the balanced accuracy beside the plain accuracy's. */
export function PosteriorView({ route, chartWidth }: { route: HashRoute; chartWidth?: number }) {
  const { params } = route;
  const parsed = useMemo(() => parsePosteriorLink(params), [params]);
  if (!parsed.ok) {
    return <LinkProblems title={TITLE} problems={parsed.problems} fallbackHref={posteriorHref(DEFAULT_POSTERIOR_LINK)} />;
  }
  return <PosteriorPage linked={parsed.value} linkKey={params.toString()} chartWidth={chartWidth} />;
}

const CELLS: { key: keyof ConfusionMatrix; label: string }[] = [
  { key: 'tp', label: 'TP: should-be-YES, called YES' },
  { key: 'fn', label: 'FN: should-be-YES, called NO' },
  { key: 'fp', label: 'FP: should-be-NO, called YES' },
  { key: 'tn', label: 'TN: should-be-NO, called NO' },
];

const NO_LIMIT = { value: MAX_POSTERIOR_COUNT, message: `Counts up to ${formatWholeCount(MAX_POSTERIOR_COUNT)} are supported here.` };

function PosteriorPage({ linked, linkKey, chartWidth }: { linked: PosteriorLink; linkKey: string; chartWidth: number | undefined }) {
  const [link, setLink] = useLinkState(linked, linkKey, posteriorHref);
  const { counts, delta } = link;
  const setDelta = useCallback((next: number) => setLink({ ...link, delta: next }), [link, setLink]);
  const setCell = useCallback((key: keyof ConfusionMatrix, value: number) => setLink({ ...link, counts: { ...link.counts, [key]: value } }), [link, setLink]);
  const curves = useMemo(() => posteriorCurves(counts), [counts]);
  const balanced = useMemo(() => posteriorFacts(curves.balanced, delta), [curves, delta]);
  const accuracy = useMemo(() => posteriorFacts(curves.accuracy, delta), [curves, delta]);
  const level = formatConfidence(delta);
  const countsText = `TP ${counts.tp}, FN ${counts.fn}, TN ${counts.tn}, FP ${counts.fp}`;
  const chartRef = useRef<HTMLElement>(null);
  const isExample = CELLS.every(({ key }) => counts[key] === BRODERSEN_EXAMPLE[key]);

  return (
    <section className="posterior-view">
      <h1>{TITLE}</h1>
      <p className="posterior-view__intro">
        Brodersen et al. (2010) treat each class’s accuracy as unknown with a flat prior — A⁺ ~ Beta(TP + 1, FN + 1) and
        A⁻ ~ Beta(TN + 1, FP + 1) — and ask what the data say about the balanced accuracy (A⁺ + A⁻)/2. Its posterior,
        next to the posterior of plain accuracy, shows when a good-looking accuracy is only the test set’s imbalance.
      </p>
      <div className="posterior-view__controls">
        <fieldset className="posterior-view__matrix">
          <legend>Confusion matrix</legend>
          {CELLS.map(({ key, label }) => (
            <CountField key={key} label={label} value={counts[key]} max={NO_LIMIT} onCommit={(value) => setCell(key, value)} />
          ))}
          <p className="posterior-view__totals">
            {counts.tp + counts.fn} should-be-YES, {counts.tn + counts.fp} should-be-NO examples.
          </p>
        </fieldset>
        <div className="posterior-view__side">
          <button
            type="button"
            className="posterior-view__example"
            aria-pressed={isExample}
            onClick={() => setLink({ ...link, counts: BRODERSEN_EXAMPLE })}
          >
            Imbalanced test set, biased classifier (Brodersen et al. 2010)
          </button>
          <ConfidenceControl delta={delta} onChange={setDelta} credible />
        </div>
      </div>

      <p className="posterior-view__lesson" data-testid="posterior-lesson">
        {lessonSentence(counts, balanced, accuracy, level)}
      </p>

      <figure className="posterior-view__figure" ref={chartRef}>
        <PosteriorChart density={curves.density} balanced={balanced} accuracy={accuracy} width={chartWidth} />
        <figcaption>
          Posterior densities for {countsText} under flat priors. Shaded: each central {level} posterior interval; dotted: the
          posterior means; dashed: chance (50%).
        </figcaption>
      </figure>
      <ChartDownloads
        source={chartRef}
        title={`Posterior of the balanced and the plain accuracy, ${countsText}`}
        caption={
          `Posterior densities (Brodersen et al. 2010, flat Beta(1, 1) priors per class) for ${countsText}. Shaded: central ${level} ` +
          `posterior intervals, δ = ${formatFullPrecision(delta)}: balanced ${formatInterval(balanced.interval, DIGITS)}, plain ` +
          `${formatInterval(accuracy.interval, DIGITS)}. Dotted: posterior means; dashed: chance (50%).`
        }
      />

      <TableScroll label="Posterior summaries">
        <table className="posterior-table">
          <caption>
            Posterior summaries for {countsText}: central {level} intervals (δ = {formatFullPrecision(delta)}) rounded outward.
          </caption>
          <ColumnHeads names={['Posterior', 'Mean', 'Median', 'Mode', `${level} interval`, 'P(> 50%)']} />
          <tbody>
            <FactsRow name="Balanced accuracy" facts={balanced} testId="balanced" />
            <FactsRow name="Plain accuracy" facts={accuracy} testId="accuracy" />
          </tbody>
        </table>
      </TableScroll>
      {counts.tp + counts.fn > 0 && counts.tn + counts.fp > 0 && (
        <p className="posterior-view__next">
          <a
            href={methodsHref({
              kind: 'detector',
              yes: { correct: counts.tp, total: counts.tp + counts.fn },
              no: { correct: counts.tn, total: counts.tn + counts.fp },
              delta,
            })}
          >
            Compare with the exact intervals (test inversion and union bound) and the other methods
          </a>
        </p>
      )}
    </section>
  );
}

/** Decimals at which a posterior's mean, median, mode and interval read honestly together. */
function factsDigits(facts: PosteriorFacts): number {
  const centres = [facts.mean, facts.median, facts.mode].map((value) => ({ value, rounding: 'nearest' as const }));
  return honestDigits([...centres, { value: facts.interval.lower, rounding: 'down' }, { value: facts.interval.upper, rounding: 'up' }], DIGITS);
}

function FactsRow({ name, facts, testId }: { name: string; facts: PosteriorFacts; testId: string }) {
  const digits = factsDigits(facts);
  return (
    <tr data-testid={`posterior-${testId}`}>
      <th scope="row">{name}</th>
      <td data-value={facts.mean}>{formatPercent(facts.mean, digits)}</td>
      <td data-value={facts.median}>{formatPercent(facts.median, digits)}</td>
      <td data-value={facts.mode}>{formatPercent(facts.mode, digits)}</td>
      <td data-lower={facts.interval.lower} data-upper={facts.interval.upper}>
        {formatInterval(facts.interval, digits)}
      </td>
      <td data-value={facts.aboveChance}>{formatProbability(facts.aboveChance)}</td>
    </tr>
  );
}

/** The paper's lesson, stated for these counts: does each posterior interval clear chance? */
export function lessonSentence(counts: ConfusionMatrix, balanced: PosteriorFacts, accuracy: PosteriorFacts, level: string): string {
  const yes = counts.tp + counts.fn;
  const no = counts.tn + counts.fp;
  const calledYes = counts.tp + counts.fp;
  const balancedText = `the balanced accuracy’s ${level} interval ${formatInterval(balanced.interval, DIGITS)} (mean ${formatPercent(balanced.mean, factsDigits(balanced))})`;
  const accuracyText = `plain accuracy’s ${level} interval ${formatInterval(accuracy.interval, DIGITS)}`;
  const chance = `P(balanced accuracy > 50%) = ${formatProbability(balanced.aboveChance)}.`;
  const clears = (facts: PosteriorFacts) => facts.interval.lower > CHANCE;
  if (clears(accuracy) && !clears(balanced)) {
    return (
      `Plain accuracy looks convincing: its ${level} interval ${formatInterval(accuracy.interval, DIGITS)} stays above chance. ` +
      `But ${balancedText} reaches chance: ` +
      `on a test set of ${yes} should-be-YES and ${no} should-be-NO examples, a classifier that says YES ${calledYes} times ` +
      `out of ${yes + no} scores well on accuracy without having learned much. ${chance}`
    );
  }
  if (clears(accuracy) && clears(balanced)) return `Both clear chance: ${accuracyText}, ${balancedText}. ${chance}`;
  if (clears(balanced)) return `Only the balanced accuracy clears chance: ${balancedText}, ${accuracyText}. ${chance}`;
  return `Neither clears chance: ${accuracyText}, ${balancedText}. ${chance}`;
}

/**
 * A posterior probability as a percentage that never reads a near-certainty as "100.0%" or a long
 * shot as "0.0%". The posterior puts mass everywhere in (0, 1), so a computed 0 or 1 (1 − 10⁻²⁰ is 1
 * in a double) is rounding, and reads "< 0.1%" or "> 99.9%" too.
 */
export function formatProbability(probability: number): string {
  const extreme = 10 ** -(DIGITS + 2);
  if (probability < extreme) return `< ${formatPercent(extreme, DIGITS)}`;
  if (probability > 1 - extreme) return `> ${formatPercent(1 - extreme, DIGITS)}`;
  return formatPercent(probability, DIGITS);
}
