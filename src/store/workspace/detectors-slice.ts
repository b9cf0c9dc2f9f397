import {
  CLASS_LABELS,
  type CountsFieldError,
  type Detector,
  DETECTOR_ID_PATTERN,
  MAX_ID_LENGTH,
  MAX_NAME_LENGTH,
  MAX_QUERY_LENGTH,
  newDetectorId,
  toClassCounts,
  validateCounts,
  validateDetector,
} from '../../data/detectors';
import { describeImport, planImport } from '../../data/files';
import { checkedSettings, currentSettings } from './settings-slice';
import type { DetectorsSlice, NewDetector, WorkspaceSlice } from './types';
import { changeDetectors } from './undo-slice';

export const DEFAULT_NEW_DETECTOR_NAME = 'New detector';

/** The detectors: seeded once, then added, edited, deleted (undoable) and imported (undoable). */
export const createDetectorsSlice: WorkspaceSlice<DetectorsSlice> = (set, get) => {
  const replaceDetector = (id: string, change: (detector: Detector) => Detector) =>
    changeDetectors(set, (state) => ({ detectors: state.detectors.map((d) => (d.id === id ? change(d) : d)) }));
  const has = (id: string) => get().detectors.some((d) => d.id === id);
  return {
    detectors: [],
    seeded: false,
    seed: (detectors) => {
      if (get().seeded) return;
      set({ detectors: checkedCopies(detectors, 'seed'), seeded: true, lastDeleted: null });
    },
    addDetector: (partial = {}) => {
      const detector = buildNewDetector(partial, get().detectors);
      changeDetectors(set, (state) => ({ detectors: [...state.detectors, detector], seeded: true }));
      return detector.id;
    },
    updateCounts: (id, cls, counts) => {
      const errors = validateCounts(counts, CLASS_LABELS[cls]);
      if (errors.length > 0) return errors;
      if (!has(id)) return [unknownIdError(id)];
      const valid = toClassCounts(counts)!;
      // Counts edited by hand are no longer the imported file's: the detector's source goes.
      replaceDetector(id, (d) => {
        if (d[cls].correct === valid.correct && d[cls].total === valid.total) return { ...d, [cls]: valid };
        const edited: Detector = { ...d, [cls]: valid };
        delete edited.source;
        return edited;
      });
      return [];
    },
    renameDetector: (id, name) => {
      const error = checkName(name) ?? (has(id) ? null : `No detector with id "${id}"`);
      if (error) return error;
      replaceDetector(id, (d) => ({ ...d, name: name.trim() }));
      return null;
    },
    setQuery: (id, query) => {
      const error = checkQuery(query) ?? (has(id) ? null : `No detector with id "${id}"`);
      if (error) return error;
      replaceDetector(id, (d) => ({ ...d, query: query.trim() }));
      return null;
    },
    deleteDetector: (id) => {
      const index = get().detectors.findIndex((d) => d.id === id);
      if (index === -1) return;
      const detector = get().detectors[index]!;
      changeDetectors(set, (state) => ({ detectors: state.detectors.filter((d) => d.id !== id), lastDeleted: { detector, index } }));
    },
    importDetectors: (incoming, mode, onExisting = 'add-new', description, settings) => {
      const checked = checkedCopies(incoming, 'importDetectors');
      if (settings) checkedSettings(settings);
      const previous = get().detectors;
      const plan = planImport(previous, checked, mode, onExisting);
      if (plan.refused !== null) return plan;
      const summary = description ?? `${mode === 'replace' ? 'Replaced the workspace' : 'Imported'}: ${describeImport(plan)}.`;
      set((state) => ({
        ...settings,
        detectors: plan.detectors,
        seeded: true,
        // A replace removes what a deleted detector could be restored beside; adding keeps that undo.
        lastDeleted: mode === 'replace' ? null : state.lastDeleted,
        lastBulkChange: { description: summary, previous, ...(settings && { previousSettings: currentSettings(state) }) },
      }));
      return plan;
    },
  };
};

function buildNewDetector(partial: NewDetector, existing: readonly Detector[]): Detector {
  const taken = new Set(existing.map((d) => d.id));
  const usable = partial.id !== undefined && DETECTOR_ID_PATTERN.test(partial.id) && partial.id.length <= MAX_ID_LENGTH;
  const id = usable && !taken.has(partial.id!) ? partial.id! : newDetectorId();
  const names = new Set(existing.map((d) => d.name));
  let name = partial.name?.trim() || DEFAULT_NEW_DETECTOR_NAME;
  if (partial.name === undefined) for (let n = 2; names.has(name); n += 1) name = `${DEFAULT_NEW_DETECTOR_NAME} ${n}`;
  const problems = [checkName(name), checkQuery(partial.query ?? '')].filter((p): p is string => p !== null);
  const yes = partial.yes ?? { correct: 0, total: 0 };
  const no = partial.no ?? { correct: 0, total: 0 };
  for (const cls of ['yes', 'no'] as const) {
    problems.push(...validateCounts(cls === 'yes' ? yes : no, CLASS_LABELS[cls]).map((e) => e.message));
  }
  if (problems.length > 0) throw new RangeError(`addDetector: ${problems.join('; ')}`);
  return { id, name, query: (partial.query ?? '').trim(), yes: { ...yes }, no: { ...no } };
}

function checkName(name: string): string | null {
  if (name.trim() === '') return 'The name must not be empty';
  if (name.trim().length > MAX_NAME_LENGTH) return `The name must be at most ${MAX_NAME_LENGTH} characters, got ${name.trim().length}`;
  return null;
}

function checkQuery(query: string): string | null {
  return query.trim().length > MAX_QUERY_LENGTH
    ? `The query must be at most ${MAX_QUERY_LENGTH} characters, got ${query.trim().length}`
    : null;
}

function unknownIdError(id: string): CountsFieldError {
  const reason = `cannot be set: no detector with id "${id}"`;
  return { field: 'total', reason, message: `counts ${reason}` };
}

/**
 * Fresh copies of detectors entering the store, checked against the schema: anything invalid here
 * would be saved and then refused on the next load, so it is a programming error (RangeError) to
 * pass it — the file and CSV parsers only produce valid detectors.
 */
function checkedCopies(detectors: readonly Detector[], action: string): Detector[] {
  return detectors.map((detector, index) => {
    const result = validateDetector(detector, `detectors[${index}]`);
    if (!result.ok) {
      throw new RangeError(`${action}: ${result.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
    }
    return result.detector;
  });
}
