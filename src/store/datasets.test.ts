import { describe, expect, it } from 'vitest';
import { memoryBackend } from './workspace-backend';
import { createDatasetsStore, DATASETS_STORAGE_KEY, DATASETS_VERSION, MAX_DATASETS, migrateDatasets, type DatasetRecord } from './datasets';
import { hydrated } from '../test/hydrated';

const record = (id: string): DatasetRecord => ({
  id,
  fileName: `${id}.csv`,
  format: 'csv',
  bytes: 10,
  rows: 3,
  usableRows: 2,
  problems: [{ reason: 'empty label', rows: 1 }],
  mapping: { detector: null, truth: 'label', prediction: 'prediction', score: null, timestamp: null, exampleId: null, split: null, slices: [], yesValues: ['yes'], noValues: ['no'] },
  filters: [],
  threshold: null,
  importedAt: '2026-11-23T10:00:00.000Z',
  counts: [{ detectorId: id, name: id, yes: { correct: 1, total: 1 }, no: { correct: 1, total: 1 } }],
});

describe('datasets store', () => {
  it('remembers sources newest first, replaces by id, keeps at most MAX_DATASETS, and persists them', async () => {
    const items = new Map<string, string>();
    const store = createDatasetsStore(memoryBackend(items));
    store.getState().remember(record('a'));
    store.getState().remember(record('b'));
    store.getState().remember({ ...record('a'), rows: 9 });
    expect(store.getState().datasets.map((d) => [d.id, d.rows])).toEqual([['a', 9], ['b', 3]]);
    for (let i = 0; i < MAX_DATASETS + 5; i++) store.getState().remember(record(`x${i}`));
    expect(store.getState().datasets).toHaveLength(MAX_DATASETS);
    await Promise.resolve();
    const saved = JSON.parse(items.get(DATASETS_STORAGE_KEY)!);
    expect(saved.version).toBe(DATASETS_VERSION);
    const reloaded = createDatasetsStore(memoryBackend(items));
    await hydrated(reloaded);
    expect(reloaded.getState().datasets).toHaveLength(MAX_DATASETS);
  });
  it('reads only its own format; anything else starts empty', () => {
    expect(migrateDatasets({ datasets: [record('a')] }, DATASETS_VERSION).datasets).toHaveLength(1);
    expect(migrateDatasets({ datasets: 'nope' }, DATASETS_VERSION).datasets).toEqual([]);
    expect(migrateDatasets(null, 0).datasets).toEqual([]);
  });

  it.each([
    ['a null record among good ones', JSON.stringify({ state: { datasets: [null, record('good')] }, version: DATASETS_VERSION }), ['good']],
    ['text that is not JSON', '{this is not json', []],
    ['JSON of another shape', JSON.stringify({ datasets: 'nope' }), []],
  ])('reads %s without breaking the next import, and keeps the saved text aside first', async (_, stored, usable) => {
    const items = new Map<string, string>([[DATASETS_STORAGE_KEY, stored]]);
    const store = createDatasetsStore(memoryBackend(items));
    await hydrated(store);
    expect(store.getState().datasets.map((d) => d.id)).toEqual(usable);
    // Before: remember() read `id` of null and threw, after the detectors had been imported.
    store.getState().remember(record('new'));
    expect(store.getState().datasets.map((d) => d.id)).toEqual(['new', ...usable]);
    const aside = [...items.entries()].filter(([key]) => key.startsWith(`${DATASETS_STORAGE_KEY}.corrupt-`));
    expect(aside.map(([, value]) => value)).toEqual([stored]);
    // Set aside once: the next load reads what was usable, whole.
    const next = createDatasetsStore(memoryBackend(new Map([...items].filter(([key]) => key === DATASETS_STORAGE_KEY))));
    await hydrated(next);
    expect(next.getState().datasets.map((d) => d.id)).toEqual(['new', ...usable]);
  });

  it('sets nothing aside when what it reads is whole', async () => {
    const items = new Map<string, string>([[DATASETS_STORAGE_KEY, JSON.stringify({ state: { datasets: [record('a')] }, version: DATASETS_VERSION })]]);
    const store = createDatasetsStore(memoryBackend(items));
    await hydrated(store);
    expect(store.getState().datasets.map((d) => d.id)).toEqual(['a']);
    expect([...items.keys()]).toEqual([DATASETS_STORAGE_KEY]);
  });
});
