import type { LinkProblem } from '../data/links';
import './link-problems.css';

export interface LinkProblemsProps {
  /** The view's title, kept as the page heading so the reader knows where they are. */
  title: string;
  problems: readonly LinkProblem[];
  /** Where the reader can go instead: the view with its default settings. */
  fallbackHref: string;
}

/** What is wrong with the link that opened a view, parameter by parameter — never a blank page. */
export function LinkProblems({ title, problems, fallbackHref }: LinkProblemsProps) {
  return (
    <section className="link-problems">
      <h1>{title}</h1>
      <div role="alert">
        <h2>This link can’t be shown</h2>
        <ProblemList problems={problems} />
      </div>
      <p>
        Fix the address, or <a href={fallbackHref}>open this view with its default settings</a>.
      </p>
    </section>
  );
}

/**
 * The same list as a notice above a view that can still show something sensible (the detector list
 * with the workspace's settings): `ignored` says what is shown instead.
 */
export function LinkProblemsNotice({ problems, ignored }: { problems: readonly LinkProblem[]; ignored: string }) {
  return (
    <div className="link-problems link-problems--notice" role="alert">
      <h2>Part of this link was not used</h2>
      <ProblemList problems={problems} />
      <p>{ignored}</p>
    </div>
  );
}

function ProblemList({ problems }: { problems: readonly LinkProblem[] }) {
  return (
    <ul>
      {problems.map((problem, index) => (
        <li key={`${problem.param}-${index}`}>
          <code>{problem.param}</code>: {problem.message}
        </li>
      ))}
    </ul>
  );
}
