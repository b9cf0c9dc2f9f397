import { lazy, Suspense, type ReactNode } from 'react';
import { StorageProblemBanner } from '../components/StorageProblemBanner';
import { ViewErrorBoundary } from '../components/ViewErrorBoundary';
import { DEFAULT_BALANCED_METHOD, type BalancedMethod } from '../data/methods';
import type { HashRoute } from '../data/links';
import { CountsView, DetectorView, DetectorsListView, SharedWorkspaceView } from '../features/detectors';
import { useWorkspace } from '../store/workspace';
import { ThemeSwitch } from './ThemeSwitch';
import { UpdateBanner } from './UpdateBanner';
import { useHashRoute } from './use-hash-route';

// The detectors views ship in the first bundle; the others load when first opened.
const MethodsView = lazy(() => import('../features/methods').then((feature) => ({ default: feature.MethodsView })));
const CoverageView = lazy(() => import('../features/coverage').then((feature) => ({ default: feature.CoverageView })));
const PosteriorView = lazy(() => import('../features/posterior').then((feature) => ({ default: feature.PosteriorView })));
const PlanView = lazy(() => import('../features/planner').then((feature) => ({ default: feature.PlanView })));
const ExplorerView = lazy(() => import('../features/explorer').then((feature) => ({ default: feature.ExplorerView })));
const DataView = lazy(() => import('../features/data').then((feature) => ({ default: feature.DataView })));
const ReportView = lazy(() => import('../features/report').then((feature) => ({ default: feature.ReportView })));
const CompareView = lazy(() => import('../features/compare').then((feature) => ({ default: feature.CompareView })));
const RankView = lazy(() => import('../features/compare').then((feature) => ({ default: feature.RankView })));

interface Section {
  /** First hash segment: `#/explore?...` → 'explore'; '' is the detectors home. */
  segment: string;
  label: string;
  render: (route: HashRoute) => ReactNode;
  /** false for views reached only by links (e.g. one detector's details). */
  inNav?: boolean;
  /**
   * The view reads `balanced=`: its menu link carries the workspace's setting, as the app's other
   * links do (a link without it opens the default, Buehler's).
   */
  balancedLink?: boolean;
}

// One line per feature view; the shell knows nothing else about them.
const SECTIONS: Section[] = [
  { segment: '', label: 'Detectors', render: (route) => <DetectorsListView route={route} /> },
  { segment: 'detectors', label: 'Detector', render: (route) => <DetectorView route={route} />, inNav: false },
  { segment: 'shared', label: 'Shared workspace', render: (route) => <SharedWorkspaceView route={route} />, inNav: false },
  { segment: 'counts', label: 'From counts', render: (route) => <CountsView route={route} />, balancedLink: true },
  { segment: 'methods', label: 'Methods', render: (route) => <MethodsView route={route} /> },
  { segment: 'coverage', label: 'Coverage', render: (route) => <CoverageView route={route} /> },
  { segment: 'posterior', label: 'Posterior', render: (route) => <PosteriorView route={route} /> },
  { segment: 'plan', label: 'Plan labels', render: (route) => <PlanView route={route} />, balancedLink: true },
  { segment: 'explore', label: 'Tail explorer', render: (route) => <ExplorerView params={route.params} /> },
  { segment: 'data', label: 'Evaluation data', render: (route) => <DataView route={route} /> },
  { segment: 'report', label: 'Report', render: (route) => <ReportView route={route} /> },
  { segment: 'compare', label: 'Compare', render: (route) => <CompareView route={route} /> },
  { segment: 'rank', label: 'Rank', render: (route) => <RankView route={route} /> },
];

function menuHref(section: Section, balancedMethod: BalancedMethod): string {
  const carries = section.balancedLink && balancedMethod !== DEFAULT_BALANCED_METHOD;
  return `#/${section.segment}${carries ? `?${new URLSearchParams({ balanced: balancedMethod })}` : ''}`;
}

export function App() {
  const route = useHashRoute();
  const segment = route.segments[0] ?? '';
  const active = SECTIONS.find((section) => section.segment === segment);
  const balancedMethod = useWorkspace((state) => state.balancedMethod);
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
                <a href={menuHref(section, balancedMethod)} aria-current={section === active ? 'page' : undefined}>
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <ThemeSwitch />
      </header>
      <main id="main" tabIndex={-1}>
        <StorageProblemBanner />
        <UpdateBanner />
        {active ? (
          <ViewErrorBoundary key={active.segment} title={active.label} resetKey={routeKey(route)}>
            <Suspense fallback={<p role="status">Loading…</p>}>{active.render(route)}</Suspense>
          </ViewErrorBoundary>
        ) : (
          <NotFound segment={segment} />
        )}
      </main>
    </div>
  );
}

const routeKey = (route: HashRoute) => `${route.segments.join('/')}?${route.params.toString()}`;

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
