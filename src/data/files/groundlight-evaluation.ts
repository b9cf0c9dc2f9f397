import { clip } from '../links';

/**
 * What Groundlight's detector evaluation JSON (`get_detector_evaluation`: an `evaluation_results`
 * object) holds that tailbound can use. A multi-class detector's `confusion_dict` maps each true
 * class to the counts of the classes it was answered as, `num_examples_per_class` each class's
 * examples (checked against the rows' sums): a K × K confusion matrix. The binary fields
 * (`kfold_pooled__balanced_accuracy`, `…positive_accuracy`, `…negative_accuracy`, precision and
 * recall means) are accuracies without the counts they came from, so no exact interval can be built
 * from them.
 */
export type GroundlightEvaluation =
  | { kind: 'classes'; classes: string[]; matrix: number[][] }
  | { kind: 'no-counts'; fields: string[] }
  | { kind: 'malformed'; problems: string[] };

/** Keys only Groundlight's evaluation results carry (any one marks the file as one). */
const EVALUATION_KEYS = ['confusion_dict', 'num_examples_per_class', 'class_accuracies', 'kfold_pooled__balanced_accuracy', 'total_ground_truth_examples', 'eval_timestamp'];
/** Problems named before the rest are only counted. */
const PROBLEMS_NAMED = 5;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const quote = (text: string) => `“${clip(text)}”`;

/** Groundlight's evaluation read from parsed JSON; null when the JSON is not one. */
export function readGroundlightEvaluation(json: unknown): GroundlightEvaluation | null {
  if (!isObject(json)) return null;
  const results = isObject(json.evaluation_results) ? json.evaluation_results : json;
  if (!EVALUATION_KEYS.some((key) => key in results)) return null;
  const confusion = results.confusion_dict;
  if (confusion === undefined || confusion === null) {
    return { kind: 'no-counts', fields: Object.keys(results).filter((key) => typeof results[key] === 'number' && /accuracy|precision|recall/.test(key)) };
  }
  if (!isObject(confusion)) return { kind: 'malformed', problems: ['confusion_dict is not an object of classes'] };
  const problems: string[] = [];
  const truths = Object.keys(confusion);
  // Answered classes without examples of their own follow the true classes (their rows are empty).
  const classes = [...truths];
  for (const truth of truths) {
    const row = confusion[truth];
    if (!isObject(row)) {
      problems.push(`confusion_dict.${quote(truth)} is not an object of answered classes and counts`);
      continue;
    }
    for (const answer of Object.keys(row)) if (!classes.includes(answer)) classes.push(answer);
  }
  const matrix = classes.map((truth) =>
    classes.map((answer) => {
      const row = confusion[truth];
      const count = isObject(row) ? (row[answer] ?? 0) : 0;
      if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
        problems.push(`confusion_dict.${quote(truth)}.${quote(answer)} is ${quote(String(count))}, not a whole count`);
        return 0;
      }
      return count;
    }),
  );
  const perClass = results.num_examples_per_class;
  if (isObject(perClass)) {
    classes.forEach((name, i) => {
      const stated = perClass[name];
      const sum = matrix[i]!.reduce((total, count) => total + count, 0);
      if (stated !== undefined && stated !== sum) problems.push(`num_examples_per_class.${quote(name)} is ${quote(String(stated))} but confusion_dict.${quote(name)} counts ${sum}`);
    });
  }
  if (classes.length < 2) problems.push(`confusion_dict holds ${classes.length} class${classes.length === 1 ? '' : 'es'}; a detector has at least two`);
  if (problems.length > 0) {
    const more = problems.length > PROBLEMS_NAMED ? [`… and ${problems.length - PROBLEMS_NAMED} more`] : [];
    return { kind: 'malformed', problems: [...problems.slice(0, PROBLEMS_NAMED), ...more] };
  }
  return { kind: 'classes', classes, matrix };
}
