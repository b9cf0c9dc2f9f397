import { describe, expect, it } from 'vitest';
import { deploymentMetrics, detectionMetrics } from '../../stats';
import { visibleDetectors } from './detector-list';
import { deploymentChosen, deploymentFigures, detectionMetricFigures, detectorMetricFigure, testSetPrevalence } from './detector-metrics';

const YES = { correct: 38, total: 40 };
const NO = { correct: 55, total: 60 };

describe('detector metrics (issue 28)', () => {
  it('are the stats library’s, with the counts each estimate is a share of', () => {
    const figures = detectionMetricFigures(YES, NO, 0.05);
    const metrics = detectionMetrics({ yes: YES, no: NO }, 0.05);
    expect(figures.map((figure) => [figure.key, figure.counts.correct, figure.counts.total, figure.interval])).toEqual([
      ['precision', 38, 43, metrics.precision],
      ['recall', 38, 40, metrics.recall],
      ['specificity', 55, 60, metrics.specificity],
      ['npv', 55, 57, metrics.npv],
      ['f1', 76, 83, metrics.f1],
    ]);
    expect(detectionMetricFigures({ correct: 0, total: 0 }, NO, 0.05).every((figure) => figure.interval === null)).toBe(true);
  });

  it('take the test set’s mix and 10,000 a day unless chosen', () => {
    expect(testSetPrevalence(YES, NO)).toBe(0.4);
    expect(deploymentFigures(YES, NO, undefined, 0.05)).toEqual({ ...deploymentMetrics({ yes: YES, no: NO }, { prevalence: 0.4, volume: 10_000 }, 0.05), testSetMix: true });
    expect(deploymentFigures(YES, NO, { prevalence: 0.02 }, 0.05)).toMatchObject({ prevalence: 0.02, volume: 10_000, testSetMix: false });
    expect(deploymentFigures(YES, { correct: 0, total: 0 }, { prevalence: 0.02 }, 0.05)).toBeNull();
    expect([deploymentChosen(undefined), deploymentChosen({}), deploymentChosen({ volume: 5 })]).toEqual([false, false, true]);
  });

  it('sort the list by the chosen metric’s estimate or lower bound, worst first, an undefined one last', () => {
    const detectors = [
      { id: 'a', name: 'A', query: '', yes: { correct: 40, total: 40 }, no: { correct: 30, total: 60 } },
      { id: 'b', name: 'B', query: '', yes: { correct: 20, total: 40 }, no: { correct: 60, total: 60 } },
      { id: 'c', name: 'C', query: '', yes: { correct: 0, total: 40 }, no: { correct: 60, total: 60 } },
    ];
    const order = (metric: 'precision' | 'recall', sort: 'estimate' | 'lower') => visibleDetectors(detectors, { filter: '', sort, metric }, 0.05, 'union').map((d) => d.id);
    // Precision: A 40/70, B 20/20, C no YES answer (0/0) last.
    expect(order('precision', 'estimate')).toEqual(['a', 'b', 'c']);
    expect(order('recall', 'lower')).toEqual(['c', 'b', 'a']);
    expect(detectorMetricFigure(detectors[0]!, 'precision', 0.05).interval!.lower).toBe(detectionMetrics(detectors[0]!, 0.05).precision!.lower);
  });
});
