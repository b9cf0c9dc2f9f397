/**
 * `--anytime --format csv`: the dashboard's intervals export columns, one row per detector and
 * metric (balanced, yes, no) with the confidence sequences' method ids. The fixed-n export's other
 * rows (precision, F1, …) are fixed-n intervals, so an anytime report leaves them out. A class
 * without examples leaves estimate and bounds empty; the method column still names the construction.
 */
import { ANYTIME_METHOD_IDS, confidenceCell, INTERVALS_CSV_HEADER, textCell, UTF8_BOM } from './dashboard';
import type { Report } from './report';

export function anytimeReportToCsv(report: Report): string {
  const lines = [INTERVALS_CSV_HEADER];
  for (const detector of report.detectors) {
    const confidence = confidenceCell(detector.delta);
    const counted = {
      balanced: { correct: detector.yes.correct + detector.no.correct, total: detector.yes.total + detector.no.total },
      yes: detector.yes,
      no: detector.no,
    };
    for (const metric of ['balanced', 'yes', 'no'] as const) {
      const interval = detector.intervals[metric];
      const { correct, total } = counted[metric];
      const numbers = interval ? [interval.estimate, interval.lower, interval.upper].map(String) : ['', '', ''];
      lines.push([textCell(detector.id), textCell(detector.name), metric, String(correct), String(total), ...numbers, confidence, ANYTIME_METHOD_IDS[metric], '', ''].join(','));
    }
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
