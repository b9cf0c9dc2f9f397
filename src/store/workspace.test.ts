// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassDetector, Detector } from '../data/detectors';
import { FORKLIFT, SMOKE_WITHOUT_YES } from '../test/sample-detectors';
import { createWorkspaceStore, migrateWorkspace, selectDetector, selectVisibleDetectors, WORKSPACE_STORAGE_KEY, WORKSPACE_VERSION } from './workspace';
import { memoryBackend, type WorkspaceBackend } from './workspace-backend';

const NOW = 1_760_000_000_000;
const BACKUP_KEY = `${WORKSPACE_STORAGE_KEY}.corrupt-${NOW}`;

const spill: Detector = { id: 'spill', name: 'Spill', query: '', yes: { correct: 60, total: 60 }, no: { correct: 140, total: 140 } };

/** The backend over jsdom's localStorage, so tests can plant and read raw values synchronously. */
const localBackend: WorkspaceBackend = {
  name: 'test',
  get: async (key) => localStorage.getItem(key),
  set: async (key, value) => localStorage.setItem(key, value),
  remove: async (key) => localStorage.removeItem(key),
};

/** A store over that backend, once it has read what is saved (reading is asynchronous). */
async function newStore(backend: WorkspaceBackend = localBackend, legacyStorage: Storage | null = null) {
  const store = createWorkspaceStore({ backend, legacyStorage, now: () => NOW });
  await vi.waitFor(() => expect(store.getState().hydrated).toBe(true));
  return store;
}

