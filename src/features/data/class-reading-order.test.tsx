import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassReading, EvaluationMapping, OpenedEvaluation, ValueCount } from '../../data/evaluation';
import { parseHashRoute } from '../../data/links';
import { DataView } from './DataView';
import { classReadingKey, mayHoldClasses } from './use-class-reading';

// The page's statements in the order it asks the engine (a mock here; DuckDB answers one at a time,
// in this order): the label values, then the K-class matrix when they show three or more values, and
// only then the examples table (the long build) and the two-class counts.
const engine = vi.hoisted(() => ({
  asked: [] as string[],
  labels: [] as string[],
  classesAnswer: (): Promise<unknown> => new Promise(() => {}),
}));

vi.mock('../../data/evaluation/browser', () => {
  const answer = (what: string, value: unknown) => {
    engine.asked.push(what);
    return Promise.resolve(value);
  };
  return {
    cancelEvaluationWork: () => {},
    openEvaluationFile: () => Promise.resolve(OPENED),
    columnValues: (column: string) => answer(`values ${column}`, engine.labels.map((value) => ({ value, rows: 10 }))),
    classMatrices: () => {
      engine.asked.push('classes');
      return engine.classesAnswer();
    },
    prepareExamples: () => answer('examples', { usableRows: 30, problems: [] }),
    detectorCounts: () => answer('counts', []),
    columnPairTables: () => new Promise(() => {}),
  };
});

const OPENED: OpenedEvaluation = {
  fileName: 'labels.csv',
  format: 'csv',
  bytes: 100,
  rows: 30,
  columns: [
    { name: 'y_true', type: 'VARCHAR', distinct: 3 },
    { name: 'y_pred', type: 'VARCHAR', distinct: 3 },
  ],
  preview: [],
  countedColumns: 2,
  headerLine: true,
  skipped: { count: 0, examples: [] },
};

const THREE: ClassReading = {
  kind: 'classes',
  labels: ['bird', 'cat', 'dog'],
  detectors: [{ detector: 'all', matrix: [[9, 1, 0], [0, 10, 0], [1, 0, 9]], missing: [] }],
  moreDetectors: 0,
  leftOut: [],
};

function openFile() {
  window.history.replaceState(null, '', '#/data');
  render(<DataView route={parseHashRoute('#/data')} />);
  fireEvent.change(screen.getByLabelText('Open a per-example results file'), { target: { files: [new File(['y_true,y_pred\n'], 'labels.csv')] } });
}

beforeEach(() => {
  engine.asked = [];
});

describe('the order #/data asks the engine in', () => {
  it('reads a three-class file as classes before it builds the examples table, which waits for the matrix', async () => {
    engine.labels = ['cat', 'dog', 'bird'];
    let answerClasses = (_reading: ClassReading) => {};
    const classes = new Promise<ClassReading>((resolve) => {
      answerClasses = resolve;
    });
    engine.classesAnswer = () => classes;
    openFile();
    await waitFor(() => expect(engine.asked).toContain('classes'));
    // Let any other statement the page would send now be sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(engine.asked).toEqual(['values y_true', 'values y_pred', 'classes']);
    answerClasses(THREE);
    expect(await screen.findByRole('region', { name: '3 classes: bird, cat, dog' })).toBeVisible();
    await waitFor(() => expect(engine.asked).toContain('counts'));
    expect(engine.asked).toEqual(['values y_true', 'values y_pred', 'classes', 'examples', 'counts']);
  });

  it('counts a two-class file after its label values, without reading classes', async () => {
    engine.labels = ['yes', 'no'];
    openFile();
    await waitFor(() => expect(engine.asked).toContain('counts'));
    expect(engine.asked).toEqual(['values y_true', 'values y_pred', 'examples', 'counts']);
  });

  it('still counts when the class reading fails, and says why the classes are missing', async () => {
    engine.labels = ['cat', 'dog', 'bird'];
    engine.classesAnswer = () => Promise.reject(new Error('out of memory'));
    openFile();
    expect(await screen.findByText('The classes could not be counted: out of memory')).toBeVisible();
    await waitFor(() => expect(engine.asked).toContain('counts'));
    expect(engine.asked).toEqual(['values y_true', 'values y_pred', 'classes', 'examples', 'counts']);
  });
});

describe('classReadingKey', () => {
  const mapping: EvaluationMapping = { detector: 'model', truth: 'y_true', prediction: 'y_pred', score: null, timestamp: null, exampleId: null, split: null, slices: ['site'], yesValues: ['yes'], noValues: ['no'] };
  const values = (...names: (string | null)[]): ValueCount[] => names.map((value) => ({ value, rows: 1 }));

  it('asks only with three or more label values (missing not counted) and a prediction column', () => {
    expect(mayHoldClasses(values('a', 'b', null))).toBe(false);
    expect(mayHoldClasses(values('a', 'b', 'c'))).toBe(true);
    expect(classReadingKey(mapping, [], values('a', 'b'))).toBeNull();
    expect(classReadingKey({ ...mapping, prediction: null }, [], values('a', 'b', 'c'))).toBeNull();
    expect(classReadingKey(null, [], values('a', 'b', 'c'))).toBeNull();
  });

  it('changes with the columns read and the filters, not with the label map or the slices', () => {
    const key = classReadingKey(mapping, [], values('a', 'b', 'c'));
    expect(key).not.toBeNull();
    expect(classReadingKey({ ...mapping, yesValues: ['a'], slices: [] }, [], values('a', 'b', 'c', 'd'))).toBe(key);
    expect(classReadingKey({ ...mapping, detector: null }, [], values('a', 'b', 'c'))).not.toBe(key);
    expect(classReadingKey({ ...mapping, prediction: 'other' }, [], values('a', 'b', 'c'))).not.toBe(key);
    expect(classReadingKey(mapping, [{ column: 'site', operator: '=', value: 'x' }], values('a', 'b', 'c'))).not.toBe(key);
  });
});
