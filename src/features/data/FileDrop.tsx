import { useId, useRef } from 'react';
import { useFileDrop } from '../../components/use-file-drop';

/** File types the picker offers; anything else can still be dropped and is sniffed. */
const ACCEPT = '.csv,.tsv,.tab,.txt,.jsonl,.ndjson,.json,.parquet,.gz';

/**
 * A drop zone with a file picker for one per-example file. `onIntent` is called when a file is about
 * to come (the picker clicked, a drag entering the zone), before the reader has chosen it.
 */
export function FileDrop({ onFile, onIntent, disabled }: { onFile: (file: File) => void; onIntent: () => void; disabled: boolean }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { dragging, handlers } = useFileDrop((file) => {
    if (!disabled) onFile(file);
  });

  return (
    <div className={`data-drop${dragging ? ' data-drop--active' : ''}`} {...handlers} onDragEnter={onIntent}>
      <p>
        <label htmlFor={id}>Open a per-example results file</label> (CSV, TSV, JSON Lines, Parquet or gzip-compressed CSV, any
        size) or drop it here.
      </p>
      <input
        id={id}
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        disabled={disabled}
        onClick={onIntent}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </div>
  );
}
