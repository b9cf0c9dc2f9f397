import { queryOptions } from '@tanstack/react-query';
import type { Detector } from './detector';
import { parseDetectorsFile, type PathError } from './detectors-schema';

/**
 * The bundled sample detectors, next to index.html (base './' keeps this relative for subpaths).
 * Outside Vite (Node importing src/data) there is no import.meta.env: the base is then './' too.
 */
export const SAMPLE_DETECTORS_URL = `${import.meta.env?.BASE_URL ?? './'}detectors.json`;

/** The one key factory for detector files in the TanStack Query cache. */
export const detectorKeys = {
  all: ['detectors'] as const,
  file: (url: string) => [...detectorKeys.all, 'file', url] as const,
};

export type DetectorsFileErrorKind = 'network' | 'redirect' | 'http' | 'not-json' | 'schema';

/** Why a detectors file could not be loaded; `errors` lists the schema violations (kind 'schema'). */
export class DetectorsFileError extends Error {
  override name = 'DetectorsFileError';
  constructor(
    readonly kind: DetectorsFileErrorKind,
    readonly url: string,
    message: string,
    readonly errors: readonly PathError[] = [],
  ) {
    super(message);
  }
}

/**
 * Fetches and validates a detectors file. Throws DetectorsFileError with a message that names the
 * URL and the cause: "HTTP 404 for ./missing.json", "./x.json is not JSON: Unexpected token <…",
 * "./x.json does not match the detectors schema: detectors[3].yes.correct: must be ≤ total (12), got 15".
 */
export async function fetchDetectorsFile(
  url: string,
  init: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<Detector[]> {
  const fetchImpl = init.fetchImpl ?? fetch;
  let response: Response;
  try {
    // credentials 'omit': a cross-origin file the user confirmed never receives their cookies.
    // redirect 'manual': a same-origin address that redirects elsewhere must not skip the confirmation
    // asked for other origins (open redirects), so no redirect is followed at all.
    response = await fetchImpl(url, { signal: init.signal, credentials: 'omit', cache: 'no-cache', redirect: 'manual' });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new DetectorsFileError('network', url, `Could not load ${url}: ${messageOf(error)} (network error, or the server does not allow cross-origin requests)`);
  }
  if (response.type === 'opaqueredirect' || response.redirected || (response.status >= 300 && response.status < 400)) {
    throw new DetectorsFileError(
      'redirect',
      url,
      `${url} redirects to another address, which tailbound does not follow for files it loads (a redirect could lead to another site without asking you). Put the final address of the file in ?src= instead.`,
    );
  }
  if (!response.ok) {
    const statusText = response.statusText ? ` ${response.statusText}` : '';
    throw new DetectorsFileError('http', url, `HTTP ${response.status}${statusText} for ${url}`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new DetectorsFileError('not-json', url, `${url} is not JSON: ${messageOf(error)}`);
  }
  const parsed = parseDetectorsFile(json);
  if (!parsed.ok) {
    const list = parsed.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
    throw new DetectorsFileError('schema', url, `${url} does not match the detectors schema:\n${list}`, parsed.errors);
  }
  return parsed.detectors;
}

/** queryOptions for one detectors file: fetched once per URL, no retries (errors are not transient). */
export function detectorsFileQuery(url: string = SAMPLE_DETECTORS_URL) {
  return queryOptions({
    queryKey: detectorKeys.file(url),
    queryFn: ({ signal }) => fetchDetectorsFile(url, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export type SourceResolution =
  | { kind: 'sample' }
  | { kind: 'same-origin'; url: string }
  | { kind: 'cross-origin'; url: string }
  | { kind: 'invalid'; message: string };

/**
 * Where the detectors come from, given `location.search` and the page URL: no `?src=` → the sample;
 * a relative or same-origin http(s) URL → load it; another origin → only after the user confirms;
 * other schemes (javascript:, data:, file:, …) or unparseable URLs → invalid, with a message.
 */
export function resolveSourceUrl(search: string, pageUrl: string): SourceResolution {
  const src = new URLSearchParams(search).get('src');
  if (src === null) return { kind: 'sample' };
  if (src.trim() === '') return { kind: 'invalid', message: '?src= is empty; give the URL of a detectors JSON file' };
  let url: URL;
  try {
    url = new URL(src.trim(), pageUrl);
  } catch {
    return { kind: 'invalid', message: `?src=${src} is not a valid URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { kind: 'invalid', message: `?src= must be an http or https URL, got ${url.protocol.replace(/:$/, '')}:` };
  }
  if (url.username !== '' || url.password !== '') {
    return { kind: 'invalid', message: '?src= must not contain a user name or password' };
  }
  const page = new URL(pageUrl);
  return url.origin === page.origin ? { kind: 'same-origin', url: url.href } : { kind: 'cross-origin', url: url.href };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
