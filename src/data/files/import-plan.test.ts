import { describe, expect, it } from 'vitest';
import type { Detector } from '../detectors/detector';
import { MAX_DETECTORS_PER_FILE } from '../detectors/detectors-schema';
import { describeImport, planImport } from './import-plan';

const detector = (id: string, correct = 1): Detector => ({ id, name: id, query: '', yes: { correct, total: 2 }, no: { correct: 1, total: 2 } });

describe('planImport', () => {
  it('renames a conflicting detector to an id the file does not use itself', () => {
    const plan = planImport([detector('x')], [detector('x', 2), detector('x-2')], 'add', 'add-new');
    expect(plan.actions).toEqual([{ kind: 'add-renamed', id: 'x-3', from: 'x' }, { kind: 'add', id: 'x-2' }]);
    expect(plan.detectors.map((d) => d.id)).toEqual(['x', 'x-3', 'x-2']);
  });

  it('adds an id repeated in the file as a detector of its own, never as a second update of the first', () => {
    const plan = planImport([detector('x')], [detector('x', 2), detector('x', 0)], 'add', 'update');
    expect(plan.actions.map((action) => [action.kind, action.id])).toEqual([['update', 'x'], ['add-renamed', 'x-2']]);
    expect(plan.detectors.map((d) => [d.id, d.yes.correct])).toEqual([['x', 2], ['x-2', 0]]);
  });

  it('refuses an add that would make the workspace larger than it can be read back', () => {
    const existing = Array.from({ length: MAX_DETECTORS_PER_FILE - 1 }, (_, index) => detector(`d${index}`));
    expect(planImport(existing, [detector('new-1')], 'add', 'add-new').refused).toBeNull();
    const plan = planImport(existing, [detector('new-1'), detector('new-2')], 'add', 'add-new');
    expect(plan.refused).toMatch(/^This would make 50,001 detectors; a workspace holds at most 50,000\. Nothing was imported/);
    // Updating in place does not grow it.
    expect(planImport(existing, [detector('d0', 2), detector('new-1')], 'add', 'update').refused).toBeNull();
  });
});

describe('an import of detectors the workspace already has as they are (issue 29)', () => {
  const mine = [detector('a'), detector('b')];

  it('changes nothing and says so, whatever the policy for ids in use', () => {
    for (const policy of ['update', 'add-new', 'skip'] as const) {
      const plan = planImport(mine, mine.map((d) => ({ ...d })), 'add', policy);
      expect(plan.conflicts).toBe(0);
      expect(plan.detectors).toEqual(mine);
      expect(describeImport(plan)).toBe('2 already in your workspace');
    }
  });

  it('still updates the one that differs', () => {
    const plan = planImport(mine, [detector('a'), { ...detector('b'), name: 'B renamed' }], 'add', 'update');
    expect(describeImport(plan)).toBe('1 updated, 1 already in your workspace');
  });
});
