import { type BalancedMethod, METHOD_INFO, PROPORTION_METHODS } from '../../data/methods';
import { useCallback, useMemo, useRef } from 'react';
import { ChartDownloads } from '../../components/ChartDownloads';
import { TableScroll } from '../../components/TableScroll';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { CountField } from '../../components/CountField';
import { LinkProblems } from '../../components/LinkProblems';
import { useLinkState } from '../../components/use-link-state';
import {
  type CoverageAxis,
  coverageHref,
  type CoverageLink,
  DEFAULT_ANYTIME_HORIZON,
  DEFAULT_COVERAGE_LINK,
  type HashRoute,
  MAX_ANYTIME_HORIZON,
  MAX_COVERAGE_N,
  MAX_HEATMAP_CLASS_SIZE,
  parseCoverageLink,
} from '../../data/links';
import { formatConfidence, formatFullPrecision, formatPercent, formatWholeCount } from '../../data/format';
import type { ProportionMethod } from '../../stats';
import { AnytimePanel } from './AnytimePanel';
import { BalancedCoverageMap } from './BalancedCoverageMap';
import { CURVE_PS, GRID_PS, INVERSION_HEATMAP_CLASS_SIZE } from './coverage-compute';
import { summarizeCoverage, type CoverageSummary } from './coverage-summary';
import { CoverageChart, type CoverageRow } from './CoverageChart';
import { DataDisclosure } from './DataDisclosure';
import { JobProgress } from './JobProgress';
import { useBalancedCoverage, useCoverageCurves } from './use-coverage';
import './coverage.css';
import { ColumnHeads } from '../../components/ColumnHeads';

const TITLE = 'Coverage: how often does each interval contain the truth?';
/** The test set's size and the heat map's class sizes: what each field accepts, and what it says otherwise. */
const N_LIMITS = {
  min: { value: 1, message: 'n must be at least 1.' },
  max: { value: MAX_COVERAGE_N, message: `Coverage curves go up to n = ${formatWholeCount(MAX_COVERAGE_N)}.` },
};
const CLASS_SIZE_LIMITS = {
  min: { value: 1, message: 'A class needs at least one example.' },
  max: { value: MAX_HEATMAP_CLASS_SIZE, message: `The heat map goes up to ${MAX_HEATMAP_CLASS_SIZE} per class.` },
};
const HORIZON_LIMITS = {
  min: { value: 1, message: 'Look after at least one label.' },
  max: { value: MAX_ANYTIME_HORIZON, message: `The chance of ever missing is computed up to N = ${MAX_ANYTIME_HORIZON} labels.` },
};

/** `#/coverage`: each method's exact coverage against the true p, and the balanced interval's over (p⁺, p⁻). */
export function CoverageView({ route, chartWidth }: { route: HashRoute; chartWidth?: number }) {
  const { params } = route;
  const parsed = useMemo(() => parseCoverageLink(params), [params]);
  if (!parsed.ok) {
    return <LinkProblems title={TITLE} problems={parsed.problems} fallbackHref={coverageHref(DEFAULT_COVERAGE_LINK)} />;
  }
  return <CoveragePage linked={parsed.value} linkKey={params.toString()} chartWidth={chartWidth} />;
}

