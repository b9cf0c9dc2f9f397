import {
  type ClassDetector,
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
  uniqueId,
  validateClassDetector,
  validateDetector,
} from '../../data/detectors';
import { describeImport, type DetectorSet, planDetectorSetImport } from '../../data/files';
import { checkedSettings, currentSettings } from './settings-slice';
import type { DetectorsSlice, NewClassDetector, NewDetector, Workspace, WorkspaceSlice } from './types';
import { changeDetectors } from './undo-slice';

export const DEFAULT_NEW_DETECTOR_NAME = 'New detector';

/**
 * The detectors, two-class and K-class: seeded once, then added, edited, deleted (undoable) and
 * imported (undoable). Ids are unique across both kinds; renaming, a new question and deleting work
 * on either.
 */
export const createDetectorsSlice: WorkspaceSlice<DetectorsSlice> = (set, get) => {
  const replaceDetector = (id: string, change: (detector: Detector) => Detector) =>
    changeDetectors(set, (state) => ({ detectors: state.detectors.map((d) => (d.id === id ? change(d) : d)) }));
  const replaceClassDetector = (id: string, change: (detector: ClassDetector) => ClassDetector) =>
    changeDetectors(set, (state) => ({ classDetectors: state.classDetectors.map((d) => (d.id === id ? change(d) : d)) }));
  const has = (id: string) => get().detectors.some((d) => d.id === id);
  const hasClassDetector = (id: string) => get().classDetectors.some((d) => d.id === id);
  /** Name or question of a detector of either kind. */
  const setText = (id: string, change: { name: string } | { query: string }): string | null => {
    if (has(id)) replaceDetector(id, (d) => ({ ...d, ...change }));
    else if (hasClassDetector(id)) replaceClassDetector(id, (d) => ({ ...d, ...change }));
    else return `No detector with id "${id}"`;
    return null;
  };
  return {
    detectors: [],
    classDetectors: [],
    seeded: false,
    seed: (detectors) => {
      if (get().seeded) return;
      set({ detectors: checkedCopies(detectors, 'seed', validateDetector, 'detectors'), seeded: true, lastDeleted: null });
    },
    addDetector: (partial = {}) => {
      const detector = buildNewDetector(partial, [...get().detectors, ...get().classDetectors]);
      changeDetectors(set, (state) => ({ detectors: [...state.detectors, detector], seeded: true }));
      return detector.id;
    },
    addClassDetector: (partial) => {
      const detector = buildNewClassDetector(partial, get());
      changeDetectors(set, (state) => ({ classDetectors: [...state.classDetectors, detector], seeded: true }));
      return detector.id;
    },
    updateClassMatrix: (id, matrix) => {
      const current = get().classDetectors.find((d) => d.id === id);
      if (!current) return `No K-class detector with id "${id}"`;
      const checked = validateClassDetector({ ...current, matrix }, 'detector');
      if (!checked.ok) return checked.errors.map((error) => error.message).join('; ');
      if (JSON.stringify(current.matrix) === JSON.stringify(checked.detector.matrix)) return null;
      // A matrix edited by hand is no longer the imported file's: the source goes, as for counts.
      replaceClassDetector(id, (d) => {
        const edited: ClassDetector = { ...d, matrix: checked.detector.matrix };
        delete edited.source;
        return edited;
      });
      return null;
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
      return checkName(name) ?? setText(id, { name: name.trim() });
    },
    setQuery: (id, query) => {
      return checkQuery(query) ?? setText(id, { query: query.trim() });
    },
    deleteDetector: (id) => {
      const index = get().detectors.findIndex((d) => d.id === id);
      const classIndex = get().classDetectors.findIndex((d) => d.id === id);
      if (index >= 0) {
        const detector = get().detectors[index]!;
        changeDetectors(set, (state) => ({ detectors: state.detectors.filter((d) => d.id !== id), lastDeleted: { detector, index } }));
      } else if (classIndex >= 0) {
        const detector = get().classDetectors[classIndex]!;
        changeDetectors(set, (state) => ({ classDetectors: state.classDetectors.filter((d) => d.id !== id), lastDeleted: { detector, index: classIndex } }));
      }
    },
    importDetectors: (incoming, mode, onExisting = 'add-new', description, settings) => {
      const incomingSet = Array.isArray(incoming) ? { detectors: incoming as readonly Detector[], classDetectors: [] } : (incoming as DetectorSet);
      const checked = {
        detectors: checkedCopies(incomingSet.detectors, 'importDetectors', validateDetector, 'detectors'),
        classDetectors: checkedCopies(incomingSet.classDetectors, 'importDetectors', validateClassDetector, 'classDetectors'),
      };
      if (settings) checkedSettings(settings);
      const { detectors: previous, classDetectors: previousClassDetectors } = get();
      const planned = planDetectorSetImport({ detectors: previous, classDetectors: previousClassDetectors }, checked, mode, onExisting);
      const { plan, classPlan } = planned;
      if (planned.refused !== null) return { ...plan, refused: planned.refused };
      const summary = description ?? `${mode === 'replace' ? 'Replaced the workspace' : 'Imported'}: ${describeImport(planned)}.`;
      set((state) => ({
        ...settings,
        detectors: plan.detectors,
        classDetectors: classPlan.detectors,
        seeded: true,
        // A replace removes what a deleted detector could be restored beside; adding keeps that undo.
        lastDeleted: mode === 'replace' ? null : state.lastDeleted,
        lastBulkChange: { description: summary, previous, previousClassDetectors, ...(settings && { previousSettings: currentSettings(state) }) },
      }));
      return plan;
    },
  };
};

function buildNewDetector(partial: NewDetector, existing: readonly { id: string; name: string }[]): Detector {
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

function buildNewClassDetector(partial: NewClassDetector, state: Workspace): ClassDetector {
  const taken = new Set([...state.detectors, ...state.classDetectors].map((d) => d.id));
  const base = partial.id !== undefined && DETECTOR_ID_PATTERN.test(partial.id) && partial.id.length <= MAX_ID_LENGTH ? partial.id : newDetectorId();
  const id = uniqueId(base, taken);
  const problems = [checkName(partial.name), checkQuery(partial.query ?? '')].filter((p): p is string => p !== null);
  const checked = validateClassDetector({ ...partial, id, name: partial.name.trim(), query: (partial.query ?? '').trim() }, 'detector');
  if (!checked.ok) problems.push(...checked.errors.map((error) => `${error.path}: ${error.message}`));
  if (problems.length > 0 || !checked.ok) throw new RangeError(`addClassDetector: ${problems.join('; ')}`);
  return checked.detector;
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

/** What the schema's validators return for one detector of either kind. */
type Checked<T> = { ok: true; detector: T } | { ok: false; errors: { path: string; message: string }[] };

/**
 * Fresh copies of detectors entering the store, checked against the schema (`validate`, by path
 * under `list`): anything invalid here would be saved and then refused on the next load, so it is a
 * programming error (RangeError) to pass it — the file and CSV parsers only produce valid detectors.
 */
function checkedCopies<T>(detectors: readonly T[], action: string, validate: (value: unknown, path: string) => Checked<T>, list: string): T[] {
  return detectors.map((detector, index) => {
    const result = validate(detector, `${list}[${index}]`);
    if (!result.ok) {
      throw new RangeError(`${action}: ${result.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
    }
    return result.detector;
  });
}
