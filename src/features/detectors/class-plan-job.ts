import { labelsForMacroRecall, type MacroRecallPlan } from '../../stats';

/** What the K-class label plan's worker is asked. */
export interface ClassPlanJob {
  matrix: number[][];
  delta: number;
  target: number;
}

/** Its answer: the plan, or why it cannot be made (a class past the planner's cap). */
export type ClassPlanMessage = { kind: 'plan'; plan: MacroRecallPlan } | { kind: 'failed'; message: string };

/** The plan of one job, posted once (a RangeError of the planner, e.g. a class past 10⁷ labels, as its message). */
export function runClassPlanJob(job: ClassPlanJob, post: (message: ClassPlanMessage) => void): void {
  try {
    post({ kind: 'plan', plan: labelsForMacroRecall(job.matrix, job.delta, job.target) });
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
