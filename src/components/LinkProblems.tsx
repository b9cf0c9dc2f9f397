import type { LinkProblem } from '../data/link-params';
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
        <ul>
          {problems.map((problem, index) => (
            <li key={`${problem.param}-${index}`}>
              <code>{problem.param}</code>: {problem.message}
            </li>
          ))}
        </ul>
      </div>
      <p>
        Fix the address, or <a href={fallbackHref}>open this view with its default settings</a>.
      </p>
    </section>
  );
}
