import { packDetectors, unpackDetectors, type PackedDetectors } from '../../data/detectors';
import { parseImportFile, type ImportPreview } from '../../data/files';

/** What reading a chosen file gives: its preview, or why it could not be read at all. */
export type ImportRead = ImportPreview | { kind: 'unreadable'; message: string };

type Readable = Exclude<ImportPreview, { kind: 'unknown' } | { kind: 'groundlight' }>;

/** An `ImportRead` as the worker posts it: the detectors packed (see `packDetectors`). */
export type PostedImportRead =
  | Exclude<ImportRead, Readable>
  | (Omit<Extract<Readable, { kind: 'json' }>, 'detectors'> & { packed: PackedDetectors })
  | (Omit<Exclude<Readable, { kind: 'json' }>, 'detectors'> & { packed: PackedDetectors });

/**
 * Reads and parses a detectors file (JSON, counts CSV or per-example CSV) — in the import worker, so
 * that 50,000 rows never hold the page (parsing them took ~350 ms on the page) — and posts the result.
 */
export async function readImportFile(file: File, post: (read: PostedImportRead) => void): Promise<void> {
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    post({ kind: 'unreadable', message: `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}` });
    return;
  }
  const preview = parseImportFile(file.name, text);
  if (preview.kind === 'unknown' || preview.kind === 'groundlight') {
    post(preview);
    return;
  }
  const { detectors, ...rest } = preview;
  post({ ...rest, packed: packDetectors(detectors) });
}

/** The read as the panel uses it, its detectors unpacked. */
export function unpackImportRead(read: PostedImportRead): ImportRead {
  if (!('packed' in read)) return read;
  const { packed, ...rest } = read;
  return { ...rest, detectors: unpackDetectors(packed) } as ImportRead;
}
