import type { DeploymentChoice } from '../detectors/detector-metrics';
import { formatWholeCount } from '../format/count-format';
import { clip, type LinkReader, numberParam, parseDecimal } from './link-params';

/** The most images a day a link accepts (a trillion: past any camera fleet, well inside a double's whole numbers). */
export const MAX_DEPLOYMENT_VOLUME = 1e12;

/**
 * `prevalence=0.02&volume=10000` of a detector's or a report's link: the deployment the "What it
 * means in deployment" figures are for. Each is optional (absent: the test set's own mix; 10,000 a
 * day; undefined when the link sets neither); a malformed one is a named problem, its text quoted clipped, and never falls back silently.
 */
export function readDeploymentParams(reader: LinkReader): DeploymentChoice | undefined {
  if (!reader.has('prevalence') && !reader.has('volume')) return undefined;
  const choice: DeploymentChoice = {};
  const prevalence = reader.raw('prevalence');
  if (prevalence !== null) {
    const value = parseDecimal(prevalence);
    if (value !== undefined && value > 0 && value < 1) choice.prevalence = value;
    else reader.problem('prevalence', `“prevalence” is “${clip(prevalence)}”; expected the share of YES in real traffic: a number strictly between 0 and 1, such as 0.02 for 2%.`);
  }
  const volume = reader.raw('volume');
  if (volume !== null) {
    const value = parseDecimal(volume);
    if (value !== undefined && value > 0 && value <= MAX_DEPLOYMENT_VOLUME) choice.volume = value;
    else reader.problem('volume', `“volume” is “${clip(volume)}”; expected images a day: a number above 0 and at most ${formatWholeCount(MAX_DEPLOYMENT_VOLUME)}, such as 10000.`);
  }
  return choice;
}

/** The deployment's link parameters: each only when chosen, so a link without them opens the defaults. */
export function deploymentParams(choice: DeploymentChoice | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  if (choice?.prevalence !== undefined) params.prevalence = numberParam(choice.prevalence);
  if (choice?.volume !== undefined) params.volume = numberParam(choice.volume);
  return params;
}
