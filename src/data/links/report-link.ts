import type { ClassCounts } from '../../stats';
import type { BalancedMethod } from '../methods/balanced-method';
import { MAX_NAME_LENGTH } from '../detectors/detector';
import type { DeploymentChoice } from '../detectors/detector-metrics';
import { deploymentParams, readDeploymentParams } from './deployment-params';
import { classCountsParam, LinkReader, numberParam, type LinkParse, readBalancedParam } from './link-params';
import { hashHref } from './routes';

/**
 * What a report covers:
 * - `#/report` — every detector of the workspace;
 * - `#/report?id=<detector id>` — one detector of the workspace;
 * - `#/report?yes=38/40&no=55/60&name=…` — a detector given by its counts alone.
 * `delta` (or `confidence`) and `balanced` (buehler|union|inversion) are optional: absent, the workspace's
 * δ and balanced-interval method. The views' "Printable report" links carry both, so the report shows
 * what the view showed. `prevalence` and `volume` (optional) add each detector's figures at that
 * deployment, as the details view's "What it means in deployment" shows them.
 */
export type ReportSubject =
  | { kind: 'workspace' }
  | { kind: 'detector'; id: string }
  | { kind: 'counts'; name: string; yes: ClassCounts; no: ClassCounts };

export interface ReportLink {
  subject: ReportSubject;
  delta: number | undefined;
  balanced?: BalancedMethod | undefined;
  /** Absent or empty: the report shows no deployment figures. */
  deployment?: DeploymentChoice | undefined;
}

/** The name of a counts-only report that names nothing. */
export const DEFAULT_COUNTS_NAME = 'Detector from counts';

/** Reads `#/report?…`; every malformed parameter is named, and `id` does not mix with counts. */
export function parseReportLink(params: URLSearchParams): LinkParse<ReportLink> {
  const reader = new LinkReader(params);
  const delta = reader.optionalDelta();
  const balanced = readBalancedParam(reader);
  const deployment = readDeploymentParams(reader);
  const hasCounts = reader.has('yes') || reader.has('no');
  const id = reader.raw('id');
  // Every parameter given is checked, whichever subject the link names: a bad one is never passed over.
  const yes = reader.has('yes') ? reader.classCounts('yes', 'should-be-YES') : undefined;
  const no = reader.has('no') ? reader.classCounts('no', 'should-be-NO') : undefined;
  const name = (reader.raw('name') ?? '').trim() || DEFAULT_COUNTS_NAME;
  if (name.length > MAX_NAME_LENGTH) reader.problem('name', `“name” is longer than ${MAX_NAME_LENGTH} characters.`);
  let subject: ReportSubject = { kind: 'workspace' };
  if (id !== null && hasCounts) {
    reader.problem('id', 'give either a detector id or its counts (yes=…&no=…), not both.');
  } else if (id !== null) {
    if (id.trim() === '') reader.problem('id', '“id” is empty; expected the id of a detector in your workspace.');
    subject = { kind: 'detector', id: id.trim() };
  } else if (hasCounts) {
    for (const param of ['yes', 'no']) {
      if (!reader.has(param)) reader.problem(param, `“${param}” is missing; a report from counts needs both yes=…/… and no=…/….`);
    }
    if (yes && no) subject = { kind: 'counts', name, yes, no };
  }
  return reader.result({ subject, delta, balanced, deployment });
}

/** The report's link; counts keep their readable slash. */
export function reportHref({ subject, delta, balanced, deployment }: ReportLink): string {
  const params: Record<string, string> = {};
  if (subject.kind === 'detector') params.id = subject.id;
  if (subject.kind === 'counts') {
    params.yes = classCountsParam(subject.yes);
    params.no = classCountsParam(subject.no);
    if (subject.name !== DEFAULT_COUNTS_NAME) params.name = subject.name;
  }
  if (delta !== undefined) params.delta = numberParam(delta);
  // Written whenever given, the default too: absent, the report takes the workspace's setting.
  if (balanced !== undefined) params.balanced = balanced;
  Object.assign(params, deploymentParams(deployment));
  return hashHref(['report'], params).replace(/(yes|no)=(\d+)%2F(\d+)/g, '$1=$2/$3');
}
