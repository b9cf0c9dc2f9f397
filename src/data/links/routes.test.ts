import { describe, expect, it } from 'vitest';
import { hashHref, parseHashRoute } from './routes';

describe('parseHashRoute', () => {
  it('splits segments and parameters', () => {
    const route = parseHashRoute('#/detectors/abc%20def?delta=0.05');
    expect(route.segments).toEqual(['detectors', 'abc def']);
    expect(route.params.get('delta')).toBe('0.05');
  });

  it('treats an empty hash as the root', () => {
    expect(parseHashRoute('').segments).toEqual([]);
    expect(parseHashRoute('#').segments).toEqual([]);
  });

  it('keeps a malformed percent escape as typed instead of throwing', () => {
    expect(parseHashRoute('#/detectors/%E0%A4%A').segments).toEqual(['detectors', '%E0%A4%A']);
  });

  it('round-trips through hashHref', () => {
    const href = hashHref(['counts'], { yes: '38/40', no: '55/60', delta: '0.05' });
    const route = parseHashRoute(href);
    expect(route.segments).toEqual(['counts']);
    expect(Object.fromEntries(route.params)).toEqual({ yes: '38/40', no: '55/60', delta: '0.05' });
  });
});
