/** The report as a terminal table, Markdown (for job summaries) and the one-line verdict. */
import type { Interval } from '../stats';
import { ANYTIME_METHOD_IDS, ANYTIME_METHOD_LABEL, formatConfidence, formatEstimateWithInterval } from './dashboard';
import type { DetectorResult, Report } from './report';

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

function estimateWithInterval(interval: Interval | null): string {
  if (interval === null) return '—';
  return formatEstimateWithInterval(interval);
}

const counts = (c: { correct: number; total: number }) => `${c.correct}/${c.total}`;

function clipName(name: string): string {
  const single = name.replace(/[\r\n\t]+/g, ' ');
  return single.length > 40 ? `${single.slice(0, 39)}…` : single;
}

function gateText(report: Report): string {
  const gate = report.gate!;
  const what = gate.metric.startsWith('balanced') ? 'balanced accuracy' : `${gate.metric.startsWith('yes') ? 'should-be-YES' : 'should-be-NO'} accuracy`;
  const metric = `${what}${gate.metric.endsWith('-error') ? ' error rate' : ''}`;
  const parts = [gate.minLower !== null ? `lower bound ≥ ${percent(gate.minLower)}` : null, gate.maxUpper !== null ? `upper bound ≤ ${percent(gate.maxUpper)}` : null].filter(Boolean);
  return `${metric} ${parts.join(' and ')} at ${formatConfidence(report.delta)} confidence${anytime(report) ? ', anytime-valid' : ''}${report.bonferroni ? ` (Bonferroni over ${report.bonferroni.detectors} detectors: each at δ = ${report.bonferroni.detectorDelta})` : ''}`;
}

/** "PASS: 3 detectors — balanced accuracy lower bound ≥ 90.0% at 95% confidence" */
export function verdictLine(report: Report): string {
  const n = report.detectors.length;
  const failed = report.detectors.filter((d) => d.check?.pass === false).length;
  const slicesFailed = report.detectors.reduce((sum, d) => sum + (d.slices?.rows.filter((row) => row.check?.pass === false).length ?? 0), 0);
  const head = report.verdict === 'pass' ? 'PASS' : 'FAIL';
  const detail = report.verdict === 'pass' ? `${n} detector${n === 1 ? '' : 's'}` : `${failed} of ${n} detector${n === 1 ? '' : 's'}${slicesFailed > 0 ? ` and ${slicesFailed} slice${slicesFailed === 1 ? '' : 's'}` : ''} below`;
  return `${head}: ${detail} — ${gateText(report)}`;
}

function methodName(report: Report): string {
  return report.method.id;
}

const anytime = (report: Report) => report.method.option === 'anytime';

/** The per-class construction: the fixed-n exact interval, or with --anytime the class's confidence sequence. */
function classMethodName(report: Report): string {
  return anytime(report) ? `${ANYTIME_METHOD_IDS.yes} (${ANYTIME_METHOD_LABEL}: valid however often this gate is run)` : 'exact-central (Clopper–Pearson)';
}

interface Row {
  cells: string[];
  verdict: boolean | null;
}

/** One table row: a label, the classes' counts, the three intervals and (with a gate) the verdict. */
function intervalRow(label: string, counted: Pick<DetectorResult, 'yes' | 'no' | 'intervals' | 'check'>, withCheck: boolean): Row {
  const { yes, no, intervals, check } = counted;
  return {
    cells: [
      label,
      counts(yes),
      counts(no),
      estimateWithInterval(intervals.balanced),
      estimateWithInterval(intervals.yes),
      estimateWithInterval(intervals.no),
      ...(withCheck ? [check ? (check.pass ? 'PASS' : 'FAIL') : ''] : []),
    ],
    verdict: check?.pass ?? null,
  };
}

function detectorRows(detector: DetectorResult, withCheck: boolean): Row[] {
  const slices = (detector.slices?.rows ?? []).map((slice) =>
    intervalRow(`  ${detector.slices!.column}=${clipName(slice.value ?? '(missing)')}${slice.underpowered ? ' (underpowered)' : ''}`, slice, withCheck),
  );
  return [intervalRow(clipName(detector.name), detector, withCheck), ...slices];
}

