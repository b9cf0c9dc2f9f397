import { DEFAULT_BALANCED_METHOD, isBalancedMethod, type BalancedMethod } from '../methods/balanced-method';
import type { Detector } from '../detectors/detector';
import type { ClassDetector } from '../detectors/class-detector';
import { DETECTORS_SCHEMA_ID, DETECTORS_SCHEMA_VERSION, parseDetectorsFile } from '../detectors/detectors-schema';
import { SORT_KEYS, type SortKey } from '../detectors/detector-list';
import { LIST_METRICS, type ListMetric } from '../detectors/detector-metrics';
import { formatWholeCount } from '../format/count-format';
import { clip, deltaProblem, type LinkParse } from './link-params';
import { hashHref } from './routes';
import { MAX_FILTER_LENGTH } from './share-links';

/**
 * A whole workspace in a link: `#/shared?w=<data>`, where data is the workspace as JSON, compressed
 * with the browser's own deflate (CompressionStream 'deflate-raw') and written in base64url. It sits
 * in the fragment (after `#`), which browsers never send to a server.
 */
export interface SharedWorkspace {
  detectors: Detector[];
  /** K-class detectors (written only when there are some; absent in older links). */
  classDetectors?: ClassDetector[] | undefined;
  delta: number;
  sort: SortKey;
  filter: string;
  /** The method choices: how the balanced intervals are built, and whether the δ/4 bounds are shown. */
  balancedMethod: BalancedMethod;
  showUnionBounds: boolean;
  /** The list's metric column (written only when it is not balanced accuracy; absent in older links). */
  metric?: ListMetric | undefined;
}

/**
 * The longest link tailbound makes: beyond this many characters, mail and chat tools start cutting
 * links, so the user is asked to export a file instead. About 1,500 detectors with typical names and
 * questions fit (measured: 1,500 → 30,265 characters).
 */
export const MAX_SHARED_LINK_LENGTH = 32_000;

/**
 * The most a link's workspace may unpack to. The longest link tailbound makes unpacks to well under
 * a megabyte; a crafted one (deflate packs a run of one letter a thousandfold) could unpack to
 * hundreds and hold the page while it is parsed.
 */
const MAX_UNPACKED_BYTES = 8_000_000;

/** The parameter's format version: a later tailbound can still read links made today. */
const FORMAT = 1;

/** `#/shared?w=…` for this workspace, or why it cannot be a link (too long: export a file). */
export async function sharedWorkspaceHref(workspace: SharedWorkspace): Promise<{ ok: true; href: string } | { ok: false; message: string }> {
  const { metric, classDetectors, ...rest } = workspace;
  const json = JSON.stringify({
    format: FORMAT,
    ...rest,
    ...(classDetectors === undefined || classDetectors.length === 0 ? {} : { classDetectors }),
    ...(metric === undefined || metric === 'balanced' ? {} : { metric }),
  });
  const data = toBase64Url(await compress(new TextEncoder().encode(json)));
  const href = hashHref(['shared'], { w: data });
  if (href.length > MAX_SHARED_LINK_LENGTH) {
    return {
      ok: false,
      message: `These ${formatWholeCount(workspace.detectors.length + (classDetectors?.length ?? 0))} detectors make a link of ${formatWholeCount(href.length)} characters, more than the ${formatWholeCount(MAX_SHARED_LINK_LENGTH)} a link can carry safely. Export the detectors as a JSON file and share that instead.`,
    };
  }
  return { ok: true, href };
}

/** Reads `w` back; every way it can be wrong (cut off, not ours, invalid detectors) is said in words. */
export async function parseSharedWorkspace(params: URLSearchParams): Promise<LinkParse<SharedWorkspace>> {
  const problem = (message: string): LinkParse<SharedWorkspace> => ({ ok: false, problems: [{ param: 'w', message }] });
  const data = params.get('w');
  if (data === null || data === '') return problem('missing: the link has no workspace in it.');
  if (data.length > 2 * MAX_SHARED_LINK_LENGTH) {
    return problem(`it is ${formatWholeCount(data.length)} characters long, far more than any link tailbound makes (at most ${formatWholeCount(MAX_SHARED_LINK_LENGTH)}).`);
  }
  let json: unknown;
  try {
    const bytes = await unpack(fromBase64Url(data));
    if (bytes === null) return problem(`it unpacks to more than ${MAX_UNPACKED_BYTES / 1e6} MB, far more than any workspace link tailbound makes.`);
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return problem('the workspace in this link cannot be read; the link may have been cut off when it was copied.');
  }
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== FORMAT) {
    return problem('this is not a tailbound workspace link, or one from a newer version.');
  }
  const value = json as Record<string, unknown>;
  const parsed = parseDetectorsFile({ schema: DETECTORS_SCHEMA_ID, version: DETECTORS_SCHEMA_VERSION, detectors: value.detectors, classDetectors: value.classDetectors });
  if (!parsed.ok) return problem(`its detectors are not valid (${parsed.errors.slice(0, 3).map((error) => `${error.path}: ${error.message}`).join('; ')}).`);
  const delta = typeof value.delta === 'number' && deltaProblem(value.delta) === null ? value.delta : undefined;
  const sort = SORT_KEYS.find((key) => key === value.sort);
  if (delta === undefined || sort === undefined || typeof value.filter !== 'string') return problem('its settings (δ, sort or filter) are not valid.');
  if (value.filter.length > MAX_FILTER_LENGTH) {
    return problem(`its filter is ${formatWholeCount(value.filter.length)} characters long; a filter has at most ${MAX_FILTER_LENGTH}.`);
  }
  // Links made before the method choices travelled were made with the defaults.
  const balancedMethod = value.balancedMethod ?? DEFAULT_BALANCED_METHOD;
  const showUnionBounds = value.showUnionBounds ?? false;
  if (!isBalancedMethod(balancedMethod) || typeof showUnionBounds !== 'boolean') {
    return problem('its method choices (balanced interval, union bounds shown) are not valid.');
  }
  const metric = LIST_METRICS.find((key) => key === value.metric);
  if (value.metric !== undefined && metric === undefined) {
    return problem(`its metric column “${clip(String(value.metric))}” is not one of ${LIST_METRICS.join(', ')}.`);
  }
  return { ok: true, value: { detectors: parsed.detectors, classDetectors: parsed.classDetectors, delta, sort, filter: value.filter, balancedMethod, showUnionBounds, metric } };
}

/** The inflated bytes, or null once they pass MAX_UNPACKED_BYTES (reading stops there). */
async function unpack(bytes: Uint8Array): Promise<Uint8Array | null> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.length;
    if (size > MAX_UNPACKED_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(next.value);
  }
  return new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer());
}

async function compress(bytes: Uint8Array): Promise<Uint8Array> {
  const output = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(output).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}
