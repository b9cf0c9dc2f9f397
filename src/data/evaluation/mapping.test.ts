import { describe, expect, it } from 'vitest';
import { COUNTED_COLUMNS, detectorIdFromName, guessMapping, mappingCandidates, valueMeaning, withValueMeaning } from './mapping';

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

describe('mappingCandidates (issue 29: a file of 5,000 columns)', () => {
  // Features first, the label and prediction far down, as a wide export writes them; columns past the
  // cap were not counted (distinct 0), as the engine leaves them.
  const wide = [
    ...Array.from({ length: 4996 }, (_, index) => column(`feature_${index}`, 'BIGINT', index < COUNTED_COLUMNS ? 10 : 0)),
    column('y_true', 'VARCHAR', 0),
    column('y_pred', 'VARCHAR', 0),
    column('captured', 'TIMESTAMP', 0),
    column('region', 'VARCHAR', 0),
  ];

  it('offers the counted columns and, past them, those named or typed like a role, in file order', () => {
    const mapping = guessMapping(wide);
    const offered = mappingCandidates(wide, mapping).map((offer) => offer.name);
    expect(offered).toHaveLength(COUNTED_COLUMNS + 3);
    expect(offered.slice(0, 2)).toEqual(['feature_0', 'feature_1']);
    expect(offered.slice(-3)).toEqual(['y_true', 'y_pred', 'captured']);
    // Guessed by name and type alone; uncounted columns are never guessed as slices.
    expect(mapping).toMatchObject({ truth: 'y_true', prediction: 'y_pred', timestamp: 'captured', slices: [] });
  });

  it('keeps a column the mapping uses (a link can name any column), and offers every column of a narrow file', () => {
    const mapping = { ...guessMapping(wide), slices: ['region'] };
    expect(mappingCandidates(wide, mapping).map((offer) => offer.name)).toContain('region');
    const narrow = wide.slice(0, 10);
    expect(mappingCandidates(narrow, guessMapping(narrow))).toEqual(narrow);
  });
});
