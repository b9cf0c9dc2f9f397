import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDataLink, dataHref, dataLinkFor, describeDataLink, EMPTY_DATA_LINK, MAX_LINK_TEXT, parseDataLink, type DataLink } from './data-link';
import { guessMapping } from '../evaluation/mapping';
import { linkTester } from './links.test-util';
import { parseHashRoute } from './routes';

const { parse, problemParams } = linkTester(parseDataLink);
/** What the view does with a link: the hash read back by the router. */
const roundTrip = (link: DataLink) => parseDataLink(parseHashRoute(dataHref(link)).params);

const COLUMNS = ['example_id', 'detector', 'y_true', 'y_pred', 'score', 'timestamp', 'site', 'camera', 'lighting', 'fold'].map((name) => ({
  name,
  type: name === 'score' ? 'DOUBLE' : name === 'timestamp' ? 'TIMESTAMP' : 'VARCHAR',
  distinct: ['site', 'camera', 'lighting', 'fold', 'detector', 'y_true', 'y_pred'].includes(name) ? 4 : 1000,
}));

describe('parseDataLink', () => {
  it('reads an empty link as "guess everything"', () => {
    expect(parse('')).toEqual({ ok: true, value: EMPTY_DATA_LINK });
  });

  it('reads roles, none (empty), lists with encoded commas, filters, threshold, slice, window, split', () => {
    const result = parse(
      'file=eval.csv&truth=y_true&prediction=&score=score&slices=site,a%252Cb&yesValues=yes,1&noValues=no&filter=site,eq,north&filter=a%252Cb,ne,x%252Cy&threshold=-1.5e-2&slice=site&window=week&split=fold&tune=tune&perClass=1',
    );
    expect(result).toEqual({
      ok: true,
      value: {
        file: 'eval.csv',
        roles: { truth: 'y_true', prediction: null, score: 'score', split: 'fold' },
        slices: ['site', 'a,b'],
        yesValues: ['yes', '1'],
        noValues: ['no'],
        filters: [
          { column: 'site', operator: '=', value: 'north' },
          { column: 'a,b', operator: '!=', value: 'x,y' },
        ],
        threshold: -0.015,
        slice: 'site',
        window: 'week',
        tune: 'tune',
        perClass: true,
      },
    });
  });

  it('names every malformed parameter, and never passes SQL-looking text anywhere but as a quoted name', () => {
    expect(problemParams('truth=')).toEqual(['truth']);
    expect(problemParams('threshold=abc&window=year&perClass=yes')).toEqual(['threshold', 'window', 'perClass']);
    expect(problemParams('threshold=1e400')).toEqual(['threshold']);
    expect(problemParams('threshold=NaN')).toEqual(['threshold']);
    expect(problemParams('filter=site,like,north')).toEqual(['filter']);
    expect(problemParams('filter=site,eq')).toEqual(['filter']);
    expect(problemParams('filter=,eq,x')).toEqual(['filter']);
    expect(problemParams('filter=site,eq,%E0%A4%A')).toEqual(['filter']);
    expect(problemParams('slices=%E0%A4%A')).toEqual(['slices']);
    expect(problemParams(`score=${'x'.repeat(MAX_LINK_TEXT + 1)}`)).toEqual(['score']);
    expect(problemParams('score=a%00b')).toEqual(['score']);
    expect(problemParams('yesValues=a%2500b')).toEqual(['yesValues']);
    expect(problemParams(Array.from({ length: 21 }, () => 'filter=a,eq,b').join('&'))).toEqual(['filter']);
    expect(problemParams(`slices=${Array.from({ length: 101 }, (_, i) => `c${i}`).join(',')}`)).toEqual(['slices']);
    const sqlish = parse(`score=${encodeURIComponent('x"; DROP TABLE source; --')}&filter=${encodeURIComponent("site,eq,'); DROP TABLE examples; --")}`);
    expect(sqlish.ok && sqlish.value.roles.score).toBe('x"; DROP TABLE source; --');
    expect(sqlish.ok && sqlish.value.filters).toEqual([{ column: 'site', operator: '=', value: "'); DROP TABLE examples; --" }]);
  });
});

