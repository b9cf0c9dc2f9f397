import type { ReactNode } from 'react';
import type { HashRoute } from '../data/routes';
import { CountsView, DetectorView, DetectorsListView } from '../features/detectors';
import { MethodsView } from '../features/methods';
import { CoverageView } from '../features/coverage';
import { PosteriorView } from '../features/posterior';
import { PlanView } from '../features/planner';
import { ExplorerView } from '../features/explorer';
import { useHashRoute } from './use-hash-route';

interface Section {
  /** First hash segment: `#/explore?...` → 'explore'; '' is the detectors home. */
  segment: string;
  label: string;
  render: (route: HashRoute) => ReactNode;
  /** false for views reached only by links (e.g. one detector's details). */
  inNav?: boolean;
}

// One line per feature view; the shell knows nothing else about them.
const SECTIONS: Section[] = [
  { segment: '', label: 'Detectors', render: (route) => <DetectorsListView route={route} /> },
  { segment: 'detectors', label: 'Detector', render: (route) => <DetectorView route={route} />, inNav: false },
  { segment: 'counts', label: 'From counts', render: (route) => <CountsView route={route} /> },
  { segment: 'methods', label: 'Methods', render: (route) => <MethodsView route={route} /> },
  { segment: 'coverage', label: 'Coverage', render: (route) => <CoverageView route={route} /> },
  { segment: 'posterior', label: 'Posterior', render: (route) => <PosteriorView route={route} /> },
  { segment: 'plan', label: 'Plan labels', render: (route) => <PlanView route={route} /> },
  { segment: 'explore', label: 'Tail explorer', render: (route) => <ExplorerView params={route.params} /> },
];

export function App() {
  const route = useHashRoute();
  const segment = route.segments[0] ?? '';
  const active = SECTIONS.find((section) => section.segment === segment);
  return (
    <div className="app">
      <a className="skip-link" href="#main" onClick={focusMain}>
        Skip to content
      </a>
      <header className="app-header">
        <a className="brand" href="#/">
          tailbound
        </a>
        <nav aria-label="Main">
          <ul>
            {SECTIONS.filter((section) => section.inNav !== false).map((section) => (
              <li key={section.segment}>
                <a href={`#/${section.segment}`} aria-current={section === active ? 'page' : undefined}>
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {active ? active.render(route) : <NotFound segment={segment} />}
      </main>
    </div>
  );
}

function focusMain(event: React.MouseEvent) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

function NotFound({ segment }: { segment: string }) {
  return (
    <section>
      <h1>Page not found</h1>
      <p role="alert">
        There is no view called “{segment}”. <a href="#/">Go to the detectors</a>.
      </p>
    </section>
  );
}
