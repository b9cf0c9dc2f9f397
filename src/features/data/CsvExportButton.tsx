import { downloadText } from '../../components/download';

/**
 * A data section's CSV export, in its own button row: the file is written on a click (`csv` runs
 * then), and the button waits while intervals are still being computed (`disabled`).
 */
export function CsvExportButton({ fileName, csv, disabled, children }: { fileName: string; csv: () => string; disabled?: boolean; children: string }) {
  return (
    <div className="button-row">
      <button type="button" disabled={disabled} onClick={() => downloadText(fileName, csv(), 'text/csv')}>
        {children}
      </button>
    </div>
  );
}
