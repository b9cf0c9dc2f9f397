import { deploymentSentence } from '../../data/detectors';
import { formatConfidence, formatFullPrecision, formatWholeCount, markdownCell } from '../../data/format';
import { estimateText, hasSimultaneous, intervalText, metricRows, simultaneousDeltaText, type ReportEntry, type ReportFamily } from './report-model';

/**
 * The report's intervals as a GitHub-flavoured Markdown table, for pull requests and model cards:
 * one row per detector and metric, bounds rounded outward as on the page, and a note naming the
 * methods, δ, the correction for several detectors and the date.
 */
export function intervalsMarkdown(entries: readonly ReportEntry[], family: ReportFamily, date: string): string {
  const level = formatConfidence(family.delta);
  const simultaneous = hasSimultaneous(family);
  const header = ['Detector', 'Metric', 'Correct / total', 'Estimate', `${level} interval (δ = ${formatFullPrecision(family.delta)})`];
  if (simultaneous) header.push(`Simultaneous (${simultaneousDeltaText(family)})`);
  header.push('Method');
  const alignment = header.map((_, index) => (index === 2 || index === 3 ? '---:' : '---'));
  const rows = entries.flatMap((entry) =>
    metricRows(entry).map((row) => {
      const cells = [entry.name, row.metric, row.counts, estimateText(row.interval), intervalText(row.interval)];
      if (simultaneous) cells.push(intervalText(row.simultaneous));
      cells.push(row.method);
      return cells;
    }),
  );
  const note =
    `Exact binomial-tail intervals (tailbound), bounds rounded outward. Each interval holds at ${level} for its detector on its own` +
    (simultaneous
      ? `; all ${formatWholeCount(family.m)} hold together at the simultaneous level (Bonferroni, δ/m).`
      : family.m > 1
        ? `; no simultaneous intervals: ${simultaneousDeltaText(family)} is below 1e-300, the smallest level they take.`
        : '.') +
    ' Precision and NPV describe each test set’s own mix of YES and NO.' +
    ` Generated ${date}.`;
  const deployed = entries.filter((entry) => entry.deployment).map((entry) => `- ${markdownCell(entry.name)}: ${deploymentSentence(entry.deployment!)}`);
  const deployment = deployed.length > 0 ? `\nIn deployment (expected counts a day; each interval at δ on its own):\n\n${deployed.join('\n')}\n` : '';
  return [header, alignment, ...rows].map((cells) => `| ${cells.map(markdownCell).join(' | ')} |`).join('\n') + `\n\n${note}\n${deployment}`;
}
