import { CopyMarkdownButton } from '../../components/CopyMarkdownButton';
import { downloadText } from '../../components/download';
import { classIntervalsToCsv, classIntervalsToMarkdown, type ClassDetectorCounts } from '../../data/files';
import { formatFullPrecision } from '../../data/format';

/** A K-class detector's intervals at δ as a CSV download (one row per class and metric) and as Markdown on the clipboard. */
export function ClassExportButtons({ detector, delta, fileStem }: { detector: ClassDetectorCounts; delta: number; fileStem: string }) {
  return (
    <>
      <button type="button" onClick={() => downloadText(`${fileStem}-delta-${formatFullPrecision(delta)}.csv`, classIntervalsToCsv([detector], delta), 'text/csv')}>
        Export intervals (CSV)
      </button>
      <CopyMarkdownButton getMarkdown={() => classIntervalsToMarkdown(detector, delta)} />
    </>
  );
}
