import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { balancedBuehlerCoverageGrid, balancedBuehlerInterval, sequentialBoundTable, sequentialMissProbability } from '../../stats';
import { ANYTIME_PS, CURVE_PS, GRID_PS, meanWidth, runCoverageJob, type CoverageMessage } from './coverage-compute';

function run(job: Parameters<typeof runCoverageJob>[0]): CoverageMessage[] {
  const messages: CoverageMessage[] = [];
  runCoverageJob(job, (message) => messages.push(message));
  return messages;
}

describe('the coverage grids', () => {
  it('has 999 values of p strictly inside (0, 1), and a 50 × 50 grid', () => {
    expect(CURVE_PS).toHaveLength(999);
    expect(CURVE_PS[0]).toBe(0.001);
    expect(CURVE_PS[998]).toBe(0.999);
    expect(GRID_PS).toHaveLength(50);
    expect([GRID_PS[0], GRID_PS[49]]).toEqual([0.01, 0.99]);
  });
});

describe('runCoverageJob', () => {
  it('reports rising progress, each curve, then done', () => {
    const messages = run({ kind: 'curves', n: 30, delta: 0.05, methods: ['clopper_pearson', 'wald'] });
    const progress = messages.filter((message) => message.kind === 'progress').map((message) => message.fraction);
    expect(progress.length).toBeGreaterThanOrEqual(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    const curves = messages.filter((message) => message.kind === 'curve');
    expect(curves.map((message) => message.method)).toEqual(['clopper_pearson', 'wald']);
    expect(messages.at(-1)!.kind).toBe('done');
    const [exact, wald] = curves.map((message) => message.coverage);
    expect(exact).toHaveLength(999);
    expect(Math.min(...exact!)).toBeGreaterThanOrEqual(0.95);
    expect(Math.min(...wald!)).toBeLessThan(0.5);
  });

  it('matches every reference coverage at n = 30 and δ = 0.05 to 1e-9', () => {
    const rows = readFileSync(new URL('../../stats/fixtures/coverage.csv', import.meta.url), 'utf8').trim().split('\n').slice(1);
    const messages = run({ kind: 'curves', n: 30, delta: 0.05, methods: ['clopper_pearson', 'wilson', 'agresti_coull', 'jeffreys', 'wald'] });
    const curveOf = new Map(messages.flatMap((message) => (message.kind === 'curve' ? [[message.method, message.coverage]] : [])));
    let compared = 0;
    for (const row of rows) {
      const [n, p, alpha, method, coverage] = row.split(',');
      const index = CURVE_PS.indexOf(Number(p));
      if (Number(n) !== 30 || Number(alpha) !== 0.05 || index === -1) continue;
      expect(curveOf.get(method as never)![index]).toBeCloseTo(Number(coverage), 9);
      compared += 1;
    }
    expect(compared).toBe(50);
  });

  it.each(['union', 'inversion'] as const)('computes the balanced grid by the %s, never below 1 − δ, with its mean width', (method) => {
    const messages = run({ kind: 'grid', yesTotal: 20, noTotal: 20, delta: 0.05, method });
    const grid = messages.find((message) => message.kind === 'grid');
    expect(grid && grid.coverage.length).toBe(50);
    expect(Math.min(...grid!.coverage.flat())).toBeGreaterThanOrEqual(0.95);
    expect(messages.filter((message) => message.kind === 'progress')).toHaveLength(50);
    // The figure: mean width over all 21 × 21 outcomes, 0.4085 by the union bound, 0.2928 inverted.
    expect(grid!.meanWidth).toBeCloseTo(method === 'union' ? 0.4085 : 0.2928, 4);
  });

  it('computes the Buehler grid with the stats function, and its mean width over every outcome, never above the union bound’s', () => {
    const [yesTotal, noTotal, delta] = [6, 9, 0.05];
    const messages = run({ kind: 'grid', yesTotal, noTotal, delta, method: 'buehler' });
    const grid = messages.find((message) => message.kind === 'grid');
    expect(grid!.coverage).toEqual(balancedBuehlerCoverageGrid(yesTotal, noTotal, delta, GRID_PS, GRID_PS));
    const progress = messages.filter((message) => message.kind === 'progress').map((message) => message.fraction);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBeLessThanOrEqual(0.8);
    let sum = 0;
    for (let yes = 0; yes <= yesTotal; yes++) {
      for (let no = 0; no <= noTotal; no++) {
        const { lower, upper } = balancedBuehlerInterval({ yes: { correct: yes, total: yesTotal }, no: { correct: no, total: noTotal } }, delta);
        sum += upper - lower;
      }
    }
    expect(grid!.meanWidth).toBeCloseTo(sum / ((yesTotal + 1) * (noTotal + 1)), 12);
    expect(grid!.meanWidth).toBeLessThanOrEqual(meanWidth(yesTotal, noTotal, delta, 'union') + 1e-12);
  });

  it('reports a bad request as an error message instead of throwing', () => {
    const messages = run({ kind: 'curves', n: 0, delta: 0.05, methods: ['wilson'] });
    expect(messages).toEqual([{ kind: 'error', message: expect.any(String) }]);
  });
});

describe('the anytime job (looking after every label)', () => {
  it('reports rising progress, then each method’s exact chance of ever missing at 0.01 … 0.99, as sequentialMissProbability gives it', () => {
    const messages = run({ kind: 'anytime', horizon: 120, delta: 0.05 });
    const progress = messages.filter((message) => message.kind === 'progress').map((message) => message.fraction);
    expect(progress.length).toBeGreaterThanOrEqual(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    expect(messages.at(-1)!.kind).toBe('done');
    const result = messages.find((message) => message.kind === 'anytime')!;
    expect(ANYTIME_PS).toHaveLength(99);
    expect([ANYTIME_PS[0], ANYTIME_PS[98]]).toEqual([0.01, 0.99]);
    const { missed } = result;
    const sequenceTable = sequentialBoundTable(120, 0.05);
    const clopperPearsonTable = sequentialBoundTable(120, 0.05, { method: 'clopper-pearson' });
    for (const index of [0, 9, 49, 89, 98]) {
      expect(missed['confidence-sequence'][index]).toBe(sequentialMissProbability(ANYTIME_PS[index]!, sequenceTable));
      expect(missed['clopper-pearson'][index]).toBe(sequentialMissProbability(ANYTIME_PS[index]!, clopperPearsonTable));
    }
    // The sequence keeps its promise at every p; Clopper–Pearson looked at 120 times does not.
    expect(Math.max(...missed['confidence-sequence'])).toBeLessThanOrEqual(0.05);
    expect(Math.max(...missed['clopper-pearson'])).toBeGreaterThan(0.15);
  });

  it('reports a bad horizon as an error message naming it', () => {
    const messages = run({ kind: 'anytime', horizon: 0, delta: 0.05 });
    expect(messages.at(-1)).toEqual({ kind: 'error', message: expect.stringMatching(/^horizon must be in \[1, 5000\], got 0/) });
  });
});