function CoveragePage({ linked, linkKey, chartWidth }: { linked: CoverageLink; linkKey: string; chartWidth: number | undefined }) {
  const [link, setLink] = useLinkState(linked, linkKey, coverageHref);
  const update = useCallback((change: Partial<CoverageLink>) => setLink({ ...link, ...change }), [link, setLink]);
  const setN = useCallback((n: number) => update({ n }), [update]);
  const setDelta = useCallback((delta: number) => update({ delta }), [update]);
  const setYesTotal = useCallback((yesTotal: number) => update({ yesTotal }), [update]);
  const setNoTotal = useCallback((noTotal: number) => update({ noTotal }), [update]);
  const setHorizon = useCallback((anytimeHorizon: number) => update({ anytimeHorizon }), [update]);

  return (
    <section className="coverage-view">
      <h1>{TITLE}</h1>
      <p className="coverage-view__intro">
        A {formatConfidence(link.delta)} interval promises to contain the true accuracy at least {formatConfidence(link.delta)} of
        the time. Here is how often each method actually does, computed exactly — summing the binomial probability of every
        count whose interval contains p, no simulation.
      </p>
      <div className="coverage-view__controls">
        <fieldset className="coverage-view__group">
          <legend>Test set</legend>
          <CountField label="n (examples)" value={link.n} {...N_LIMITS} onCommit={setN} />
        </fieldset>
        <MethodPicker methods={link.methods} onChange={(methods) => update({ methods })} />
        <AxisPicker axis={link.axis} onChange={(axis) => update({ axis })} />
        <ConfidenceControl delta={link.delta} onChange={setDelta} />
      </div>
      <CurvePanel link={link} chartWidth={chartWidth} />
      <section className="coverage-view__panel" aria-labelledby="balanced-coverage-heading">
        <h2 id="balanced-coverage-heading">The balanced interval over every pair of class accuracies</h2>
        <p>
          The blog’s balanced interval averages each class’s exact bounds taken at δ/4 (a union bound over four bounds). tailbound’s
          default, Buehler’s, inverts one exact test of the balanced accuracy with the outcomes ordered by that union bound, so it is never
          wider; the estimate-ordered inversion orders them by the balanced estimate instead. Their coverage depends on both true class
          accuracies; each cell below is computed exactly for {link.yesTotal} should-be-YES and {link.noTotal} should-be-NO examples —
          side by side, all three keep the promise and the exact ones spend less of it.
        </p>
        <fieldset className="coverage-view__group">
          <legend>Class sizes</legend>
          <CountField label="Should-be-YES examples" value={link.yesTotal} {...CLASS_SIZE_LIMITS} onCommit={setYesTotal} />
          <CountField label="Should-be-NO examples" value={link.noTotal} {...CLASS_SIZE_LIMITS} onCommit={setNoTotal} />
        </fieldset>
        <label className="toggle">
          <input type="checkbox" checked={link.bothHeatmaps} onChange={(event) => update({ bothHeatmaps: event.target.checked })} />
          Show the exact searches’ heat maps beside the union bound’s (Buehler’s and the estimate-ordered inversion’s)
        </label>
        <div className="coverage-view__maps">
          {(['union', ...(link.bothHeatmaps ? (['buehler', 'inversion'] as const) : [])] as const).map((method) => (
            <div className="coverage-view__map" key={method} data-testid={`coverage-map-${method}`}>
              <h3>{MAP_WORDING[method].heading}</h3>
              {method === 'union' || Math.max(link.yesTotal, link.noTotal) <= INVERSION_HEATMAP_CLASS_SIZE ? (
                <GridPanel yesTotal={link.yesTotal} noTotal={link.noTotal} delta={link.delta} method={method} />
              ) : (
                <p className="muted">
                  Its heat map goes up to {INVERSION_HEATMAP_CLASS_SIZE} examples per class (each outcome is an exact search over the
                  nuisance); choose smaller class sizes to see it.
                </p>
              )}
            </div>
          ))}
        </div>
      </section>
      <section className="coverage-view__panel" aria-labelledby="anytime-heading">
        <h2 id="anytime-heading">Looking after every label</h2>
        <p>
          Coverage above is for one look at a fixed n. A detector whose labels keep arriving is looked at again and again — a
          dashboard every day, a CI gate on every run — and an interval recomputed after every label gets many chances to miss.
          A confidence sequence (Robbins’ mixture) holds at every label count at once: the chance that it ever misses stays ≤ δ.
          Both are computed exactly, by dynamic programming over every path of labels that has not yet missed.
        </p>
        <label className="toggle">
          <input
            type="checkbox"
            checked={link.anytimeHorizon !== null}
            onChange={(event) => update({ anytimeHorizon: event.target.checked ? DEFAULT_ANYTIME_HORIZON : null })}
          />
          Compute the chance of ever missing when the interval is looked at after every label
        </label>
        {link.anytimeHorizon !== null && (
          <>
            <fieldset className="coverage-view__group">
              <legend>Labels looked at</legend>
              <CountField label="N (labels)" value={link.anytimeHorizon} {...HORIZON_LIMITS} onCommit={setHorizon} />
            </fieldset>
            <AnytimePanel horizon={link.anytimeHorizon} delta={link.delta} chartWidth={chartWidth} />
          </>
        )}
      </section>
    </section>
  );
}

