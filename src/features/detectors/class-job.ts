import { labelsForMacroRecall, macroRecallBuehlerInterval, type MacroRecallBuehlerInterval, type MacroRecallPlan } from '../../stats';

/** What a K-class detector's worker is asked: the label plan, or Buehler's macro recall interval. */
export type ClassJob = { kind: 'plan'; matrix: number[][]; delta: number; target: number } | { kind: 'buehler'; matrix: number[][]; delta: number };

/** Its answer, or why there is none (a RangeError of the stats, e.g. a class past the planner's cap, as its message). */
export type ClassJobMessage = { kind: 'plan'; plan: MacroRecallPlan } | { kind: 'buehler'; interval: MacroRecallBuehlerInterval } | { kind: 'failed'; message: string };

/** The answers a job of this kind can get. */
export type ClassJobAnswer<J extends ClassJob> = Extract<ClassJobMessage, { kind: J['kind'] | 'failed' }>;

/** One job's answer, posted once. */
export function runClassJob(job: ClassJob, post: (message: ClassJobMessage) => void): void {
  try {
    post(
      job.kind === 'plan'
        ? { kind: 'plan', plan: labelsForMacroRecall(job.matrix, job.delta, job.target) }
        : { kind: 'buehler', interval: macroRecallBuehlerInterval(job.matrix, job.delta) },
    );
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
