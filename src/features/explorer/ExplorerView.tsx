import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { EXPLORER_MODES, explorerHref, explorerLinkFor, parseExplorerParams, type ExplorerMode, type ExplorerSettings } from '../../data/links';
import type { ClassCounts } from '../../stats';
import { BalancedPanel } from './BalancedPanel';
import { BLOG_EXAMPLES, exampleFacts, exampleHref, matchingExample, type BlogExample } from './blog-examples';
import { TailView } from './TailView';
import { useBoundAnimation } from './use-bound-animation';
import './explorer.css';

const MODE_LABELS: Record<ExplorerMode, string> = {
  upper: 'Upper bound',
  lower: 'Lower bound',
  central: 'Central interval',
  balanced: 'Balanced accuracy',
};

const MODE_HELP: Record<ExplorerMode, string> = {
  upper:
    'Push p up until only δ of the Binomial(N, p) mass lies at or below the observed k: that p is the exact upper bound (the blog’s Figures 3–5).',
  lower:
    'The mirror image on the error count: push p down until only δ of the mass lies at or above k; that p is the exact lower bound.',
  central: 'Both bounds at δ/2, so that they hold together with probability 1 − δ (the blog’s Figure 6).',
  balanced: 'Each class’s bounds at δ/4; the balanced interval averages them (the blog’s Figure 7).',
};

/** How long the address bar may lag the controls; replaceState on every drag step would be throttled. */
export const URL_DEBOUNCE_MS = 200;

const linkOf = (settings: ExplorerSettings) => explorerHref(explorerLinkFor(settings));

// Shared component, memoised here: a drag of N, k or p must not re-render the δ control.
const MemoConfidenceControl = memo(ConfidenceControl);

export interface ExplorerViewProps {
  params: URLSearchParams;
  /** Fixed plot width for tests. */
  plotWidth?: number;
}

// Over 120 lines (123): the explorer's link state and its stable callbacks (the sliders are memoised
// on them) belong together; the views it shows are components.
/**
 * `#/explore`: the blog's pictures made interactive. Settings come from the link and are written
 * back to it (debounced replaceState), so every view can be shared and reopened exactly.
 */