function MethodPicker({ methods, onChange }: { methods: ProportionMethod[]; onChange: (methods: ProportionMethod[]) => void }) {
  const toggle = (method: ProportionMethod, on: boolean) =>
    onChange(PROPORTION_METHODS.filter((candidate) => (candidate === method ? on : methods.includes(candidate))));
  return (
    <fieldset className="coverage-view__group coverage-view__methods">
      <legend>Methods</legend>
      {PROPORTION_METHODS.map((method) => (
        <label key={method}>
          <input
            type="checkbox"
            checked={methods.includes(method)}
            // At least one method stays on: an empty chart answers nothing.
            disabled={methods.length === 1 && methods[0] === method}
            onChange={(event) => toggle(method, event.target.checked)}
          />
          <span className="coverage-view__swatch" style={{ background: `var(--method-${method})` }} aria-hidden="true" />
          {METHOD_INFO[method].label}
        </label>
      ))}
    </fieldset>
  );
}

function AxisPicker({ axis, onChange }: { axis: CoverageAxis; onChange: (axis: CoverageAxis) => void }) {
  return (
    <fieldset className="coverage-view__group coverage-view__axis">
      <legend>Vertical axis</legend>
      <label>
        <input type="radio" name="coverage-axis" checked={axis === 'full'} onChange={() => onChange('full')} />
        0–100%
      </label>
      <label>
        <input type="radio" name="coverage-axis" checked={axis === 'zoom'} onChange={() => onChange('zoom')} />
        Zoom in near 1 − δ
      </label>
    </fieldset>
  );
}

function CurvePanel({ link, chartWidth }: { link: CoverageLink; chartWidth: number | undefined }) {
  const { n, delta, methods, axis } = link;
  const state = useCoverageCurves(methods, n, delta);
  const { curves } = state;
  const rows = useMemo<CoverageRow[]>(
    () =>
      curves
        ? CURVE_PS.map((p, index) => {
            const row: CoverageRow = { p };
            methods.forEach((method, m) => (row[method] = curves[m]![index]!));
            return row;
          })
        : [],
    [curves, methods],
  );
  const summaries = useMemo(
    () => (curves ? methods.map((method, m) => ({ method, summary: summarizeCoverage(curves[m]!, delta) })) : []),
    [curves, methods, delta],
  );
  const level = formatConfidence(delta);
  const setting = `n = ${formatWholeCount(n)}, δ = ${formatFullPrecision(delta)}`;
  const chartRef = useRef<HTMLElement>(null);

  return (
    <section className="coverage-view__panel" aria-labelledby="coverage-curves-heading">
      <h2 id="coverage-curves-heading">
        Coverage of one proportion’s interval at n = {formatWholeCount(n)}
      </h2>
      <JobProgress
        state={state}
        label="Coverage curves"
        workDescription={`${methods.length} method${methods.length === 1 ? '' : 's'} × ${CURVE_PS.length} values of p at ${setting}`}
      />
      {curves && (
        <>
          <figure className="coverage-view__figure" ref={chartRef}>
            <CoverageChart rows={rows} methods={methods} delta={delta} axis={axis} width={chartWidth} />
            <figcaption>
              Exact coverage of each method’s two-sided {level} interval against the true accuracy p ({setting}); dashed line:
              the nominal {level}. Hover or use the arrow keys on the chart to read values.
            </figcaption>
          </figure>
          <ChartDownloads
            source={chartRef}
            title={`Exact coverage of one proportion’s interval, n = ${formatWholeCount(n)}`}
            caption={
              `Probability that each method’s two-sided ${level} interval contains the true accuracy p, computed exactly over ` +
              `all outcomes of n = ${formatWholeCount(n)} tests, δ = ${formatFullPrecision(delta)}. Methods: ` +
              `${methods.map((method) => METHOD_INFO[method].label).join(', ')}. Dashed line: the nominal ${level}.`
            }
          />
          <CurveSummaryTable summaries={summaries} delta={delta} setting={setting} />
          <DataDisclosure summary={`Show the data (${CURVE_PS.length} values of p)`}>
            {() => <CurveDataTable rows={rows} methods={methods} delta={delta} setting={setting} />}
          </DataDisclosure>
        </>
      )}
    </section>
  );
}

