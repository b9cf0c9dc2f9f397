/**
 * The `tailbound` executable (lib/cli.js): runs the command line and exits with its code. Started as
 * a worker thread (many expensive intervals at once), it computes its share and posts it back.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { main } from './main';
import { runBalancedJob, type BalancedJob, type BalancedJobMessage } from './parallel';

if (!isMainThread && (workerData as BalancedJob | undefined)?.tailboundBalancedJob) {
  const result = runBalancedJob(workerData as BalancedJob, (done) => parentPort!.postMessage({ done } satisfies BalancedJobMessage));
  parentPort!.postMessage(result satisfies BalancedJobMessage, [result.buffer as ArrayBuffer]);
} else {
  process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, script: new URL(import.meta.url) });
}
