import { describe, expect, it } from 'vitest';
import { readGroundlightEvaluation } from './groundlight-evaluation';
import { parseImportFile } from './import-files';

/** The shape of Groundlight's `get_detector_evaluation` for a 3-class detector (the counts). */
const EVALUATION = {
  evaluation_results: {
    eval_timestamp: '2026-11-20T10:00:00Z',
    total_ground_truth_examples: 129,
    class_accuracies: { cat: 0.943, dog: 0.889, bird: 0.968 },
    confusion_dict: { cat: { cat: 50, dog: 2, bird: 1 }, dog: { cat: 3, dog: 40, bird: 2 }, bird: { dog: 1, bird: 30 } },
    num_examples_per_class: { cat: 53, dog: 45, bird: 31 },
  },
};

describe('readGroundlightEvaluation', () => {
  it('reads a K-class confusion_dict as the matrix (rows = true class, absent cells 0), wrapped in evaluation_results or not', () => {
    const expected = { kind: 'classes', classes: ['cat', 'dog', 'bird'], matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]] };
    expect(readGroundlightEvaluation(EVALUATION)).toEqual(expected);
    expect(readGroundlightEvaluation(EVALUATION.evaluation_results)).toEqual(expected);
    // An answered class without examples of its own becomes an empty row.
    expect(readGroundlightEvaluation({ confusion_dict: { a: { a: 3, b: 1 } } })).toEqual({ kind: 'classes', classes: ['a', 'b'], matrix: [[3, 1], [0, 0]] });
  });

  it('says the binary fields carry no counts, and names what does not add up or is not a count', () => {
    expect(readGroundlightEvaluation({ evaluation_results: { kfold_pooled__balanced_accuracy: 0.91, kfold_pooled__positive_accuracy: 0.9, eval_timestamp: 'x', total_labeled_examples: 40 } })).toEqual({
      kind: 'no-counts',
      fields: ['kfold_pooled__balanced_accuracy', 'kfold_pooled__positive_accuracy'],
    });
    const wrong = { confusion_dict: { cat: { cat: 50, dog: 2.5 }, dog: { dog: '7' } }, num_examples_per_class: { cat: 60 } };
    expect(readGroundlightEvaluation(wrong)).toEqual({
      kind: 'malformed',
      problems: ['confusion_dict.“cat”.“dog” is “2.5”, not a whole count', 'confusion_dict.“dog”.“dog” is “7”, not a whole count', 'num_examples_per_class.“cat” is “60” but confusion_dict.“cat” counts 50'],
    });
    expect(readGroundlightEvaluation({ confusion_dict: { only: { only: 4 } } })).toMatchObject({ kind: 'malformed', problems: ['confusion_dict holds 1 class; a detector has at least two'] });
  });

  it('leaves other JSON alone: detectors files still import as before', () => {
    for (const json of [null, [], { version: 1, detectors: [] }, { confusion: 1 }, 'x']) expect(readGroundlightEvaluation(json)).toBeNull();
    expect(parseImportFile('eval.json', JSON.stringify(EVALUATION))).toMatchObject({ kind: 'groundlight', evaluation: { kind: 'classes' } });
    expect(parseImportFile('d.json', '{"version":1,"detectors":[]}')).toMatchObject({ kind: 'json' });
    expect(parseImportFile('d.json', '{ not json')).toMatchObject({ kind: 'json', errors: [{ path: '(file)' }] });
  });
});
