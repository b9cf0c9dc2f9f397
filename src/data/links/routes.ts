/** A parsed hash route: `#/detectors/abc?delta=0.05` → { segments: ['detectors', 'abc'], params }. */
export interface HashRoute {
  segments: string[];
  params: URLSearchParams;
}

/** Splits a location hash into path segments and query parameters; tolerant of a missing `#/`. */
export function parseHashRoute(hash: string): HashRoute {
  const body = hash.replace(/^#\/?/, '');
  const queryStart = body.indexOf('?');
  const path = queryStart === -1 ? body : body.slice(0, queryStart);
  const query = queryStart === -1 ? '' : body.slice(queryStart + 1);
  const segments = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => safeDecode(segment));
  return { segments, params: new URLSearchParams(query) };
}

/** Builds a hash href such as `#/counts?yes=38%2F40`; parameters keep their insertion order. */
export function hashHref(segments: readonly string[], params: Record<string, string> = {}): string {
  const path = segments.map((segment) => encodeURIComponent(segment)).join('/');
  const query = new URLSearchParams(params).toString();
  return `#/${path}${query ? `?${query}` : ''}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
