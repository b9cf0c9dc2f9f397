import { describe, expect, it } from 'vitest';
import { createMonitoringStore, MONITORING_STORAGE_KEY, MONITORING_VERSION, type MonitoredHistory } from './monitoring';
import { memoryBackend } from './workspace-backend';
import { hydrated } from '../test/hydrated';

const history = (detectorId: string, days = 2): MonitoredHistory => ({
  detectorId,
  fileName: `${detectorId}.csv`,
  addedAt: '2026-11-27T04:00:00.000Z',
  rows: Array.from({ length: days }, (_, index) => ({ date: `2026-03-0${index + 1}`, yes: { correct: 9, total: 10 }, no: { correct: 19, total: 20 } })),
});

describe('monitoring store', () => {
  it('keeps one history a detector, forgets it on request (returning it for undo), and persists them', async () => {
    const items = new Map<string, string>();
    const store = createMonitoringStore(memoryBackend(items));
    store.getState().attach(history('a'));
    store.getState().attach(history('b'));
    store.getState().attach(history('a', 3));
    expect(store.getState().histories.map((h) => [h.detectorId, h.rows.length])).toEqual([['b', 2], ['a', 3]]);
    expect(store.getState().detach('b')).toEqual(history('b'));
    expect(store.getState().detach('nobody')).toBeNull();
    await Promise.resolve();
    expect(JSON.parse(items.get(MONITORING_STORAGE_KEY)!).version).toBe(MONITORING_VERSION);
    const reloaded = createMonitoringStore(memoryBackend(items));
    await hydrated(reloaded);
    expect(reloaded.getState().histories).toEqual([history('a', 3)]);
  });

  it('sets an unusable saved value aside and reads the usable histories', async () => {
    const broken = { ...history('c'), rows: [{ date: 'March', yes: { correct: 1, total: 1 }, no: { correct: 1, total: 1 } }] };
    const items = new Map<string, string>([[MONITORING_STORAGE_KEY, JSON.stringify({ state: { histories: [history('a'), broken] }, version: MONITORING_VERSION })]]);
    const store = createMonitoringStore(memoryBackend(items));
    await hydrated(store);
    expect(store.getState().histories.map((h) => h.detectorId)).toEqual(['a']);
    expect([...items.keys()].some((key) => key.startsWith(`${MONITORING_STORAGE_KEY}.corrupt-`))).toBe(true);
  });
});
