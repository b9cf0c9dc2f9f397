import { describe, it } from 'vitest';
import { FORMULA_NAMES, expectFormulaSafe } from '../../test/formula-cells';
import { compare, comparisonToCsv } from './compare-model';
import { rankingToCsv } from './RankView';

// Issue 29: detector names like formulas are text in the comparison's and the ranking's CSV.
describe('formula injection in the comparison’s and the ranking’s CSV (issue 29)', () => {
  it('the comparison: names from a link (aname=, bname=) or the workspace', () => {
    const comparison = compare({ kind: 'unpaired-balanced', a: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, b: { yes: { correct: 30, total: 40 }, no: { correct: 50, total: 60 } } }, 0.05);
    for (let i = 0; i + 1 < FORMULA_NAMES.length; i += 1) {
      const names = { a: FORMULA_NAMES[i]!, b: FORMULA_NAMES[i + 1]! };
      expectFormulaSafe(comparisonToCsv(comparison, names), [names.a, names.b]);
    }
  });

  it('the ranking', () => {
    const verdict = { estimate: -0.02, lower: -0.05, upper: 0.01, pValue: 0.2, adjustedPValue: 0.4, provenBetter: false, provenWorse: false };
    const ranked = FORMULA_NAMES.map((name, index) => ({
      detector: { id: `d${index}`, name, query: '', yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } },
      verdict,
    }));
    expectFormulaSafe(rankingToCsv(ranked, { kind: 'target', target: 0.9 }, 0.05, ranked.length));
  });
});