describe('dataHref', () => {
  it('writes a link that reads back the same, whatever the names and values (no NUL; list items are never empty)', () => {
    const text = fc.string({ maxLength: 30, unit: 'grapheme' }).filter((value) => !value.includes('\0'));
    const name = text.filter((value) => value !== '');
    fc.assert(
      fc.property(
        fc.record({
          file: name,
          truth: name,
          score: fc.option(name, { nil: null }),
          slices: fc.uniqueArray(name, { maxLength: 5 }),
          yesValues: fc.uniqueArray(name, { maxLength: 5 }),
          filters: fc.array(fc.record({ column: name, operator: fc.constantFrom('=' as const, '!=' as const), value: text }), { maxLength: 4 }),
          threshold: fc.double({ noNaN: true, noDefaultInfinity: true }),
          tune: text,
        }),
        (drawn) => {
          const link: DataLink = {
            file: drawn.file,
            roles: { truth: drawn.truth, score: drawn.score },
            slices: drawn.slices,
            yesValues: drawn.yesValues,
            filters: drawn.filters,
            threshold: Object.is(drawn.threshold, -0) ? 0 : drawn.threshold,
            window: 'month',
            tune: drawn.tune,
          };
          expect(roundTrip(link)).toEqual({ ok: true, value: link });
        },
      ),
    );
  });

  it('is #/data with nothing set, and the view state round-trips through its link', () => {
    expect(dataHref(EMPTY_DATA_LINK)).toBe('#/data');
    const mapping = { ...guessMapping(COLUMNS), prediction: null };
    const link = dataLinkFor({ file: 'eval.csv', mapping, filters: [], threshold: 0.42, slice: 'camera', window: 'auto', tune: undefined, perClass: false });
    const back = roundTrip(link);
    expect(back.ok && applyDataLink(guessMapping(COLUMNS), back.value, COLUMNS)).toEqual({ mapping, notes: [] });
    expect(back.ok && [back.value.threshold, back.value.slice, back.value.window]).toEqual([0.42, 'camera', 'auto']);
  });

  it('carries the extra metric column as metric= (absent: none); a bad value is named', () => {
    const link = dataLinkFor({ file: 'eval.csv', mapping: guessMapping(COLUMNS), filters: [], threshold: 0.5, slice: undefined, window: 'auto', tune: undefined, perClass: false, metric: 'recall' });
    expect(dataHref(link)).toContain('&metric=recall');
    expect(roundTrip(link)).toMatchObject({ ok: true, value: { metric: 'recall' } });
    expect(describeDataLink({ ...EMPTY_DATA_LINK, metric: 'f1' })).toEqual(['extra metric column: f1']);
    expect(parse('')).toEqual({ ok: true, value: EMPTY_DATA_LINK });
    expect(problemParams('metric=balanced&perClass=2')).toEqual(['perClass', 'metric']);
  });

  it('carries the over-time cumulative view and its target as cumulative= (absent: per window); a bad target is named', () => {
    const state = { file: 'eval.csv', mapping: guessMapping(COLUMNS), filters: [], threshold: 0.5, slice: undefined, window: 'week', tune: undefined, perClass: false } as const;
    const link = dataLinkFor({ ...state, cumulative: 0.85 });
    expect(dataHref(link)).toContain('&cumulative=0.85');
    expect(roundTrip(link)).toMatchObject({ ok: true, value: { cumulative: 0.85, window: 'week' } });
    expect(dataHref(dataLinkFor({ ...state, cumulative: null }))).not.toContain('cumulative');
    expect(describeDataLink({ ...EMPTY_DATA_LINK, cumulative: 0.9 })).toEqual(['over time: cumulative, target 0.9']);
    for (const bad of ['cumulative=1', 'cumulative=0', 'cumulative=90%', 'cumulative=', 'cumulative=-0.5']) expect(problemParams(bad), bad).toEqual(['cumulative']);
    expect(parse('cumulative=2')).toMatchObject({ ok: false, problems: [{ message: expect.stringContaining('“cumulative” is “2”; expected the target for the lower bound over time') }] });
  });
});

describe('applyDataLink', () => {
  it('applies what the file has and names what it does not', () => {
    const guess = guessMapping(COLUMNS);
    const { mapping, notes } = applyDataLink(
      guess,
      { roles: { score: 'confidence', prediction: null, detector: null }, slices: ['lighting', 'weather'], noValues: ['no', 'yes'], yesValues: ['yes'], filters: [] },
      COLUMNS,
    );
    expect(mapping.score).toBe('score');
    expect(mapping.prediction).toBeNull();
    expect(mapping.detector).toBeNull();
    expect(mapping.slices).toEqual(['lighting']);
    // A value cannot mean both: YES wins, as the link's YES list names it.
    expect(mapping.noValues).toEqual(['no']);
    expect(notes.map((note) => note.param)).toEqual(['score', 'slices']);
  });

  it('names the filters and the slice the view would drop without a word (a review found them gone after opening the file)', () => {
    const parsed = parse('filter=nosuch,eq,x&filter=fold,eq,tune&filter=site,eq,north&slice=nosuch&split=fold');
    if (!parsed.ok) throw new Error('expected a valid link');
    const { mapping, notes } = applyDataLink(guessMapping(COLUMNS), parsed.value, COLUMNS);
    expect(mapping.slices).toContain('site');
    expect(notes).toEqual([
      { param: 'filter', message: '“nosuch”, “fold” are not the detector column or a slice column here, so the filters on them are left out.' },
      { param: 'slice', message: '“nosuch” is not a slice column here; the first slice column is shown.' },
    ]);
  });
});

describe('describeDataLink', () => {
  it('says what a link will apply, in words', () => {
    const result = parse('file=eval.csv&truth=y_true&prediction=&threshold=0.7&filter=site,ne,north&slice=site');
    expect(result.ok && describeDataLink(result.value)).toEqual([
      'true label: “y_true”',
      'prediction: (none)',
      'filter: site ≠ “north”',
      'YES when score ≥ 0.7',
      'slice table by “site”',
    ]);
  });
});
