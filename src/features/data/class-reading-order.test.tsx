import { fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassReading, EvaluationMapping, OpenedEvaluation, ValueCount } from '../../data/evaluation';
import { parseHashRoute } from '../../data/links';
import { DataView } from './DataView';
import { classReadingIsQuick, classReadingKey, mayHoldClasses, useClassReading } from './use-class-reading';

// The page's statements in the order it asks the engine (a mock here; DuckDB answers one at a time,
// in this order): the label values, then the K-class matrix when they show three or more values, and
// only then the examples table (the long build) and the two-class counts.
const engine = vi.hoisted(() => ({
  asked: [] as string[],
  labels: [] as string[],
  truthDistinct: 3,
  classesAnswer: (): Promise<unknown> => new Promise(() => {}),
}));

vi.mock('../../data/evaluation/browser', () => {
  const answer = (what: string, value: unknown) => {
    engine.asked.push(what);
    return Promise.resolve(value);
  };
  return {
    cancelEvaluationWork: () => {},
    startEvaluationEngine: () => engine.asked.push('start'),
    openEvaluationFile: () => Promise.resolve(opened(engine.truthDistinct)),
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

const opened = (truthDistinct: number): OpenedEvaluation => ({
  fileName: 'labels.csv',
  format: 'csv',
  bytes: 100,
  rows: 30,
  columns: [
    { name: 'y_true', type: 'VARCHAR', distinct: truthDistinct },
    { name: 'y_pred', type: 'VARCHAR', distinct: 3 },
  ],
  preview: [],
  countedColumns: 2,
  headerLine: true,
  skipped: { count: 0, examples: [] },
});

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
  engine.truthDistinct = 3;
});

describe('the order #/data asks the engine in', () => {
  it('starts the engine when the picker is clicked or a file is dragged in, before any file is chosen', () => {
    window.history.replaceState(null, '', '#/data');
    render(<DataView route={parseHashRoute('#/data')} />);
    expect(engine.asked).toEqual([]);
    const picker = screen.getByLabelText('Open a per-example results file');
    fireEvent.click(picker);
    expect(engine.asked).toEqual(['start']);
    fireEvent.dragEnter(picker.closest('.data-drop')!);
    expect(engine.asked).toEqual(['start', 'start']);
  });

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

  it('reads a label column of many values (ids mapped as labels) after the counts, never holding them', async () => {
    engine.labels = ['ex-1', 'ex-2', 'ex-3'];
    engine.truthDistinct = 1_000_000;
    engine.classesAnswer = () => Promise.resolve({ kind: 'not-classes', labels: 1_000_000 });
    openFile();
    await waitFor(() => expect(engine.asked).toContain('classes'));
    expect(engine.asked).toEqual(['values y_true', 'values y_pred', 'examples', 'counts', 'classes']);
  });
});

describe('classReadingIsQuick', () => {
  const columns = { truth: 'y_true', prediction: 'y_pred', detector: null };
  it('is quick while the columns’ distinct counts multiply to at most 100,000, and not where a count is unknown (0)', () => {
    expect(classReadingIsQuick(opened(10), columns)).toBe(true);
    expect(classReadingIsQuick(opened(33_333), columns)).toBe(true);
    expect(classReadingIsQuick(opened(33_334), columns)).toBe(false);
    expect(classReadingIsQuick(opened(0), columns)).toBe(false);
    expect(classReadingIsQuick(opened(10), { ...columns, detector: 'not counted' })).toBe(false);
  });

  it('a slow reading is asked once the counts are in, and not again when they start over for a new label map', async () => {
    engine.classesAnswer = () => Promise.resolve({ kind: 'not-classes', labels: 1_000_000 });
    const mapping: EvaluationMapping = { detector: null, truth: 'y_true', prediction: 'y_pred', score: null, timestamp: null, exampleId: null, split: null, slices: [], yesValues: ['yes'], noValues: ['no'] };
    const file = opened(1_000_000);
    const labelValues = ['a', 'b', 'c'].map((value) => ({ value, rows: 1 }));
    const { result, rerender } = renderHook(({ map, countsDone }) => useClassReading(file, map, [], labelValues, countsDone), { initialProps: { map: mapping, countsDone: false } });
    expect(result.current).toEqual({ settled: true, result: null });
    expect(engine.asked).toEqual([]);
    rerender({ map: mapping, countsDone: true });
    await waitFor(() => expect(result.current.result).toEqual({ reading: { kind: 'not-classes', labels: 1_000_000 }, problem: '' }));
    rerender({ map: { ...mapping, yesValues: ['a'] }, countsDone: false });
    rerender({ map: { ...mapping, yesValues: ['a'] }, countsDone: true });
    expect(result.current.result).not.toBeNull();
    expect(engine.asked).toEqual(['classes']);
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
