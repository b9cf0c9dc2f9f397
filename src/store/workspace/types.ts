import type { StateCreator } from 'zustand';
import type { AnyDetector, ClassDetector, ClassName, CountsFieldError, Detector, SortKey } from '../../data/detectors';
import type { DetectorSet, ExistingIdPolicy, ImportMode, ImportPlan } from '../../data/files';
import type { BalancedMethod } from '../../data/methods';

/** Shown by the UI when stored data could not be used or changes cannot be saved. */
export interface StorageProblem {
  message: string;
  /** localStorage key holding the unreadable value that was set aside; '' when nothing was set aside. */
  backupKey: string;
}

export interface WorkspaceState {
  /** The two-class (YES/NO) detectors. */
  detectors: Detector[];
  /** The K-class detectors (a confusion matrix each); the list shows both kinds together. */
  classDetectors: ClassDetector[];
  /** 1 − confidence level, shared by every interval on screen. */
  delta: number;
  sort: SortKey;
  /** List filter text (not persisted). */
  filter: string;
  /** Show the δ/4 per-class bounds that the balanced interval is built from. */
  showUnionBounds: boolean;
  /** How every balanced interval is built: Buehler's (the default), the blog's union bound or the estimate-ordered test inversion. */
  balancedMethod: BalancedMethod;
  /** False until the sample set or a file populated the workspace: the UI then calls seed(samples). */
  seeded: boolean;
  storageProblem: StorageProblem | null;
  /** False until the saved workspace has been read (asynchronously): nothing may seed before that. */
  hydrated: boolean;
  /** The last deleted detector and where it was, for undoDelete (not persisted). */
  lastDeleted: { detector: AnyDetector; index: number } | null;
  /** The last import or replace, undoable until the next one (not persisted). */
  lastBulkChange: BulkChange | null;
}

/** Detector fields a new detector may be given; missing ones get defaults (counts 0/0). */
export type NewDetector = Partial<Detector>;

/** A new K-class detector: its classes and matrix, a name; a free id is chosen when `id` is missing or taken. */
export type NewClassDetector = Omit<ClassDetector, 'id' | 'query'> & { id?: string; query?: string };


/** How the list is shown, method choices included: what a shared link brings along with its detectors. */
export interface ListSettings {
  delta: number;
  sort: SortKey;
  filter: string;
  balancedMethod: BalancedMethod;
  showUnionBounds: boolean;
}

/** A bulk change (an import, a replace) and the detectors before it, for `undoBulkChange`. */
export interface BulkChange {
  description: string;
  previous: Detector[];
  previousClassDetectors: ClassDetector[];
  /** The list settings before it, when the change brought its own (a shared link's). */
  previousSettings?: ListSettings;
}

export interface WorkspaceActions {
  /**
   * Fills an unseeded workspace (first visit, or after unreadable storage); does nothing once seeded.
   * Throws a RangeError for detectors that fail the schema.
   */
  seed: (detectors: readonly Detector[]) => void;
  /** Appends a detector and returns its id. Throws a RangeError for invalid counts or texts. */
  addDetector: (partial?: NewDetector) => string;
  /** Appends a K-class detector and returns its id. Throws a RangeError for an invalid matrix or texts. */
  addClassDetector: (detector: NewClassDetector) => string;
  /** Sets a K-class detector's matrix; returns why not (and changes nothing) for an invalid one or an unknown id. */
  updateClassMatrix: (id: string, matrix: number[][]) => string | null;
  /** Sets one class's counts; returns the field errors and leaves the last valid counts when invalid. */
  updateCounts: (
    id: string,
    cls: ClassName,
    counts: { correct: number | string; total: number | string },
  ) => CountsFieldError[];
  /** Returns an error message (and changes nothing) for an empty or over-long name or unknown id (of either kind). */
  renameDetector: (id: string, name: string) => string | null;
  setQuery: (id: string, query: string) => string | null;
  deleteDetector: (id: string) => void;
  /** Puts the last deleted detector back where it was; returns its id, or null if there is none. */
  undoDelete: () => string | null;
  /**
   * Imports detectors as `planImport` says (replace, or add with a policy for ids already present)
   * and keeps the previous detectors for `undoBulkChange`; changes nothing when the plan is refused
   * (`plan.refused`: too many detectors to be read back). Throws a RangeError for detectors that
   * fail the schema. K-class detectors (a DetectorSet's) are planned the same way beside them, ids
   * unique across both kinds; the returned plan is the two-class detectors'. `description` names the change for the undo bar. `settings` (a shared link's δ,
   * sort and filter) are applied with the detectors, and undone with them.
   */
  importDetectors: (
    detectors: readonly Detector[] | DetectorSet,
    mode: ImportMode,
    onExisting?: ExistingIdPolicy,
    description?: string,
    settings?: ListSettings,
  ) => ImportPlan;
  /** Restores the detectors (and list settings) from before the last import or replace; false when there is none. */
  undoBulkChange: () => boolean;
  /** Returns an error message (and keeps the old δ) unless 0 < δ < 1. */
  setDelta: (delta: number) => string | null;
  setSort: (sort: SortKey) => void;
  setFilter: (filter: string) => void;
  setShowUnionBounds: (show: boolean) => void;
  setBalancedMethod: (method: BalancedMethod) => void;
  dismissStorageProblem: () => void;
}

export type Workspace = WorkspaceState & WorkspaceActions;

/** What is saved: the data and lasting view choices, not the filter, undo slot or problems. */
export type PersistedWorkspace = Pick<WorkspaceState, 'detectors' | 'classDetectors' | 'delta' | 'sort' | 'showUnionBounds' | 'balancedMethod' | 'seeded'>;

/**
 * One slice of the workspace (zustand's slices pattern): a part of the state with the actions that
 * own it, created with the whole store's `set` and `get` inside the persist middleware.
 */
export type WorkspaceSlice<T extends Partial<Workspace>> = StateCreator<Workspace, [['zustand/persist', unknown]], [], T>;

/** The detectors and the actions that change them. */
export type DetectorsSlice = Pick<
  Workspace,
  'detectors' | 'classDetectors' | 'seeded' | 'seed' | 'addDetector' | 'addClassDetector' | 'updateClassMatrix' | 'updateCounts' | 'renameDetector' | 'setQuery' | 'deleteDetector' | 'importDetectors'
>;

/** The list's view choices: δ, sort order, filter, the balanced method, the union-bound toggle. */
export type SettingsSlice = Pick<
  Workspace,
  'delta' | 'sort' | 'filter' | 'showUnionBounds' | 'balancedMethod' | 'setDelta' | 'setSort' | 'setFilter' | 'setShowUnionBounds' | 'setBalancedMethod'
>;

/** The two undo slots (a delete, a bulk change) and their undo actions. */
export type UndoSlice = Pick<Workspace, 'lastDeleted' | 'lastBulkChange' | 'undoDelete' | 'undoBulkChange'>;

/** Whether the saved workspace has been read, and any storage problem to show. */
export type StorageSlice = Pick<Workspace, 'hydrated' | 'storageProblem' | 'dismissStorageProblem'>;