function CurveSummaryTable({
  summaries,
  delta,
  setting,
}: {
  summaries: { method: ProportionMethod; summary: CoverageSummary }[];
  delta: number;
  setting: string;
}) {
  const level = formatConfidence(delta);
  return (
    <TableScroll label="Coverage of each method">
      <table className="coverage-table coverage-summary">
        <caption>
          Each method’s coverage over {CURVE_PS.length} values of p ({setting}; nominal {level}); coverage rounded down.
        </caption>
        <ColumnHeads names={['Method', 'Lowest coverage', 'at p', 'Average coverage', `Values of p below ${level}`]} />
        <tbody>
          {summaries.map(({ method, summary }) => (
            <tr key={method} data-method={method} className={summary.belowNominal > 0 ? 'coverage-table__under' : undefined}>
              <th scope="row">{METHOD_INFO[method].label}</th>
              <td>{formatPercent(summary.minimum, 2, 'down')}</td>
              <td>{CURVE_PS[summary.minimumAt]!.toFixed(3)}</td>
              <td>{formatPercent(summary.mean, 2, 'down')}</td>
              <td>
                {summary.belowNominal} of {CURVE_PS.length}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function CurveDataTable({
  rows,
  methods,
  delta,
  setting,
}: {
  rows: readonly CoverageRow[];
  methods: readonly ProportionMethod[];
  delta: number;
  setting: string;
}) {
  const nominal = 1 - delta;
  return (
    <table className="coverage-table coverage-data" data-testid="coverage-data">
      <caption>
        Exact coverage at each true p ({setting}); rounded down; * marks coverage below the nominal {formatConfidence(delta)}.
      </caption>
      <thead>
        <tr>
          <th scope="col">p</th>
          {methods.map((method) => (
            <th scope="col" key={method} data-method={method}>
              {METHOD_INFO[method].label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.p}>
            <th scope="row">{row.p.toFixed(3)}</th>
            {methods.map((method) => {
              const value = row[method]!;
              return (
                <td key={method} data-method={method} data-value={value}>
                  {formatPercent(value, 3, 'down')}
                  {value < nominal ? '*' : ''}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How each heat map names its interval: in sentences, and as the suffix of its test ids and titles. */
const MAP_WORDING: Record<BalancedMethod, { heading: string; who: string; caption: string; suffix: string; titled: string; data: string }> = {
  union: {
    heading: 'Exact union bound (the blog’s, δ/4 per tail)',
    who: 'the union bound',
    caption: 'exact union bound, δ/4 per tail',
    suffix: '',
    titled: 'the balanced interval',
    data: 'the',
  },
  buehler: {
    heading: 'Exact, never wider than the union bound (Buehler; tailbound’s default, δ/2 per side)',
    who: 'the Buehler interval',
    caption: 'exact, never wider than the union bound (Buehler), δ/2 per side',
    suffix: '-buehler',
    titled: 'the Buehler balanced interval',
    data: 'the Buehler interval’s',
  },
  inversion: {
    heading: 'Exact test inversion ordered by the estimate (δ/2 per side)',
    who: 'the estimate-ordered inversion',
    caption: 'exact test inversion ordered by the estimate, δ/2 per side',
    suffix: '-inversion',
    titled: 'the estimate-ordered balanced interval',
    data: 'the estimate-ordered inversion’s',
  },
};

function GridPanel({ yesTotal, noTotal, delta, method }: { yesTotal: number; noTotal: number; delta: number; method: BalancedMethod }) {
  const state = useBalancedCoverage(yesTotal, noTotal, delta, method);
  const { coverage, meanWidth } = state;
  const wording = MAP_WORDING[method];
  const summary = useMemo(() => (coverage ? summarizeCoverage(coverage.flat(), delta) : undefined), [coverage, delta]);
  const level = formatConfidence(delta);
  const setting = `${yesTotal} should-be-YES × ${noTotal} should-be-NO examples, δ = ${formatFullPrecision(delta)}`;
  const cells = GRID_PS.length * GRID_PS.length;
  const mapRef = useRef<HTMLDivElement>(null);

  let sentence = '';
  let floor = 1 - delta;
  if (summary) {
    const i = Math.floor(summary.minimumAt / GRID_PS.length);
    const j = summary.minimumAt % GRID_PS.length;
    const where = `(p⁺ = ${GRID_PS[i]!.toFixed(2)}, p⁻ = ${GRID_PS[j]!.toFixed(2)})`;
    const verdict =
      summary.belowNominal === 0
        ? `never below the nominal ${level} on this grid`
        : `below the nominal ${level} in ${summary.belowNominal} of ${cells} cells`;
    sentence =
      `Minimum coverage ${formatPercent(summary.minimum, 3, 'down')} at ${where}: ${verdict}. ` +
      `Mean coverage ${formatPercent(summary.mean, 3, 'down')}, so ${wording.who} misses about ` +
      `${formatPercent(1 - summary.mean, 3, 'up')} of the time where it may miss δ = ${formatFullPrecision(delta)}: that is how conservative it is.` +
      (meanWidth === undefined ? '' : ` Mean width over all ${formatWholeCount((yesTotal + 1) * (noTotal + 1))} outcomes: ${formatPercent(meanWidth, 1)}.`);
    // The colours span the coverage actually reached, so the structure shows; the legend says where 1 − δ is.
    floor = Math.min(Math.floor(summary.minimum * 1000) / 1000, 0.999);
  }

  return (
    <>
      <JobProgress
        state={state}
        label={method === 'union' ? 'Balanced coverage heat map' : `Balanced coverage heat map (${wording.who})`}
        workDescription={`${formatWholeCount(cells)} cells${method === 'union' ? '' : ` (${wording.who})`} for ${setting}`}
      />
      {coverage && summary && (
        <>
          <p className="coverage-view__verdict" data-testid={`balanced-coverage-summary${wording.suffix}`}>
            {sentence}
          </p>
          <div ref={mapRef}>
            <BalancedCoverageMap
              coverage={coverage}
              ps={GRID_PS}
              delta={delta}
              floor={floor}
              summary={`Heat map of ${wording.titled}’s exact coverage for ${setting}. ${sentence}`}
            />
          </div>
          <ChartDownloads
            source={mapRef}
            title={`Exact coverage of ${wording.titled}, ${yesTotal} should-be-YES × ${noTotal} should-be-NO`}
            caption={
              `Coverage of the balanced ${level} interval (${wording.caption}) over the true class accuracies p⁺ and p⁻, ` +
              `for ${setting}; colour from ${formatPercent(floor, 1, 'down')} (dark) to 100% (bright), red below the nominal ${level}. ${sentence}`
            }
          />
          <DataDisclosure summary={`Show ${wording.data} data (${formatWholeCount(cells)} cells)`}>
            {() => <GridDataTable coverage={coverage} level={level} setting={setting} />}
          </DataDisclosure>
        </>
      )}
    </>
  );
}

function GridDataTable({ coverage, level, setting }: { coverage: readonly (readonly number[])[]; level: string; setting: string }) {
  return (
    <table className="coverage-table coverage-grid-data">
      <caption>
        Exact coverage of the balanced {level} interval ({setting}): rows p⁺, columns p⁻; rounded down.
      </caption>
      <thead>
        <tr>
          <th scope="col">p⁺ \ p⁻</th>
          {GRID_PS.map((p) => (
            <th scope="col" key={p}>
              {p.toFixed(2)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {coverage.map((row, i) => (
          <tr key={GRID_PS[i]}>
            <th scope="row">{GRID_PS[i]!.toFixed(2)}</th>
            {row.map((value, j) => (
              <td key={GRID_PS[j]} data-value={value}>
                {formatPercent(value, 2, 'down')}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