export function ExplorerView({ params, plotWidth }: ExplorerViewProps) {
  const query = params.toString();
  const [initial] = useState(() => parseExplorerParams(params));
  const [loadedQuery, setLoadedQuery] = useState(query);
  const [settings, setSettings] = useState(initial.settings);
  const [problems, setProblems] = useState(initial.problems);
  // The empirical accuracy k/N that changing N keeps, so that N → 1 → 100 returns to the same k.
  const [accuracyTarget, setAccuracyTarget] = useState(initial.settings.k / initial.settings.n);

  const setP = useCallback((p: number) => setSettings((current) => ({ ...current, p })), []);
  const animation = useBoundAnimation(setP);
  const { stop, clear } = animation;

  const apply = useCallback(
    (next: ExplorerSettings, nextProblems: string[] = []) => {
      clear();
      setSettings(next);
      setAccuracyTarget(next.k / next.n);
      setProblems(nextProblems);
    },
    [clear],
  );

  if (query !== loadedQuery) {
    // A link was opened (a hash change). Our own replaceState writes come back here too (same
    // settings, no problems): ignore those; a link with problems is always news, even when its
    // defaults equal what is shown.
    setLoadedQuery(query);
    const parsed = parseExplorerParams(params);
    if (parsed.problems.length > 0 || linkOf(parsed.settings) !== linkOf(settings)) apply(parsed.settings, parsed.problems);
  }

  useEffect(() => {
    // The link is written once the settings rest, not at every step of a drag; never over a link
    // opened meanwhile (its hashchange may not have reached this view yet).
    const hashNow = window.location.hash;
    const timer = window.setTimeout(() => {
      const href = linkOf(settings);
      if (window.location.hash === hashNow && hashNow !== href) window.history.replaceState(window.history.state, '', href);
    }, URL_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [settings]);

  const onN = useCallback(
    (n: number) => {
      clear();
      setSettings((current) => ({ ...current, n, k: Math.min(n, Math.max(0, Math.round(accuracyTarget * n))) }));
    },
    [accuracyTarget, clear],
  );
  const onK = useCallback(
    (k: number) => {
      clear();
      setAccuracyTarget(k / settings.n);
      setSettings((current) => ({ ...current, k }));
    },
    [clear, settings.n],
  );
  const onUserP = useCallback(
    (p: number) => {
      stop();
      setP(p);
    },
    [setP, stop],
  );
  const onDelta = useCallback(
    (delta: number) => {
      clear();
      setSettings((current) => ({ ...current, delta }));
    },
    [clear],
  );
  const onMode = useCallback(
    (mode: ExplorerMode) => {
      clear();
      setSettings((current) => ({ ...current, mode }));
    },
    [clear],
  );
  const onYes = useCallback((yes: ClassCounts) => setSettings((current) => ({ ...current, yes })), []);
  const onNo = useCallback((no: ClassCounts) => setSettings((current) => ({ ...current, no })), []);

  const example = useMemo(() => matchingExample(settings), [settings]);
  const confidence = <MemoConfidenceControl delta={settings.delta} onChange={onDelta} />;
  const openExample = useCallback((next: BlogExample) => apply(next.settings), [apply]);

  return (
    <section className="explorer" aria-labelledby="explorer-heading">
      <h1 id="explorer-heading">Tail explorer</h1>
      <p className="explorer__intro">
        Where every exact bound comes from: the Binomial(N, p) distribution of the number correct, the observed k, and the
        tail the bound leaves at δ.
      </p>
      {problems.length > 0 && (
        <div className="explorer__problems" role="alert">
          <p>This link had problems; the view shows defaults for them:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="explorer__toolbar">
        <ModeChooser mode={settings.mode} onMode={onMode} />
        <BlogExamplesMenu onOpen={openExample} />
      </div>
      <p className="explorer__help">{MODE_HELP[settings.mode]}</p>
      {example && <ExampleCaption example={example} />}
      {settings.mode === 'balanced' ? (
        <>
          {confidence}
          <BalancedPanel yes={settings.yes} no={settings.no} delta={settings.delta} onYes={onYes} onNo={onNo} />
        </>
      ) : (
        <TailView
          mode={settings.mode} n={settings.n} k={settings.k} p={settings.p} delta={settings.delta}
          onN={onN} onK={onK} onP={onUserP} animation={animation} confidence={confidence} plotWidth={plotWidth}
        />
      )}
    </section>
  );
}

/** The mode radio buttons; memoised, so that a slider's step does not re-render four controlled inputs. */
const ModeChooser = memo(function ModeChooser({ mode, onMode }: { mode: ExplorerMode; onMode: (mode: ExplorerMode) => void }) {
  return (
    <fieldset className="explorer__modes">
      <legend>Mode</legend>
      {EXPLORER_MODES.map((option) => (
        <label key={option}>
          <input type="radio" name="explorer-mode" value={option} checked={mode === option} onChange={() => onMode(option)} />
          {MODE_LABELS[option]}
        </label>
      ))}
    </fieldset>
  );
});

/** A disclosure listing the blog's figures; each entry is a real link (shareable, opens in a new tab). */
const BlogExamplesMenu = memo(function BlogExamplesMenu({ onOpen }: { onOpen: (example: BlogExample) => void }) {
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <details className="explorer__examples" ref={menu}>
      <summary>Blog examples</summary>
      <ul>
        {BLOG_EXAMPLES.map((example) => (
          <li key={example.figure}>
            <a
              href={exampleHref(example)}
              onClick={() => {
                // The hash may already equal this link after our own replaceState, so apply it directly too.
                onOpen(example);
                menu.current?.removeAttribute('open');
              }}
            >
              Figure {example.figure}: {example.title}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
});

const ExampleCaption = memo(function ExampleCaption({ example }: { example: BlogExample }) {
  return (
    <aside className="explorer__caption" aria-label={`Blog Figure ${example.figure}`}>
      <p>
        <strong>Blog Figure {example.figure}.</strong> “{example.caption}”
      </p>
      <dl>
        {exampleFacts(example).map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
});
