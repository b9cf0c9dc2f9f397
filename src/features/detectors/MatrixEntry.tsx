import { useId, useState } from 'react';
import { parseMulticlassLink } from '../../data/links';

/**
 * The class names and the whole confusion matrix as text, in the K-class link's own format
 * ("cat, dog, bird" and "50,2,1;3,40,2;0,1,30"): how a detector of other classes, or another number
 * of them, is entered. Read by the link's parser, so every problem is named as a link's would be;
 * `onOpen` receives only a valid pair.
 */
export function MatrixEntry({ classes, matrix, onOpen }: { classes: readonly string[]; matrix: readonly (readonly number[])[]; onOpen: (classes: string[], matrix: number[][]) => void }) {
  const id = useId();
  const [classesText, setClassesText] = useState(classes.join(', '));
  const [matrixText, setMatrixText] = useState(matrix.map((row) => row.join(',')).join('; '));
  const [problems, setProblems] = useState<string[]>([]);
  return (
    <form
      className="matrix-entry"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseMulticlassLink(new URLSearchParams({ classes: classesText, matrix: matrixText.replace(/\s+/g, '') }));
        if (!parsed.ok) {
          setProblems(parsed.problems.map((problem) => problem.message));
          return;
        }
        setProblems([]);
        onOpen(parsed.value.classes, parsed.value.matrix);
      }}
    >
      <h2 id={`${id}-title`}>Other classes</h2>
      <p className="muted">Type your own class names and confusion matrix (rows = true class, separated by “;”; in each row one count per answer, in the class order).</p>
      <label htmlFor={`${id}-classes`}>Class names, separated by commas</label>
      <input id={`${id}-classes`} type="text" value={classesText} onChange={(event) => setClassesText(event.target.value)} aria-invalid={problems.length > 0} />
      <label htmlFor={`${id}-matrix`}>Confusion matrix</label>
      <textarea id={`${id}-matrix`} rows={3} value={matrixText} onChange={(event) => setMatrixText(event.target.value)} aria-invalid={problems.length > 0} />
      <button type="submit">Show these classes</button>
      {problems.length > 0 && (
        <div className="field-error" role="alert">
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
