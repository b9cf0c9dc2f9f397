import { describe, expect, it } from 'vitest';
import {
  createExamplesSql,
  detectorCountsSql,
  doubleLiteral,
  quoteIdentifier,
  quoteText,
  readFileSql,
  sliceAlias,
  sliceCountsSql,
  usableRowsWhere,
  type EvaluationMapping,
} from './sql';

const MAPPING: EvaluationMapping = {
  detector: 'model "name"',
  truth: 'y_true',
  prediction: 'y_pred',
  score: 'score',
  timestamp: null,
  exampleId: null,
  split: 'fold',
  slices: ["site's", 'camera'],
  yesValues: ['yes', "it's yes"],
  noValues: ['no'],
};

describe('quoting', () => {
  it('doubles quotes in identifiers and text, so no name or value can end the quoted part', () => {
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
    expect(quoteIdentifier('x"; DROP TABLE examples; --')).toBe('"x""; DROP TABLE examples; --"');
    expect(quoteText("it's")).toBe("'it''s'");
    expect(quoteText("'); DROP TABLE examples; --")).toBe("'''); DROP TABLE examples; --'");
  });
  it('refuses NUL, which a DuckDB string literal cannot hold', () => {
    expect(() => quoteText('a\0b')).toThrow(RangeError);
  });
  it('writes doubles as round-trip text cast to DOUBLE, and refuses non-finite values', () => {
    expect(doubleLiteral(0.1 + 0.2)).toBe("CAST('0.30000000000000004' AS DOUBLE)");
    expect(() => doubleLiteral(Number.NaN)).toThrow(RangeError);
  });
});

describe('statements', () => {
  it('reads each format with the right table function and options', () => {
    expect(readFileSql('evaluation.csv', 'csv')).toMatch(/^read_csv\('evaluation\.csv', auto_detect = true/);
    expect(readFileSql('evaluation.tsv', 'tsv')).toContain("delim = '\t'");
    expect(readFileSql('evaluation.parquet', 'parquet')).toContain('null_padding = true');
  });
  it('maps label values trimmed and lower-cased, with the first failing reason per row', () => {
    const sql = createExamplesSql(MAPPING);
    // Trimmed only where an end is a space, tab, CR or LF (the set's trim walks every value).
    expect(sql).toContain(`nullif(lower(CASE WHEN prefix(CAST("y_true" AS VARCHAR), ' ') OR suffix(CAST("y_true" AS VARCHAR), ' ') OR prefix(CAST("y_true" AS VARCHAR), E'\\t')`);
    expect(sql).toContain(`THEN trim(CAST("y_true" AS VARCHAR), E' \\t\\r\\n') ELSE CAST("y_true" AS VARCHAR) END), '')`);
    expect(sql).toContain(`IN ('yes', 'it''s yes') THEN TRUE`);
    expect(sql).toContain(`CAST("site's" AS VARCHAR) AS s0`);
    expect(sql.indexOf("'empty detector'")).toBeLessThan(sql.indexOf("'empty label'"));
    expect(sql).toContain("'empty prediction'");
    expect(sql).not.toContain("'empty score'");
  });
  it('without a prediction column, the score decides and its problems are counted instead', () => {
    const sql = createExamplesSql({ ...MAPPING, prediction: null });
    expect(sql).toContain("'empty score'");
    expect(sql).toContain("'score is not a number'");
    expect(sql).not.toContain("'empty prediction'");
  });
  it('without a detector column the whole file is one detector', () => {
    expect(createExamplesSql({ ...MAPPING, detector: null })).toContain(`'all' AS detector`);
  });
  it('filters are structured: column by alias, value quoted, ≠ keeps missing values', () => {
    const where = usableRowsWhere(MAPPING, [
      { column: "site's", operator: '=', value: "o'hare" },
      { column: 'camera', operator: '!=', value: 'cam-a' },
    ]);
    expect(where).toBe("problem IS NULL AND s0 = 'o''hare' AND s1 IS DISTINCT FROM 'cam-a'");
    expect(usableRowsWhere(MAPPING, [{ column: 'fold', operator: '!=', value: 'tune' }])).toBe("problem IS NULL AND split IS DISTINCT FROM 'tune'");
    expect(createExamplesSql(MAPPING)).toContain('CAST("fold" AS VARCHAR) AS split');
    expect(createExamplesSql({ ...MAPPING, split: null })).toContain('NULL AS split');
    expect(() => usableRowsWhere(MAPPING, [{ column: 'not a slice', operator: '=', value: 'x' }])).toThrow(/not a slice column/);
  });
  it('counts per detector with one GROUP BY; a threshold replaces the prediction by score ≥ t', () => {
    const sql = detectorCountsSql(MAPPING, [], null);
    expect(sql.match(/GROUP BY/g)).toHaveLength(1);
    expect(sql).toContain('count(*) FILTER (WHERE truth AND predicted)::DOUBLE AS yes_correct');
    expect(detectorCountsSql(MAPPING, [], 0.5)).toContain("(score >= CAST('0.5' AS DOUBLE))");
  });
  it('counts slices of one detector, the detector name quoted', () => {
    expect(sliceAlias(MAPPING, 'camera')).toBe('s1');
    const sql = sliceCountsSql(MAPPING, 'camera', [], "d'1", null);
    expect(sql).toContain("detector = 'd''1'");
    expect(sql).toContain('GROUP BY s1');
  });
});
