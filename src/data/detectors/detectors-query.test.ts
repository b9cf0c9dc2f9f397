import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { DetectorsFileError, detectorKeys, detectorsFileQuery, fetchDetectorsFile, resolveSourceUrl, SAMPLE_DETECTORS_URL } from './detectors-query';

const valid = {
  schema: 'tailbound.detectors',
  version: 1,
  detectors: [{ id: 'a', name: 'A', query: '', yes: { correct: 1, total: 2 }, no: { correct: 3, total: 4 } }],
};

function respond(body: string, init: ResponseInit = {}) {
  return vi.fn<typeof fetch>(async () => new Response(body, init));
}

async function failure(promise: Promise<unknown>): Promise<DetectorsFileError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DetectorsFileError) return error;
    throw error;
  }
  throw new Error('expected a DetectorsFileError');
}

describe('fetchDetectorsFile', () => {
  it('follows no redirect: a same-origin address redirecting to another site must not skip the confirmation', async () => {
    const opaque = vi.fn<typeof fetch>(async () => ({ type: 'opaqueredirect', status: 0, ok: false, redirected: false }) as Response);
    const error = await failure(fetchDetectorsFile('./redirect.json', { fetchImpl: opaque }));
    expect(error.kind).toBe('redirect');
    expect(error.message).toMatch(/^\.\/redirect\.json redirects to another address, which tailbound does not follow/);
    const status = await failure(fetchDetectorsFile('./moved.json', { fetchImpl: respond('', { status: 302 }) }));
    expect(status.kind).toBe('redirect');
  });

  it('returns the validated detectors and fetches without credentials', async () => {
    const fetchImpl = respond(JSON.stringify(valid));
    await expect(fetchDetectorsFile('./detectors.json', { fetchImpl })).resolves.toEqual(valid.detectors);
    expect(fetchImpl.mock.calls[0]?.[1]).toMatchObject({ credentials: 'omit', redirect: 'manual' });
  });

  it('names the HTTP status and the URL', async () => {
    const error = await failure(fetchDetectorsFile('./missing.json', { fetchImpl: respond('nope', { status: 404 }) }));
    expect(error).toMatchObject({ kind: 'http', url: './missing.json', message: 'HTTP 404 for ./missing.json' });
    const withText = await failure(fetchDetectorsFile('./x.json', { fetchImpl: respond('', { status: 500, statusText: 'Internal Server Error' }) }));
    expect(withText.message).toBe('HTTP 500 Internal Server Error for ./x.json');
  });

  it('says when the answer is not JSON', async () => {
    const error = await failure(fetchDetectorsFile('./page.json', { fetchImpl: respond('<!doctype html><p>hi') }));
    expect(error.kind).toBe('not-json');
    expect(error.message).toMatch(/^\.\/page\.json is not JSON: Unexpected token '?</);
  });

  it('lists schema violations with their paths', async () => {
    const bad = { ...valid, detectors: [{ ...valid.detectors[0], yes: { correct: 15, total: 12 } }] };
    const error = await failure(fetchDetectorsFile('./bad.json', { fetchImpl: respond(JSON.stringify(bad)) }));
    expect(error.kind).toBe('schema');
    expect(error.errors).toEqual([{ path: 'detectors[0].yes.correct', message: 'must be ≤ total (12), got 15' }]);
    expect(error.message).toBe('./bad.json does not match the detectors schema:\ndetectors[0].yes.correct: must be ≤ total (12), got 15');
  });

  it('reports a network failure', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(fetchDetectorsFile('https://other.example/d.json', { fetchImpl }));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('Could not load https://other.example/d.json: Failed to fetch');
  });
});

describe('detectorsFileQuery', () => {
  it('uses the one key factory and the sample file by default', () => {
    expect(detectorKeys.file('./x.json')).toEqual(['detectors', 'file', './x.json']);
    expect(detectorsFileQuery().queryKey).toEqual(detectorKeys.file(SAMPLE_DETECTORS_URL));
    expect(SAMPLE_DETECTORS_URL.endsWith('detectors.json')).toBe(true);
  });

  it('loads through a QueryClient without retrying errors', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('x', { status: 404 }));
    const client = new QueryClient();
    await expect(client.fetchQuery(detectorsFileQuery('./missing.json'))).rejects.toThrow('HTTP 404 for ./missing.json');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    fetchSpy.mockResolvedValue(new Response(JSON.stringify(valid)));
    await expect(client.fetchQuery(detectorsFileQuery('./ok.json'))).resolves.toEqual(valid.detectors);
    fetchSpy.mockRestore();
  });
});

describe('resolveSourceUrl', () => {
  const page = 'https://tools.example.com/tailbound/index.html#/detectors';

  it('uses the sample without ?src', () => {
    expect(resolveSourceUrl('', page)).toEqual({ kind: 'sample' });
    expect(resolveSourceUrl('?other=1', page)).toEqual({ kind: 'sample' });
  });

  it('resolves relative and same-origin URLs against the page', () => {
    expect(resolveSourceUrl('?src=data/mine.json', page)).toEqual({ kind: 'same-origin', url: 'https://tools.example.com/tailbound/data/mine.json' });
    expect(resolveSourceUrl('?src=https%3A%2F%2Ftools.example.com%2Fx.json', page)).toEqual({ kind: 'same-origin', url: 'https://tools.example.com/x.json' });
  });

  it('marks other origins for confirmation', () => {
    expect(resolveSourceUrl('?src=https://data.example.org/d.json', page)).toEqual({ kind: 'cross-origin', url: 'https://data.example.org/d.json' });
    expect(resolveSourceUrl('?src=http://tools.example.com/d.json', page)).toMatchObject({ kind: 'cross-origin' });
  });

  it.each([
    ['?src=javascript:alert(1)', '?src= must be an http or https URL, got javascript:'],
    ['?src=data:application/json,{}', '?src= must be an http or https URL, got data:'],
    ['?src=file:///etc/passwd', '?src= must be an http or https URL, got file:'],
    ['?src=', '?src= is empty; give the URL of a detectors JSON file'],
    ['?src=http://[bad', '?src=http://[bad is not a valid URL'],
    ['?src=https://user:pw@data.example.org/d.json', '?src= must not contain a user name or password'],
  ])('refuses %s', (search, message) => {
    expect(resolveSourceUrl(search, page)).toEqual({ kind: 'invalid', message });
  });
});