/** A plain-text table; colour (PASS green, FAIL red) only when asked (a terminal without NO_COLOR). */
export function renderTable(report: Report, colour: boolean): string {
  const withCheck = report.gate !== null;
  const conf = formatConfidence(report.delta);
  const header = ['detector', 'YES', 'NO', `balanced (${conf})`, 'should-be-YES', 'should-be-NO', ...(withCheck ? ['check'] : [])];
  const rows = report.detectors.flatMap((detector) => detectorRows(detector, withCheck));
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row.cells[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ');
  const paint = (text: string, verdict: boolean | null) => {
    if (!colour || verdict === null) return text;
    return verdict ? text.replace(/PASS$/, '\x1b[32mPASS\x1b[0m') : text.replace(/FAIL$/, '\x1b[31mFAIL\x1b[0m');
  };
  const lines = [line(header), ...rows.map((row) => paint(line(row.cells), row.verdict))];
  const notes = [`Balanced: ${methodName(report)}; per class: ${classMethodName(report)}; δ = ${report.delta}${report.bonferroni ? `, each detector at δ/${report.bonferroni.detectors} = ${report.bonferroni.detectorDelta}` : ''}. Bounds rounded outward.`];
  const sliced = report.detectors.find((detector) => detector.slices !== null);
  if (sliced?.slices) notes.push(`Slices by ${sliced.slices.column}: each at δ/m (Bonferroni over the slices with labels), worst first.`);
  for (const detector of report.detectors) if (detector.check && !detector.check.pass) notes.push(`${clipName(detector.name)}: ${detector.check.reason}`);
  if (report.gate !== null) notes.push(verdictLine(report));
  return `${lines.join('\n')}\n\n${notes.join('\n')}\n`;
}

const escapeMarkdown = (text: string) => text.replace(/[\\|[\]<>*_`]/g, (ch) => `\\${ch}`).replace(/[\r\n]+/g, ' ');

/** Markdown for a job summary: a heading with the verdict, the table (names linked into the dashboard with --site), the method. */
export function renderMarkdown(report: Report): string {
  const withCheck = report.gate !== null;
  const conf = formatConfidence(report.delta);
  const title = withCheck ? `### tailbound check: ${report.verdict === 'pass' ? '✅ PASS' : '❌ FAIL'}` : '### tailbound intervals';
  const lines = [title, ''];
  if (withCheck) lines.push(escapeMarkdown(verdictLine(report)), '');
  lines.push(`| Detector | should-be-YES | should-be-NO | Balanced accuracy (${conf}) | YES accuracy | NO accuracy |${withCheck ? ' Check |' : ''}`);
  lines.push(`|---|---|---|---|---|---|${withCheck ? '---|' : ''}`);
  for (const detector of report.detectors) {
    const name = escapeMarkdown(clipName(detector.name));
    const cells = detectorRows(detector, withCheck).map((row) => row.cells);
    cells.forEach((row, index) => {
      const first = index === 0 ? (detector.link ? `[${name}](${detector.link})` : name) : escapeMarkdown(row[0]!.trim());
      lines.push(`| ${[first, ...row.slice(1).map((cell) => (cell === 'PASS' ? '✅ pass' : cell === 'FAIL' ? '❌ fail' : escapeMarkdown(cell)))].join(' | ')} |`);
    });
  }
  const perClass = anytime(report) ? `\`${ANYTIME_METHOD_IDS.yes}\` (${ANYTIME_METHOD_LABEL})` : '`exact-central` (Clopper–Pearson)';
  lines.push('', `${anytime(report) ? 'Anytime-valid' : 'Exact'} intervals at ${conf} (δ = ${report.delta}${report.bonferroni ? `; each detector at δ/${report.bonferroni.detectors}` : ''}): balanced by \`${methodName(report)}\`, per class ${perClass}; bounds rounded outward.`, '');
  return `${lines.join('\n')}\n`;
}
