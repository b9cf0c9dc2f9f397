import { describe, expect, it } from 'vitest';
import { linkTester } from './links.test-util';
import { isMulticlassCountsLink, multiclassHref, parseMulticlassLink } from './multiclass-link';
import { parseCountsLink } from './share-links';
import { parseHashRoute } from './routes';

const { parse, problemParams } = linkTester(parseMulticlassLink);
const ISSUE_LINK = 'classes=cat,dog,bird&matrix=50,2,1;3,40,2;0,1,30';
const problems = (query: string) => {
  const result = parse(query);
  return result.ok ? [] : result.problems.map((problem) => problem.message);
};

describe('parseMulticlassLink', () => {
  it('clips what a 100,000-character parameter quotes (issue 29’s hostile links)', () => {
    const long = ['A'.repeat(100_000), `${'9'.repeat(100_000)}x`, ';'.repeat(100_000), ','.repeat(100_000), `${'1,'.repeat(50_000)}1`];
    for (const value of long) {
      for (const query of [`classes=${value}&matrix=1`, `classes=a,b&matrix=${value}`, `${ISSUE_LINK}&delta=${value}`, `${ISSUE_LINK}&${value}=1`]) {
        for (const message of problems(query)) expect(message.length, `${query.slice(0, 30)}…`).toBeLessThan(600);
      }
    }
  });

  it('reads the issue’s link, and its href writes it back', () => {
    const result = parse(`${ISSUE_LINK}&delta=0.01`);
    expect(result).toEqual({ ok: true, value: { classes: ['cat', 'dog', 'bird'], matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]], delta: 0.01 } });
    expect(multiclassHref(result.ok ? result.value : (undefined as never))).toBe(`#/counts?${ISSUE_LINK}&delta=0.01`);
    expect(parse(ISSUE_LINK)).toMatchObject({ ok: true, value: { delta: undefined } });
  });

  it('reads the label plan’s target=, writes it back, and names a bad one', () => {
    const result = parse(`${ISSUE_LINK}&target=0.85`);
    expect(result).toMatchObject({ ok: true, value: { target: 0.85 } });
    expect(multiclassHref(result.ok ? result.value : (undefined as never))).toBe(`#/counts?${ISSUE_LINK}&target=0.85`);
    expect(problems(`${ISSUE_LINK}&target=1.5`)).toEqual(['“target” is “1.5”; expected the macro recall the label plan aims to prove: a number strictly between 0 and 1, such as 0.9.']);
    expect(problemParams(`${ISSUE_LINK}&target=0&delta=2`)).toEqual(['target', 'delta'].sort());
  });

  it('round-trips class names that need escaping', () => {
    const link = { classes: ['a b', 'c&d', 'é/ü'], matrix: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], delta: 0.05 };
    const route = parseHashRoute(multiclassHref(link));
    expect(parseMulticlassLink(route.params)).toEqual({ ok: true, value: link });
  });

  it('tells the multi-class form from the two-class one, which reads as before', () => {
    expect(isMulticlassCountsLink(new URLSearchParams(ISSUE_LINK))).toBe(true);
    expect(isMulticlassCountsLink(new URLSearchParams('matrix=1,2;3,4'))).toBe(true);
    expect(isMulticlassCountsLink(new URLSearchParams('yes=38/40&no=55/60'))).toBe(false);
    expect(parseCountsLink(parseHashRoute('#/counts?yes=38/40&no=55/60&delta=0.05'))).toMatchObject({ ok: true, value: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 }, delta: 0.05 } });
  });

  it('names every bad parameter', () => {
    expect(problemParams('matrix=1,2;3,4')).toEqual(['classes']);
    expect(problemParams('classes=a,b')).toEqual(['matrix']);
    expect(problemParams(`${ISSUE_LINK}&delta=2&yes=3/4`)).toEqual(['yes', 'delta']);
    expect(problemParams('classes=a&matrix=x&confidence=abc')).toEqual(['confidence', 'classes']);
  });

  it.each([
    ['classes=cat&matrix=1', '“classes” is “cat”; expected 2 to 20 class names separated by commas, got 1'],
    ['classes=cat,,dog&matrix=1', '“classes” is “cat,,dog”; a class name is empty'],
    ['classes=cat,dog,cat&matrix=1', '“cat” is named twice'],
    [`classes=${'x'.repeat(61)},y&matrix=1`, `“classes” is “${'x'.repeat(40)}…”; a class name is longer than 60 characters`],
    ['classes=a,b&matrix=1,2;3', '“matrix” is “1,2;3”: row 2 (b) has 1 counts; expected 2 rows separated by “;” (one per true class: a, b)'],
    ['classes=a,b&matrix=1,2;3,4;5,6', '“matrix” is “1,2;3,4;5,6”: 3 rows; expected 2 rows'],
    ['classes=a,b&matrix=1,-2;3.5,x', '“matrix” has counts that are not a whole number from 0 to 1,000,000,000: row 1 (a), column 2: “-2”; row 2 (b), column 1: “3.5”; row 2 (b), column 2: “x”.'],
    ['classes=a,b&matrix=1,2;0,0', '“matrix” has no examples of “b” (an empty row)'],
    ['classes=a,b&matrix=1000000000,1;1,1', '“matrix” has 1,000,000,001 examples of “a”; at most 1,000,000,000 a class.'],
    [`classes=a,b&matrix=${'9'.repeat(100)},1;1,1`, `“${'9'.repeat(40)}…”`],
  ])('%s: %s', (query, message) => {
    expect(problems(query).join('\n')).toContain(message);
  });
});