/** Lets pending asynchronous writes land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function stored(): Promise<{ state: Record<string, unknown>; version: number }> {
  await settle();
  return JSON.parse(localStorage.getItem(WORKSPACE_STORAGE_KEY) ?? 'null');
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('workspace actions', () => {
  it('starts empty and unseeded with δ = 0.05', async () => {
    const state = (await newStore()).getState();
    expect(state).toMatchObject({ detectors: [], delta: 0.05, sort: 'estimate', filter: '', showUnionBounds: false, seeded: false, storageProblem: null, lastDeleted: null });
  });

  it('seed fills an unseeded workspace once', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT, SMOKE_WITHOUT_YES]);
    expect(store.getState()).toMatchObject({ detectors: [FORKLIFT, SMOKE_WITHOUT_YES], seeded: true });
    store.getState().seed([spill]);
    expect(store.getState().detectors).toEqual([FORKLIFT, SMOKE_WITHOUT_YES]);
  });

  it('updateCounts rejects invalid counts, returning the errors and keeping the last valid counts', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT]);
    const before = store.getState().detectors[0];
    const savedBefore = localStorage.getItem(WORKSPACE_STORAGE_KEY);
    expect(store.getState().updateCounts('forklift', 'yes', { correct: 45, total: 40 })).toEqual([
      { field: 'correct', reason: 'must be ≤ total (40), got 45', message: 'should-be-YES correct must be ≤ total (40), got 45' },
    ]);
    expect(store.getState().updateCounts('forklift', 'no', { correct: '', total: '60' })[0]?.message).toBe(
      'should-be-NO correct is empty; enter a whole number ≥ 0',
    );
    expect(store.getState().updateCounts('forklift', 'no', { correct: 2.5, total: 60 })[0]?.message).toBe(
      'should-be-NO correct must be a whole number, got 2.5',
    );
    expect(store.getState().updateCounts('forklift', 'no', { correct: -1, total: 60 })).toHaveLength(1);
    expect(store.getState().detectors[0]).toBe(before);
    expect(localStorage.getItem(WORKSPACE_STORAGE_KEY)).toBe(savedBefore);
  });

  it('updateCounts stores valid counts (from text too) in a new detector object', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT]);
    const before = store.getState().detectors[0];
    expect(store.getState().updateCounts('forklift', 'no', { correct: '58', total: '60' })).toEqual([]);
    expect(store.getState().detectors[0]).toEqual({ ...FORKLIFT, no: { correct: 58, total: 60 } });
    expect(store.getState().detectors[0]).not.toBe(before);
    expect(store.getState().updateCounts('nope', 'no', { correct: 1, total: 1 })[0]?.message).toContain('no detector with id "nope"');
  });

  it('adds detectors with unique default names and returns the id', async () => {
    const store = await newStore();
    const first = store.getState().addDetector();
    const second = store.getState().addDetector({ name: 'Pallet', yes: { correct: 1, total: 2 } });
    const third = store.getState().addDetector();
    const names = store.getState().detectors.map((d) => d.name);
    expect(names).toEqual(['New detector', 'Pallet', 'New detector 2']);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(store.getState().detectors[1]).toMatchObject({ id: second, yes: { correct: 1, total: 2 }, no: { correct: 0, total: 0 } });
    expect(store.getState().seeded).toBe(true);
    expect(() => store.getState().addDetector({ yes: { correct: 3, total: 2 } })).toThrow('should-be-YES correct must be ≤ total (2), got 3');
  });

  it('renames and sets the query with validation', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT]);
    expect(store.getState().renameDetector('forklift', '  Forklift (bay 3) ')).toBeNull();
    expect(store.getState().setQuery('forklift', 'Is a FORKLIFT in bay 3?')).toBeNull();
    expect(store.getState().renameDetector('forklift', '   ')).toBe('The name must not be empty');
    expect(store.getState().renameDetector('forklift', 'x'.repeat(201))).toMatch(/at most 200 characters/);
    expect(store.getState().setQuery('forklift', 'q'.repeat(1001))).toMatch(/at most 1000 characters/);
    expect(store.getState().renameDetector('ghost', 'Ghost')).toBe('No detector with id "ghost"');
    expect(store.getState().detectors[0]).toMatchObject({ name: 'Forklift (bay 3)', query: 'Is a FORKLIFT in bay 3?' });
  });

  it('deletes and undoes the delete at the same position', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT, SMOKE_WITHOUT_YES, spill]);
    store.getState().deleteDetector('smoke');
    expect(store.getState().detectors.map((d) => d.id)).toEqual(['forklift', 'spill']);
    expect(store.getState().lastDeleted).toEqual({ detector: SMOKE_WITHOUT_YES, index: 1 });
    expect(store.getState().undoDelete()).toBe('smoke');
    expect(store.getState().detectors.map((d) => d.id)).toEqual(['forklift', 'smoke', 'spill']);
    expect(store.getState().lastDeleted).toBeNull();
    expect(store.getState().undoDelete()).toBeNull();
  });

  it('undo keeps working after later changes and never duplicates an id', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT, SMOKE_WITHOUT_YES, spill]);
    store.getState().deleteDetector('spill');
    store.getState().deleteDetector('forklift'); // only the last delete can be undone
    store.getState().importDetectors([{ ...FORKLIFT, name: 'Another forklift' }], 'add', 'add-new');
    expect(store.getState().undoDelete()).toBe('forklift-2');
    expect(store.getState().detectors.map((d) => d.id)).toEqual(['forklift-2', 'smoke', 'forklift']);
  });

  it('applies a shared link’s δ, sort and filter with its detectors, and undoes them together', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT]);
    store.getState().setSort('name');
    const shared = { delta: 0.01, sort: 'lower' as const, filter: 'spill', balancedMethod: 'union' as const, showUnionBounds: true };
    store.getState().importDetectors([spill], 'add', 'update', 'Added 1 shared detectors.', shared);
    expect(store.getState()).toMatchObject({ ...shared, detectors: [FORKLIFT, spill] });
    expect(store.getState().undoBulkChange()).toBe(true);
    expect(store.getState()).toMatchObject({ delta: 0.05, sort: 'name', filter: '', balancedMethod: 'buehler', showUnionBounds: false, detectors: [FORKLIFT] });
    // A plain import leaves the settings as they are, before and after its undo.
    store.getState().setFilter('fork');
    store.getState().importDetectors([spill], 'add', 'update');
    store.getState().undoBulkChange();
    expect(store.getState().filter).toBe('fork');
    expect(() => store.getState().importDetectors([spill], 'add', 'update', undefined, { ...shared, delta: 0 })).toThrow(RangeError);
    expect(store.getState().detectors).toEqual([FORKLIFT]);
  });

  it('imports by adding (ids in use updated, added under a free id, or skipped) or replacing, each undoable', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT, SMOKE_WITHOUT_YES]);
    const renamedForklift = { ...FORKLIFT, name: 'Forklift v2', yes: { correct: 39, total: 40 } };
    const added = store.getState().importDetectors([renamedForklift, spill], 'add', 'add-new');
    expect(added.actions).toEqual([{ kind: 'add-renamed', id: 'forklift-2', from: 'forklift' }, { kind: 'add', id: 'spill' }]);
    expect(store.getState().detectors.map((d) => d.id)).toEqual(['forklift', 'smoke', 'forklift-2', 'spill']);
    expect(store.getState().undoBulkChange()).toBe(true);
    expect(store.getState().detectors).toEqual([FORKLIFT, SMOKE_WITHOUT_YES]);

    // Re-importing the same ids updates them in place: no silent duplicates.
    store.getState().importDetectors([renamedForklift], 'add', 'update');
    expect(store.getState().detectors).toEqual([renamedForklift, SMOKE_WITHOUT_YES]);
    expect(store.getState().lastBulkChange?.description).toBe('Imported: 1 updated.');
    store.getState().importDetectors([FORKLIFT, spill], 'add', 'skip');
    expect(store.getState().detectors).toEqual([renamedForklift, SMOKE_WITHOUT_YES, spill]);

    const before = store.getState().detectors;
    store.getState().importDetectors([spill, spill], 'replace');
    expect(store.getState().detectors.map((d) => d.id)).toEqual(['spill', 'spill-2']);
    expect(store.getState().undoBulkChange()).toBe(true);
    expect(store.getState().detectors).toBe(before);
    expect(store.getState().undoBulkChange()).toBe(false);
  });

  it('offers to undo an import only while nothing has changed since: it would drop the later changes', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT, SMOKE_WITHOUT_YES]);
    for (const change of [
      () => store.getState().updateCounts('spill', 'yes', { correct: '1', total: '2' }),
      () => store.getState().renameDetector('spill', 'Spill v2'),
      () => store.getState().setQuery('spill', 'Is there a spill?'),
      () => store.getState().addDetector({ name: 'New' }),
      () => store.getState().deleteDetector('smoke'),
    ]) {
      store.getState().importDetectors([spill], 'add', 'update');
      expect(store.getState().lastBulkChange).not.toBeNull();
      change();
      expect(store.getState().lastBulkChange).toBeNull();
      expect(store.getState().undoBulkChange()).toBe(false);
    }
    // Undoing an import also ends an older delete's undo (it would restore beside the undone list).
    store.getState().deleteDetector('forklift');
    store.getState().importDetectors([FORKLIFT], 'add', 'add-new');
    expect(store.getState().undoBulkChange()).toBe(true);
    expect(store.getState().lastDeleted).toBeNull();
    expect(store.getState().undoDelete()).toBeNull();
  });

  it('changes nothing when an import would make more detectors than a saved workspace is read back with', async () => {
    const store = await newStore();
    const many = Array.from({ length: 50_000 }, (_, index) => ({ ...spill, id: `d${index}`, name: `D ${index}` }));
    store.getState().importDetectors(many, 'replace');
    const before = store.getState().detectors;
    const plan = store.getState().importDetectors([FORKLIFT], 'add', 'add-new');
    expect(plan.refused).toMatch(/50,001 detectors/);
    expect(store.getState().detectors).toBe(before);
    expect(store.getState().lastBulkChange?.description).toMatch(/^Replaced the workspace/);
  });

  it('keeps two tabs in step: one saving an old copy over the other’s import loses nothing', async () => {
    const backend = memoryBackend();
    const tabChannel = `workspace-test-${Math.random()}`;
    const tabA = createWorkspaceStore({ backend, legacyStorage: null, now: () => NOW, tabChannel });
    const tabB = createWorkspaceStore({ backend, legacyStorage: null, now: () => NOW, tabChannel });
    await vi.waitFor(() => expect(tabA.getState().hydrated && tabB.getState().hydrated).toBe(true));
    tabA.getState().seed([FORKLIFT]);
    await vi.waitFor(() => expect(tabB.getState().detectors).toEqual([FORKLIFT]));
    tabA.getState().importDetectors([SMOKE_WITHOUT_YES, spill], 'add', 'add-new');
    await vi.waitFor(() => expect(tabB.getState().detectors.map((d) => d.id)).toEqual(['forklift', 'smoke', 'spill']));
    tabB.getState().setDelta(0.01);
    await vi.waitFor(async () => {
      const saved = JSON.parse((await backend.get(WORKSPACE_STORAGE_KEY))!) as { state: { detectors: { id: string }[]; delta: number } };
      expect(saved.state.detectors.map((d) => d.id)).toEqual(['forklift', 'smoke', 'spill']);
      expect(saved.state.delta).toBe(0.01);
    });
    await vi.waitFor(() => expect(tabA.getState().delta).toBe(0.01));
    // The re-read is not saved back: the tabs settle instead of waking each other for ever.
    let saves = 0;
    const set = backend.set.bind(backend);
    backend.set = async (key, value) => {
      saves += 1;
      await set(key, value);
    };
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(saves).toBe(0);
  });

  it('refuses detectors that would not survive a reload', async () => {
    const store = await newStore();
    const bad = { ...FORKLIFT, yes: { correct: 41, total: 40 } };
    expect(() => store.getState().importDetectors([FORKLIFT, bad], 'add')).toThrow(
      'importDetectors: detectors[1].yes.correct: must be ≤ total (40), got 41',
    );
    expect(() => store.getState().seed([{ ...FORKLIFT, id: 'has space' }])).toThrow(RangeError);
    expect(store.getState()).toMatchObject({ detectors: [], seeded: false });
  });

  it('uses a requested id only when it is valid and free', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT]);
    expect(store.getState().addDetector({ id: 'pallet' })).toBe('pallet');
    expect(store.getState().addDetector({ id: 'forklift' })).not.toBe('forklift');
    expect(store.getState().addDetector({ id: 'bad id!' })).not.toBe('bad id!');
  });

  it('validates δ and keeps the old one when invalid', async () => {
    const store = await newStore();
    expect(store.getState().setDelta(0.01)).toBeNull();
    expect(store.getState().setDelta(0)).toMatch(/^δ must be .*got 0$/);
    expect(store.getState().setDelta(Number.NaN)).not.toBeNull();
    // Subnormal: δ/4 would underflow to 0 and the intervals could not be computed.
    expect(store.getState().setDelta(5e-324)).not.toBeNull();
    expect(store.getState().delta).toBe(0.01);
  });

  it('sets the view choices', async () => {
    const store = await newStore();
    store.getState().setSort('lower');
    store.getState().setFilter('fork');
    store.getState().setShowUnionBounds(true);
    expect(store.getState()).toMatchObject({ sort: 'lower', filter: 'fork', showUnionBounds: true });
  });
});

describe('selectors', () => {
  it('selectVisibleDetectors filters, sorts and returns the same array until an input changes', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT, SMOKE_WITHOUT_YES, spill]);
    store.getState().setSort('name');
    const first = selectVisibleDetectors(store.getState());
    expect(first.map((d) => d.id)).toEqual(['forklift', 'smoke', 'spill']);
    expect(selectVisibleDetectors(store.getState())).toBe(first);
    store.getState().setFilter('sp');
    expect(selectVisibleDetectors(store.getState()).map((d) => d.id)).toEqual(['spill']);
  });

  it('selectDetector finds by id', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT]);
    expect(selectDetector('forklift')(store.getState())).toEqual(FORKLIFT);
    expect(selectDetector('nope')(store.getState())).toBeUndefined();
  });
});

describe('persistence', () => {
  it('saves the data and lasting view choices under tailbound.workspace with a version', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT]);
    store.getState().setDelta(0.001);
    store.getState().setSort('lower');
    store.getState().setBalancedMethod('union');
    store.getState().setFilter('fork');
    store.getState().deleteDetector('forklift');
    store.getState().undoDelete();
    expect((await stored())).toEqual({
      version: WORKSPACE_VERSION,
      state: { detectors: [FORKLIFT], classDetectors: [], delta: 0.001, sort: 'lower', showUnionBounds: false, balancedMethod: 'union', seeded: true },
    });
  });

  it('starts with the default balanced interval, Buehler’s', async () => {
    expect((await newStore()).getState().balancedMethod).toBe('buehler');
  });

  it('reads a workspace saved before the balanced-interval setting existed with the default, Buehler’s', async () => {
    const first = await newStore();
    first.getState().seed([FORKLIFT]);
    first.getState().setBalancedMethod('union');
    const saved = (await stored()) as { version: number; state: Record<string, unknown> };
    delete saved.state.balancedMethod;
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify({ ...saved, version: 1 }));
    const second = await newStore();
    expect(second.getState().balancedMethod).toBe('buehler');
    expect(second.getState().detectors).toEqual([FORKLIFT]);
  });

  it('migrates version 1’s test inversion (the old default) to Buehler’s, keeps its union bound, and saves the current version', async () => {
    const v1 = (balancedMethod: string) =>
      JSON.stringify({ version: 1, state: { detectors: [FORKLIFT], delta: 0.01, sort: 'lower', showUnionBounds: true, balancedMethod, seeded: true } });
    localStorage.setItem(WORKSPACE_STORAGE_KEY, v1('inversion'));
    const inverted = await newStore();
    expect(inverted.getState()).toMatchObject({ balancedMethod: 'buehler', detectors: [FORKLIFT], delta: 0.01, sort: 'lower', showUnionBounds: true, storageProblem: null });
    expect(await stored()).toEqual({
      version: WORKSPACE_VERSION,
      state: { detectors: [FORKLIFT], classDetectors: [], delta: 0.01, sort: 'lower', showUnionBounds: true, balancedMethod: 'buehler', seeded: true },
    });

    localStorage.setItem(WORKSPACE_STORAGE_KEY, v1('union'));
    expect((await newStore()).getState().balancedMethod).toBe('union');
  });

  it('keeps a version-2 workspace’s test inversion: chosen after the change, it stays chosen', async () => {
    const first = await newStore();
    first.getState().seed([FORKLIFT]);
    first.getState().setBalancedMethod('inversion');
    expect((await stored()).version).toBe(WORKSPACE_VERSION);
    expect((await newStore()).getState().balancedMethod).toBe('inversion');
  });

  it('restores a saved workspace, but not the filter or undo slot', async () => {
    const first = await newStore();
    first.getState().seed([FORKLIFT, SMOKE_WITHOUT_YES]);
    first.getState().setDelta(0.1);
    first.getState().setFilter('smo');
    first.getState().deleteDetector('smoke');
    await settle(); // the save's own task (a reload comes later than that)
    const second = await newStore();
    expect(second.getState()).toMatchObject({ detectors: [FORKLIFT], delta: 0.1, seeded: true, filter: '', lastDeleted: null, storageProblem: null });
    expect(second.persist.hasHydrated()).toBe(true);
  });

  it('migrates version 0 (positives/negatives, confidence) to the current version and saves it', async () => {
    const v0 = {
      version: 0,
      state: {
        detectors: [{ id: 'forklift', name: 'Forklift', query: FORKLIFT.query, positives: { correct: 38, total: 40 }, negatives: { correct: 55, total: 60 } }],
        confidence: 0.99,
      },
    };
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify(v0));
    const store = await newStore();
    expect(store.getState()).toMatchObject({ detectors: [FORKLIFT], delta: 0.01, seeded: true, balancedMethod: 'buehler', storageProblem: null });
    expect((await stored()).version).toBe(WORKSPACE_VERSION);
    expect((await stored()).state.detectors).toEqual([FORKLIFT]);
  });

  it('migrateWorkspace defaults a missing query and confidence', async () => {
    const migrated = migrateWorkspace({ detectors: [{ id: 'a', name: 'A', positives: { correct: 1, total: 1 }, negatives: { correct: 0, total: 1 } }] }, 0);
    expect(migrated).toEqual({
      detectors: [{ id: 'a', name: 'A', query: '', yes: { correct: 1, total: 1 }, no: { correct: 0, total: 1 } }],
      delta: 0.05,
      sort: 'estimate',
      showUnionBounds: false,
      seeded: true,
      balancedMethod: 'buehler',
      classDetectors: [],
    });
  });

  const corrupt: [string, string, string][] = [
    ['invalid JSON', '{"state": {"detectors": [', 'it is not valid JSON'],
    ['a foreign shape', JSON.stringify({ theme: 'dark' }), "it is not tailbound's workspace format"],
    ['a bare list', JSON.stringify([1, 2, 3]), "it is not tailbound's workspace format"],
    ['a null state', JSON.stringify({ version: 1, state: null }), 'the saved state is not an object'],
    ['an empty string', '', 'it is not valid JSON'],
    ['a future version', JSON.stringify({ version: 7, state: {} }), 'it was saved by a newer version of tailbound (format 7; this one reads up to 4)'],
    [
      'detectors failing validation',
      JSON.stringify({ version: 1, state: { detectors: [{ ...FORKLIFT, yes: { correct: 45, total: 40 } }], delta: 0.05, sort: 'estimate', showUnionBounds: false, seeded: true } }),
      'invalid detectors — detectors[0].yes.correct: must be ≤ total (40), got 45',
    ],
    ['version-0 data without detectors', JSON.stringify({ version: 0, state: { confidence: 0.95 } }), 'version-0 data without a detectors list'],
    ['a negative version', JSON.stringify({ version: -1, state: {} }), 'unknown saved format version -1'],
  ];

  it.each(corrupt)('keeps %s aside, reports it and starts unseeded (so the samples load)', async (_what, raw, reason) => {
    localStorage.setItem(WORKSPACE_STORAGE_KEY, raw);
    const store = await newStore();
    const state = store.getState();
    expect(state.detectors).toEqual([]);
    expect(state.seeded).toBe(false);
    expect(state.storageProblem).toEqual({
      message: `Your saved workspace could not be read (${reason}). It was kept under the browser storage key "${BACKUP_KEY}" and the sample detectors were loaded instead.`,
      backupKey: BACKUP_KEY,
    });
    expect(localStorage.getItem(BACKUP_KEY)).toBe(raw);
    // The app carries on: seeding the samples and editing work and are saved.
    state.seed([FORKLIFT]);
    expect(store.getState().updateCounts('forklift', 'yes', { correct: 39, total: 40 })).toEqual([]);
    expect((await stored()).state.detectors).toEqual([{ ...FORKLIFT, yes: { correct: 39, total: 40 } }]);
    expect(localStorage.getItem(BACKUP_KEY)).toBe(raw);
    store.getState().dismissStorageProblem();
    expect(store.getState().storageProblem).toBeNull();
  });

  it.each([5, 5e-324, 'abc'])('resets an unusable saved δ (%s) but keeps the detectors, backing the saved value up', async (delta) => {
    const raw = JSON.stringify({ version: 1, state: { detectors: [FORKLIFT], delta, sort: 'lower', showUnionBounds: true, seeded: true } });
    localStorage.setItem(WORKSPACE_STORAGE_KEY, raw);
    const state = (await newStore()).getState();
    expect(state.detectors).toEqual([FORKLIFT]);
    expect(state.sort).toBe('lower');
    expect(state.delta).toBe(0.05);
    expect(state.storageProblem?.message).toMatch(/^Your saved confidence level was reset to δ = 0.05 \(the saved δ = .* cannot be used: .*\)\. Your detectors are unchanged/);
    expect(state.storageProblem?.backupKey).toBe(BACKUP_KEY);
    expect(localStorage.getItem(BACKUP_KEY)).toBe(raw);
  });

  // Issue 29: every saved setting is checked by one schema (PERSISTED_SETTINGS); a bad one is reset
  // and named, the saved workspace copied aside as it was, and the detectors kept.
  it.each([
    ['an unknown balanced-interval method', 2, { balancedMethod: 'bogus' }, { balancedMethod: 'buehler' }, ['balanced interval was reset to buehler (unknown balanced-interval method "bogus")']],
    ['a version-2 workspace without its balanced-interval method', 2, { balancedMethod: undefined }, { balancedMethod: 'buehler' }, ['balanced interval was reset to buehler (unknown balanced-interval method none)']],
    ['an unknown balanced-interval method in version 1', 1, { balancedMethod: 7 }, { balancedMethod: 'buehler' }, ['balanced interval was reset to buehler (unknown balanced-interval method 7)']],
    ['an unknown sort', 1, { sort: 'random' }, { sort: 'estimate' }, ['sort order was reset to estimate (unknown sort order "random")']],
    [
      'several bad settings at once',
      2,
      { sort: 'x'.repeat(5000), showUnionBounds: 'yes', seeded: null },
      { sort: 'estimate', showUnionBounds: false, seeded: true },
      [
        `sort order was reset to estimate (unknown sort order "${'x'.repeat(39)}…)`,
        'choice to show the δ/4 bounds was reset to hidden (expected true or false, found "yes")',
        'note that the samples were loaded was reset to loaded (expected true or false, found null)',
      ],
    ],
  ] as const)('resets %s alone, naming it, and keeps the detectors', async (_what, version, bad, fixed, resets) => {
    const state = { detectors: [FORKLIFT], delta: 0.01, sort: 'lower', showUnionBounds: true, balancedMethod: 'union', seeded: true, ...bad };
    const raw = JSON.stringify({ version, state });
    localStorage.setItem(WORKSPACE_STORAGE_KEY, raw);
    const read = (await newStore()).getState();
    expect(read).toMatchObject({ detectors: [FORKLIFT], delta: 0.01, ...Object.fromEntries(Object.keys(bad).map((key) => [key, (fixed as Record<string, unknown>)[key]])) });
    expect(read.storageProblem).toEqual({
      message: `Your saved ${resets.join('; ')}. Your detectors are unchanged; the saved workspace as it was is kept under the browser storage key "${BACKUP_KEY}".`,
      backupKey: BACKUP_KEY,
    });
    expect(localStorage.getItem(BACKUP_KEY)).toBe(raw);
    // The repaired workspace is what is saved now.
    expect((await stored()).state).toMatchObject({ detectors: [FORKLIFT], ...fixed });
  });

  // Issue 29: where an import's counts came from is a detector field of its own, saved and read back;
  // counts edited by hand drop it.
  it('keeps a detector’s data source through a save, and drops it when its counts are edited', async () => {
    const imported = { ...FORKLIFT, source: 'multi.csv, 9,310 usable of 9,500 rows, imported 2026-11-26' };
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify({ version: 2, state: { detectors: [imported], delta: 0.05, sort: 'lower', showUnionBounds: false, balancedMethod: 'buehler', seeded: true } }));
    const store = await newStore();
    expect(store.getState().detectors).toEqual([imported]);
    expect(store.getState().updateCounts('forklift', 'yes', { correct: FORKLIFT.yes.correct, total: FORKLIFT.yes.total })).toEqual([]);
    expect(store.getState().detectors[0]!.source).toBe(imported.source);
    expect(store.getState().updateCounts('forklift', 'yes', { correct: 1, total: 40 })).toEqual([]);
    expect(store.getState().detectors[0]!.source).toBeUndefined();
    expect(((await stored()).state.detectors as object[])[0]).not.toHaveProperty('source');
  });

  it('moves a question the data import wrote ("Counts from …") into the detector’s source, going from format 2 to 3', async () => {
    const imported = { ...FORKLIFT, id: 'multi', query: 'Counts from multi.csv (9,310 usable of 9,500 rows)' };
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify({ version: 2, state: { detectors: [imported, FORKLIFT], delta: 0.05, sort: 'lower', showUnionBounds: false, balancedMethod: 'buehler', seeded: true } }));
    const store = await newStore();
    expect(store.getState().detectors).toEqual([{ ...imported, query: '', source: 'multi.csv (9,310 usable of 9,500 rows)' }, FORKLIFT]);
    expect(store.getState().storageProblem).toBeNull();
    expect((await stored()).version).toBe(WORKSPACE_VERSION);
  });

  it('never overwrites an earlier backup', async () => {
    localStorage.setItem(BACKUP_KEY, 'older');
    localStorage.setItem(WORKSPACE_STORAGE_KEY, 'garbage');
    const store = await newStore();
    expect(store.getState().storageProblem?.backupKey).toBe(`${BACKUP_KEY}-2`);
    expect(localStorage.getItem(BACKUP_KEY)).toBe('older');
    expect(localStorage.getItem(`${BACKUP_KEY}-2`)).toBe('garbage');
  });

  it('leaves the original untouched and stops saving when even the backup cannot be written', async () => {
    localStorage.setItem(WORKSPACE_STORAGE_KEY, 'garbage');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const store = await newStore();
    expect(store.getState().storageProblem).toEqual({
      message: `Your saved workspace could not be read (it is not valid JSON) and could not be set aside (QuotaExceededError: quota). It was left untouched under "${WORKSPACE_STORAGE_KEY}"; the sample detectors were loaded and changes in this session will not be saved.`,
      backupKey: '',
    });
    setItem.mockRestore();
    store.getState().seed([FORKLIFT]);
    expect(localStorage.getItem(WORKSPACE_STORAGE_KEY)).toBe('garbage');
  });

  it('reports a failed save (e.g. storage full) without crashing or losing the in-memory state', async () => {
    const store = await newStore();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    store.getState().seed([FORKLIFT]);
    expect(store.getState().detectors).toEqual([FORKLIFT]);
    await settle();
    expect(store.getState().storageProblem).toEqual({
      message:
        'Your latest changes could not be saved in this browser (QuotaExceededError: The quota has been exceeded.). Everything on screen stays in this tab, and the last saved workspace is unchanged; export your detectors as JSON to keep them.',
      backupKey: '',
    });
    expect(store.getState().detectors).toEqual([FORKLIFT]);
  });

  it('works in memory when the browser refuses storage (private mode), and says so', async () => {
    const refusing: WorkspaceBackend = { ...localBackend, get: () => Promise.reject(new DOMException('blocked', 'SecurityError')) };
    const store = await newStore(refusing);
    expect(store.getState().storageProblem?.message).toMatch(/^This browser does not let tailbound save data \(SecurityError: blocked\)/);
    store.getState().seed([FORKLIFT]);
    expect(store.getState().detectors).toEqual([FORKLIFT]);
  });

  it('moves a workspace saved by earlier versions in localStorage to the backend once', async () => {
    const legacy = JSON.stringify({ version: 1, state: { detectors: [FORKLIFT], delta: 0.01, sort: 'name', showUnionBounds: false, seeded: true } });
    localStorage.setItem(WORKSPACE_STORAGE_KEY, legacy);
    const items = new Map<string, string>();
    const store = await newStore(memoryBackend(items), localStorage);
    expect(store.getState()).toMatchObject({ detectors: [FORKLIFT], delta: 0.01, sort: 'name', storageProblem: null });
    expect(JSON.parse(items.get(WORKSPACE_STORAGE_KEY)!).state.detectors).toEqual([FORKLIFT]);
    expect(localStorage.getItem(WORKSPACE_STORAGE_KEY)).toBeNull();
    // A reload reads the backend.
    expect((await newStore(memoryBackend(items), localStorage)).getState().detectors).toEqual([FORKLIFT]);
  });

  it('holds 50,000 detectors, the documented maximum, across a reload', async () => {
    const items = new Map<string, string>();
    const many = Array.from({ length: 50_000 }, (_, index) => ({ ...FORKLIFT, id: `d${index}`, name: `Detector ${index}` }));
    const store = await newStore(memoryBackend(items));
    store.getState().importDetectors(many, 'replace');
    await settle();
    expect((await newStore(memoryBackend(items))).getState().detectors).toHaveLength(50_000);
  });

  it('writes nothing before the saved workspace is read, so an early seed cannot overwrite it', async () => {
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify({ version: 1, state: { detectors: [FORKLIFT], delta: 0.05, sort: 'estimate', showUnionBounds: false, seeded: true } }));
    const store = createWorkspaceStore({ backend: localBackend, legacyStorage: null, now: () => NOW });
    store.getState().seed([spill]);
    await vi.waitFor(() => expect(store.getState().hydrated).toBe(true));
    expect(store.getState().detectors).toEqual([FORKLIFT]);
    expect((await stored()).state.detectors).toEqual([FORKLIFT]);
  });
});

describe('K-class detectors', () => {
  const PETS: ClassDetector = { id: 'pets', name: 'Pets', query: '', classes: ['cat', 'dog', 'bird'], matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]] };

  it('adds one under a free id (never a two-class detector’s), edits its matrix and texts, and saves them as format 4', async () => {
    const store = await newStore();
    store.getState().seed([{ ...FORKLIFT, id: 'pets' }]);
    const id = store.getState().addClassDetector({ ...PETS, id: 'pets', source: 'pets.json' });
    expect(id).toBe('pets-2');
    expect(store.getState().updateClassMatrix(id, [[1, 0, 0], [0, 0, 0], [0, 0, 1]])).toMatch(/no examples of 'dog'/);
    expect(store.getState().updateClassMatrix(id, [[1, 2], [3, 4]])).toMatch(/must be 3 rows/);
    expect(store.getState().updateClassMatrix('nope', PETS.matrix)).toBe('No K-class detector with id "nope"');
    expect(store.getState().classDetectors[0]!.source).toBe('pets.json');
    expect(store.getState().updateClassMatrix(id, [[51, 2, 1], [3, 40, 2], [0, 1, 30]])).toBeNull();
    expect(store.getState().renameDetector(id, ' Pets v2 ')).toBeNull();
    expect(store.getState().setQuery(id, 'Which animal?')).toBeNull();
    const edited = { ...PETS, id, name: 'Pets v2', query: 'Which animal?', matrix: [[51, 2, 1], [3, 40, 2], [0, 1, 30]] };
    // An edited matrix is no longer the file's: the source goes.
    expect(store.getState().classDetectors).toEqual([edited]);
    expect(store.getState().detectors).toHaveLength(1);
    expect((await stored())).toMatchObject({ version: 4, state: { classDetectors: [edited] } });
    const reloaded = await newStore();
    expect(reloaded.getState().classDetectors).toEqual([edited]);
    expect(() => store.getState().addClassDetector({ ...PETS, classes: ['cat', 'cat', 'bird'] })).toThrow(RangeError);
  });

  it('saves a change to K-class detectors alone (the two-class ones and the settings unchanged)', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT]);
    store.getState().addClassDetector(PETS);
    expect((await stored()).state.classDetectors).toEqual([PETS]);
    store.getState().updateClassMatrix('pets', [[50, 2, 1], [13, 40, 2], [0, 1, 30]]);
    expect((await stored()).state.classDetectors).toEqual([{ ...PETS, matrix: [[50, 2, 1], [13, 40, 2], [0, 1, 30]] }]);
  });

  it('deletes one and puts it back where it was', async () => {
    const store = await newStore();
    store.getState().addClassDetector(PETS);
    store.getState().addClassDetector({ ...PETS, id: 'birds', name: 'Birds' });
    store.getState().deleteDetector('pets');
    expect(store.getState().classDetectors.map((d) => d.id)).toEqual(['birds']);
    expect(store.getState().undoDelete()).toBe('pets');
    expect(store.getState().classDetectors.map((d) => d.id)).toEqual(['pets', 'birds']);
  });

  it('imports both kinds (ids unique across them), replaces both, and undoes either', async () => {
    const store = await newStore();
    store.getState().seed([FORKLIFT]);
    store.getState().addClassDetector(PETS);
    const plan = store.getState().importDetectors({ detectors: [{ ...spill, id: 'pets' }], classDetectors: [{ ...PETS, name: 'Pets (new)' }, { ...PETS, id: 'forklift' }] }, 'add', 'update');
    expect(plan.actions).toEqual([{ kind: 'add-renamed', id: 'pets-2', from: 'pets' }]);
    expect(store.getState().classDetectors.map((d) => [d.id, d.name])).toEqual([['pets', 'Pets (new)'], ['forklift-2', 'Pets']]);
    expect(store.getState().lastBulkChange?.description).toBe('Imported: 2 added, 1 updated.');
    expect(store.getState().undoBulkChange()).toBe(true);
    expect(store.getState().classDetectors).toEqual([PETS]);
    store.getState().importDetectors([spill], 'replace');
    expect(store.getState()).toMatchObject({ detectors: [spill], classDetectors: [] });
    store.getState().undoBulkChange();
    expect(store.getState()).toMatchObject({ detectors: [FORKLIFT], classDetectors: [PETS] });
  });

  it('migrates a format-3 workspace unchanged, with no K-class detectors', async () => {
    const v3 = { detectors: [FORKLIFT], delta: 0.01, sort: 'lower', showUnionBounds: true, balancedMethod: 'inversion', seeded: true };
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify({ version: 3, state: v3 }));
    const store = await newStore();
    expect(store.getState()).toMatchObject({ ...v3, classDetectors: [], storageProblem: null });
    expect(migrateWorkspace(v3, 3)).toEqual({ ...v3, classDetectors: [] });
  });

  it('sets a workspace with an invalid K-class detector aside, naming it', async () => {
    const state = { detectors: [FORKLIFT], classDetectors: [{ ...PETS, matrix: [[1, 0, 0], [0, 0, 0], [0, 0, 1]] }], delta: 0.05, sort: 'lower', showUnionBounds: false, balancedMethod: 'buehler', seeded: true };
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify({ version: 4, state }));
    const store = await newStore();
    expect(store.getState().storageProblem?.message).toMatch(/classDetectors\[0\]\.matrix: has no examples of 'dog'/);
    expect(store.getState().classDetectors).toEqual([]);
  });
});
