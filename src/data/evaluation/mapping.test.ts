import { describe, expect, it } from 'vitest';
import { detectorIdFromName, guessMapping, valueMeaning, withValueMeaning } from './mapping';

const column = (name: string, type = 'VARCHAR', distinct = 1000) => ({ name, type, distinct });

describe('guessMapping', () => {
  it('finds scikit-learn style columns and the usual label words', () => {
    const mapping = guessMapping([
      column('example_id'),
      column('y_true', 'BIGINT', 2),
      column('y_pred', 'BIGINT', 2),
      column('y_score', 'DOUBLE'),
      column('timestamp', 'TIMESTAMP'),
      column('site', 'VARCHAR', 5),
      column('notes', 'VARCHAR', 900),
    ]);
    expect(mapping).toMatchObject({
      truth: 'y_true',
      prediction: 'y_pred',
      score: 'y_score',
      timestamp: 'timestamp',
      exampleId: 'example_id',
      detector: null,
      slices: ['site'],
    });
    expect(mapping.yesValues).toEqual(expect.arrayContaining(['yes', 'true', '1', 'positive']));
    expect(mapping.noValues).toEqual(expect.arrayContaining(['no', 'false', '0', 'negative']));
  });
  it('finds label/prediction, gt/pred and a detector column, and types when names say nothing', () => {
    expect(guessMapping([column('Label'), column('Prediction'), column('Detector', 'VARCHAR', 20)])).toMatchObject({
      truth: 'Label',
      prediction: 'Prediction',
      detector: 'Detector',
    });
    expect(guessMapping([column('gt'), column('pred'), column('p', 'DOUBLE'), column('when', 'TIMESTAMP')])).toMatchObject({
      truth: 'gt',
      prediction: 'pred',
      score: 'p',
      timestamp: 'when',
    });
  });
  it('never gives one column two roles', () => {
    const mapping = guessMapping([column('label', 'VARCHAR', 2)]);
    expect(mapping.truth).toBe('label');
    expect(mapping.prediction).toBeNull();
    expect(mapping.slices).toEqual([]);
  });
});

describe('label values', () => {
  it('moves a value between YES, NO and neither', () => {
    const base = guessMapping([column('label'), column('prediction')]);
    const cat = withValueMeaning(base, 'cat', 'yes');
    expect(valueMeaning(cat, 'cat')).toBe('yes');
    const flipped = withValueMeaning(cat, 'yes', 'no');
    expect(valueMeaning(flipped, 'yes')).toBe('no');
    expect(valueMeaning(withValueMeaning(flipped, 'yes', 'none'), 'yes')).toBe('none');
  });
});

describe('detectorIdFromName', () => {
  it('makes a safe id, starting with a letter or digit', () => {
    expect(detectorIdFromName('detector-01')).toBe('detector-01');
    expect(detectorIdFromName('  Fork lift / bay 2 ')).toMatch(/^Fork-lift-bay-2-[0-9a-f]{8}$/);
    expect(detectorIdFromName('***')).toMatch(/^detector-[0-9a-f]{8}$/);
  });
  it('gives different names different ids, the same name always the same', () => {
    const names = ['Cam A', 'Cam/A', 'Cam  A', '叉车', '烟雾', 'Cam-A', 'Cam-A-', '***', '+++'];
    const ids = names.map(detectorIdFromName);
    expect(new Set(ids).size).toBe(names.length);
    expect(names.map(detectorIdFromName)).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
  });
});
