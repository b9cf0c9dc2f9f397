/** The report as a terminal table, Markdown (for job summaries) and the one-line verdict. */
import type { Interval } from '../stats';
import { ANYTIME_METHOD_IDS, ANYTIME_METHOD_LABEL, formatConfidence, formatEstimateWithInterval, macroRecallMethod } from './dashboard';
import type { ClassDetectorResult, DetectorResult, Report } from './report';

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

/** How a failing detector missed the gate: under its --min-lower, over its --max-upper, or either when both are set. */
function missedWord(report: Report): string {
  const { minLower, maxUpper } = report.gate!;
  if (minLower !== null && maxUpper !== null) return 'outside the bounds';
  return minLower !== null ? 'below' : 'above';
}

/** "PASS: 3 detectors — balanced accuracy lower bound ≥ 90.0% at 95% confidence"; "FAIL: 1 of 3 detectors above — … upper bound ≤ 5.0% …" */
export function verdictLine(report: Report): string {
  const all = [...report.detectors, ...(report.classDetectors ?? [])];
  const n = all.length;
  const failed = all.filter((d) => d.check?.pass === false).length;
  const slicesFailed = report.detectors.reduce((sum, d) => sum + (d.slices?.rows.filter((row) => row.check?.pass === false).length ?? 0), 0);
  const head = report.verdict === 'pass' ? 'PASS' : 'FAIL';
  const detail = report.verdict === 'pass' ? `${n} detector${n === 1 ? '' : 's'}` : `${failed} of ${n} detector${n === 1 ? '' : 's'}${slicesFailed > 0 ? ` and ${slicesFailed} slice${slicesFailed === 1 ? '' : 's'}` : ''} ${missedWord(report)}`;
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

/**
 * A K-class detector's rows: its macro recall (with "K classes" and its overall counts), then one row
 * per class with its recall and precision (given its answers).
 */
function classDetectorRows(detector: ClassDetectorResult, withCheck: boolean): Row[] {
  const diagonal = detector.matrix.reduce((sum, row, i) => sum + row[i]!, 0);
  const examples = detector.matrix.reduce((sum, row) => sum + row.reduce((a, b) => a + b, 0), 0);
  const check = detector.check;
  const head = {
    cells: [`${clipName(detector.name)} (${detector.classes.length} classes)`, `${diagonal}/${examples}`, '', estimateWithInterval(detector.balanced), '', ...(withCheck ? [check ? (check.pass ? 'PASS' : 'FAIL') : ''] : [])],
    verdict: check?.pass ?? null,
  };
  const classes = detector.perClass.map((item) => ({
    cells: [
      `  ${clipName(item.class)}${item.class === detector.limitingClass ? ' (limits the lower bound)' : ''}`,
      `${item.correct}/${item.total}`,
      `${item.correct}/${item.answers}`,
      estimateWithInterval(item.recall),
      estimateWithInterval(item.precision),
      ...(withCheck ? [''] : []),
    ],
    verdict: null,
  }));
  return [head, ...classes];
}

/** Rows as aligned plain text, PASS green and FAIL red when `colour`. */
function alignedTable(header: string[], rows: Row[], colour: boolean): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row.cells[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ');
  const paint = (text: string, verdict: boolean | null) => {
    if (!colour || verdict === null) return text;
    return verdict ? text.replace(/PASS$/, '\x1b[32mPASS\x1b[0m') : text.replace(/FAIL$/, '\x1b[31mFAIL\x1b[0m');
  };
  return [line(header), ...rows.map((row) => paint(line(row.cells), row.verdict))];
}

/** How K-class detectors' numbers are made, for the notes under a table. */
function classNote(report: Report): string | null {
  const first = report.classDetectors?.[0];
  if (!first) return null;
  return `K classes: balanced accuracy = macro recall (the mean of the class recalls), ${macroRecallMethod(first.classes.length)}, method exact-union-bound; per class recall exact-central and precision exact-central-given-answers (Clopper–Pearson), each at δ = ${first.delta}.`;
}

/** A plain-text table; colour (PASS green, FAIL red) only when asked (a terminal without NO_COLOR). */
export function renderTable(report: Report, colour: boolean): string {
  const withCheck = report.gate !== null;
  const conf = formatConfidence(report.delta);
  const blocks: string[] = [];
  if (report.detectors.length > 0) {
    const header = ['detector', 'YES', 'NO', `balanced (${conf})`, 'should-be-YES', 'should-be-NO', ...(withCheck ? ['check'] : [])];
    blocks.push(alignedTable(header, report.detectors.flatMap((detector) => detectorRows(detector, withCheck)), colour).join('\n'));
  }
  const classDetectors = report.classDetectors ?? [];
  if (classDetectors.length > 0) {
    const header = ['detector · class', 'right/examples', 'right/answers', `macro recall · recall (${conf})`, `precision (${conf})`, ...(withCheck ? ['check'] : [])];
    blocks.push(alignedTable(header, classDetectors.flatMap((detector) => classDetectorRows(detector, withCheck)), colour).join('\n'));
  }
  const notes =
    report.detectors.length > 0
      ? [`Balanced: ${methodName(report)}; per class: ${classMethodName(report)}; δ = ${report.delta}${report.bonferroni ? `, each detector at δ/${report.bonferroni.detectors} = ${report.bonferroni.detectorDelta}` : ''}. Bounds rounded outward.`]
      : [`δ = ${report.delta}${report.bonferroni ? `, each detector at δ/${report.bonferroni.detectors} = ${report.bonferroni.detectorDelta}` : ''}. Bounds rounded outward.`];
  const classes = classNote(report);
  if (classes !== null) notes.push(classes);
  const sliced = report.detectors.find((detector) => detector.slices !== null);
  if (sliced?.slices) notes.push(`Slices by ${sliced.slices.column}: each at δ/m (Bonferroni over the slices with labels), worst first.`);
  for (const detector of [...report.detectors, ...classDetectors]) if (detector.check && !detector.check.pass) notes.push(`${clipName(detector.name)}: ${detector.check.reason}`);
  if (report.gate !== null) notes.push(verdictLine(report));
  return `${blocks.join('\n\n')}\n\n${notes.join('\n')}\n`;
}

const escapeMarkdown = (text: string) => text.replace(/[\\|[\]<>*_`]/g, (ch) => `\\${ch}`).replace(/[\r\n]+/g, ' ');

/** Markdown for a job summary: a heading with the verdict, the table (names linked into the dashboard with --site), the method. */
export function renderMarkdown(report: Report): string {
  const withCheck = report.gate !== null;
  const conf = formatConfidence(report.delta);
  const title = withCheck ? `### tailbound check: ${report.verdict === 'pass' ? '✅ PASS' : '❌ FAIL'}` : '### tailbound intervals';
  const lines = [title, ''];
  if (withCheck) lines.push(escapeMarkdown(verdictLine(report)), '');
  const tableRows = (detector: DetectorResult | ClassDetectorResult, rows: Row[]) => {
    const name = escapeMarkdown(clipName(detector.name));
    rows.forEach(({ cells: row }, index) => {
      const first = index === 0 ? (detector.link ? `[${name}](${detector.link})` : name) : escapeMarkdown(row[0]!.trim());
      lines.push(`| ${[first, ...row.slice(1).map((cell) => (cell === 'PASS' ? '✅ pass' : cell === 'FAIL' ? '❌ fail' : escapeMarkdown(cell)))].join(' | ')} |`);
    });
  };
  if (report.detectors.length > 0) {
    lines.push(`| Detector | should-be-YES | should-be-NO | Balanced accuracy (${conf}) | YES accuracy | NO accuracy |${withCheck ? ' Check |' : ''}`);
    lines.push(`|---|---|---|---|---|---|${withCheck ? '---|' : ''}`);
    for (const detector of report.detectors) tableRows(detector, detectorRows(detector, withCheck));
    const perClass = anytime(report) ? `\`${ANYTIME_METHOD_IDS.yes}\` (${ANYTIME_METHOD_LABEL})` : '`exact-central` (Clopper–Pearson)';
    lines.push('', `${anytime(report) ? 'Anytime-valid' : 'Exact'} intervals at ${conf} (δ = ${report.delta}${report.bonferroni ? `; each detector at δ/${report.bonferroni.detectors}` : ''}): balanced by \`${methodName(report)}\`, per class ${perClass}; bounds rounded outward.`, '');
  }
  const classDetectors = report.classDetectors ?? [];
  if (classDetectors.length > 0) {
    lines.push(`| Detector · class | Right / examples | Right / answers | Macro recall · recall (${conf}) | Precision (${conf}) |${withCheck ? ' Check |' : ''}`);
    lines.push(`|---|---|---|---|---|${withCheck ? '---|' : ''}`);
    for (const detector of classDetectors) tableRows(detector, classDetectorRows(detector, withCheck));
    lines.push('', `${escapeMarkdown(classNote(report)!)} Bounds rounded outward.`, '');
  }
  return `${lines.join('\n')}\n`;
}
