import type { LinkParse } from './link-params';

/**
 * For the link parsers' tests: the parser applied to a query string, and the names of the
 * parameters it found a problem with (none for a link it reads).
 */
export function linkTester<T>(parseLink: (params: URLSearchParams) => LinkParse<T>) {
  const parse = (query: string) => parseLink(new URLSearchParams(query));
  const problemParams = (query: string) => {
    const result = parse(query);
    return result.ok ? [] : result.problems.map((problem) => problem.param);
  };
  return { parse, problemParams };
}
