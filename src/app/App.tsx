import { useHashRoute } from './use-hash-route';

const NAVIGATION = [
  { href: '#/', label: 'Detectors', section: '' },
  { href: '#/explore', label: 'Tail explorer', section: 'explore' },
] as const;

export function App() {
  const route = useHashRoute();
  const section = route.segments[0] ?? '';
  return (
    <div className="app">
      <a className="skip-link" href="#main" onClick={(event) => { event.preventDefault(); document.getElementById('main')?.focus(); }}>
        Skip to content
      </a>
      <header className="app-header">
        <a className="brand" href="#/">tailbound</a>
        <nav aria-label="Main">
          <ul>
            {NAVIGATION.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={section === item.section ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <h1>Detectors</h1>
        <p>Exact binomial-tail confidence intervals for your detectors’ balanced accuracy.</p>
      </main>
    </div>
  );
}
