import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPercent } from '../../data/format';
import { exactUpperBound } from '../../stats';
import { ExplorerView, URL_DEBOUNCE_MS } from './ExplorerView';
import { midpointTexts } from './TailView';
import { nAtPosition, pStep } from './TailControls';
import { countTickDigits, pmfTickStep } from './TailPlots';

const PLOT_WIDTH = 800;

function renderExplorer(query: string) {
  return render(<ExplorerView params={new URLSearchParams(query)} plotWidth={PLOT_WIDTH} />);
}

const sentence = () => screen.getByTestId('tail-sentence').textContent;
/** The sentence is drawn after the input's frame: wait for it. */
const sentenceBecomes = (expected: string | RegExp) =>
  waitFor(() => (typeof expected === 'string' ? expect(sentence()).toBe(expected) : expect(sentence()).toMatch(expected)));
const field = (label: RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const slider = (label: RegExp) => screen.getByRole('slider', { name: label }) as HTMLInputElement;

function reduceMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Full renders with both recharts plots take a few hundred ms each in jsdom.
describe('ExplorerView', { timeout: 60_000 }, () => {
  it('at the exact bound says the bound is at p, though the computed tail falls an ulp under δ there', () => {
    const bound = exactUpperBound(100, 80, 0.01);
    renderExplorer(`n=100&k=80&p=${bound}&delta=0.01&mode=upper`);
    // It read "= just under 1.0% is less than δ = 0.01, so the exact 99% upper bound is below p".
    expect(screen.getByTestId('bound-status')).toHaveTextContent(/^F\(80\) = P\[X ≤ 80\] = 1\.0% is at least δ = 0\.01, so the exact 99% upper bound is at or above p/);
  });

  it('opens the blog’s Figure 4 from its link, with the caption’s numbers and both plots', () => {
    const { container } = renderExplorer('n=100&k=80&p=0.83&delta=0.05&mode=upper');
    expect(sentence()).toBe('If the true accuracy were 83.0%, there would be a 24.8% chance of seeing 80 or fewer correct out of 100.');
    const caption = screen.getByRole('complementary', { name: 'Blog Figure 4' });
    expect(caption).toHaveTextContent('0.24768 → 24.8%');
    const charts = container.querySelectorAll('svg.recharts-surface');
    expect(charts).toHaveLength(2);
    // the shaded tail and the rest of the PMF, and the CDF line, are drawn through the charts' scales
    const curves = [...container.querySelectorAll('path.recharts-curve')];
    expect(curves).toHaveLength(3);
    for (const curve of curves) expect(curve.getAttribute('d')).toMatch(/^M\d/);
    expect(container.querySelectorAll('.recharts-cartesian-axis-tick').length).toBeGreaterThan(10);
  });

  it('lands "find the bound" exactly on the 95% upper bound for 80/100 (reduced motion)', async () => {
    reduceMotion(true);
    const user = userEvent.setup();
    renderExplorer('n=100&k=80&p=0.8&delta=0.05&mode=upper');
    await user.click(screen.getByRole('button', { name: 'Find the bound' }));
    await sentenceBecomes('If the true accuracy were 86.3%, there would be a 5.0% chance of seeing 80 or fewer correct out of 100.');
    expect(field(/Hypothesized true accuracy p/)).toHaveValue('0.863339');
    expect(screen.getByText(/Landed on the exact upper bound/)).toHaveTextContent(`p = ${exactUpperBound(100, 80, 0.05)}`);
    expect(screen.getByTestId('bound-status')).toHaveTextContent('86.34% (0.863339, rounded up)');
    // Each listed step reads unambiguously: its p differs from the step before, and its tail sits visibly on its side of δ.
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent ?? '').filter((text) => text.startsWith('p = '));
    expect(steps).toHaveLength(12);
    const shownP = steps.map((step) => /^p = ([\d.]+)%/.exec(step)![1]);
    expect(new Set(shownP).size).toBe(12);
    for (const step of steps) {
      const [, tail, sign] = /F\(80\) = ([\d.]+)% (≥|<) 5\.0%/.exec(step)!;
      expect(sign === '≥' ? Number(tail) >= 5 : Number(tail) < 5).toBe(true);
      expect(step).toContain(sign === '≥' ? 'still plausible' : 'implausible');
    }
  });

  it('animates the bisection, moving p through the midpoints before landing', async () => {
    reduceMotion(false);
    const user = userEvent.setup();
    renderExplorer('n=100&k=80&p=0.8&delta=0.05&mode=upper');
    // p as its control shows it: the control follows every step; the sentence, drawn once a frame, may skip one.
    const pLabel = screen.getByText('Hypothesized true accuracy p').closest('label')!;
    const seen = new Set<string>();
    const observer = new MutationObserver(() => seen.add(pLabel.textContent ?? ''));
    observer.observe(pLabel, { childList: true, characterData: true, subtree: true });
    await user.click(screen.getByRole('button', { name: 'Find the bound' }));
    await waitFor(() => expect(screen.getByText(/Landed on the exact upper bound/)).toBeInTheDocument(), { timeout: 25_000 });
    observer.disconnect();
    expect([...seen].some((text) => text.includes('= 90.0%'))).toBe(true); // the first midpoint of [80%, 100%]
    expect(sentence()).toContain('were 86.3%, there would be a 5.0% chance');
    expect(screen.getAllByRole('listitem').filter((item) => item.textContent?.startsWith('p = '))).toHaveLength(12);
  });

  it('mirrors to the lower bound with the upper tail shaded', async () => {
    reduceMotion(true);
    const user = userEvent.setup();
    const { container } = renderExplorer('n=100&k=80&p=0.8&delta=0.05&mode=lower');
    expect(sentence()).toContain('80 or more correct out of 100 (20 or fewer errors)');
    // The 1 − δ level is labelled at the left, where the CDF is far below it (at the right it runs into the curve).
    const levelLabel = [...container.querySelectorAll('.tail-plots text')].find((text) => text.textContent === '1 − δ');
    expect(levelLabel).toHaveAttribute('text-anchor', 'start');
    await user.click(screen.getByRole('button', { name: 'Find the bound' }));
    await sentenceBecomes(
      'If the true accuracy were 72.3%, there would be a 5.0% chance of seeing 80 or more correct out of 100 (20 or fewer errors).',
    );
  });

  it('shows the central interval next to the one-sided bounds (Figure 6)', () => {
    renderExplorer('n=100&k=80&delta=0.05&mode=central');
    const intervals = screen.getByRole('group', { name: /Intervals at 95%/ });
    expect(intervals).toHaveTextContent('Exact 95% central interval (δ/2 = 0.025 per tail): [70.8%, 87.4%]');
    expect(intervals).toHaveTextContent('one-sided bounds, δ = 0.05 each (together only 90%): [72.2%, 86.4%]');
    expect(screen.getByRole('complementary', { name: 'Blog Figure 6' })).toHaveTextContent('[0.708157, 0.873344]');
  });

  it('builds the balanced interval from the classes’ bounds at δ/4 (Figure 7)', () => {
    renderExplorer('mode=balanced&yes=90/100&no=95/100&delta=0.05');
    expect(screen.getByRole('status')).toHaveTextContent('exact 95% interval [84.4%, 97.2%]');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /Balanced = average/ })).toHaveTextContent('= 0.844730 → 84.4%');
    expect(within(table).getByRole('row', { name: /Balanced = average/ })).toHaveTextContent('= 0.971223 → 97.2%');
    expect(screen.getByRole('link', { name: 'see the should-be-YES tails' })).toHaveAttribute(
      'href',
      '#/explore?n=100&k=90&delta=0.025&mode=central',
    );
  });

  it('draws the Wald interval collapsing at k = N and spilling below 0', () => {
    const { unmount } = renderExplorer('n=50&k=50&mode=upper');
    expect(screen.getByText(/Normal approximation \(Wald\) 95%: \[100\.0%, 100\.0%\] — zero width/)).toBeInTheDocument();
    unmount();
    renderExplorer('n=10&k=1&mode=central');
    expect(screen.getByText(/Normal approximation \(Wald\) 95%: \[0\.0%, 28\.6%\] — p̂ ± z·σ̂ reaches −8\.6%, below 0%; clipped/)).toBeInTheDocument();
  });

  it('lists a malformed link’s problems and still draws the defaults', () => {
    renderExplorer('n=abc&k=80&p=2&mode=upper');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('“n” is “abc”');
    expect(alert).toHaveTextContent('“p” is “2”');
    expect(sentence()).toBe('If the true accuracy were 80.0%, there would be a 54.0% chance of seeing 80 or fewer correct out of 100.');
  });

  it('keeps k/N when N changes, and returns to the same k', async () => {
    const user = userEvent.setup();
    renderExplorer('n=100&k=80&p=0.8&mode=upper');
    const n = field(/Number of tests N/);
    await user.clear(n);
    await user.type(n, '1000');
    expect(field(/Number correct k/)).toHaveValue('800');
    await user.clear(n);
    await user.type(n, '1');
    expect(field(/Number correct k/)).toHaveValue('1');
    await user.type(n, '00');
    expect(field(/Number correct k/)).toHaveValue('80');
  });

  it('shows an inline message for an invalid entry and keeps the last valid value', async () => {
    const user = userEvent.setup();
    renderExplorer('n=100&k=80&p=0.83&mode=upper');
    const k = field(/Number correct k/);
    await user.clear(k);
    await user.type(k, '120');
    expect(k).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('k can’t exceed N (100).')).toBeInTheDocument();
    // "1" and "12" were valid as they were typed; "120" is not, so 12 stays in use
    await sentenceBecomes(/chance of seeing 12 or fewer correct out of 100/);
    expect(slider(/Number correct k/)).toHaveValue('12');
    const p = field(/Hypothesized true accuracy p/);
    await user.clear(p);
    await user.type(p, 'abc');
    expect(screen.getByText(/“abc” is not an accuracy/)).toBeInTheDocument();
    await sentenceBecomes(/were 83\.0%/);
  });

  it('moves every slider and updates the sentence once the input’s frame is painted', async () => {
    renderExplorer('n=100&k=80&p=0.83&mode=upper');
    fireEvent.change(slider(/Number correct k/), { target: { value: '81' } });
    // The input's own frame redraws the controls alone (as a bare slider's would); the sentence follows.
    expect(slider(/Number correct k/)).toHaveValue('81');
    expect(sentence()).toContain('80 or fewer correct out of 100');
    await sentenceBecomes(/81 or fewer correct out of 100/);
    fireEvent.change(slider(/Hypothesized true accuracy p/), { target: { value: '0.9' } });
    await sentenceBecomes(/were 90\.0%/);
    fireEvent.change(slider(/Number of tests N/), { target: { value: '600' } }); // 10^3
    await sentenceBecomes(/810 or fewer correct out of 1,000/);
    expect(slider(/Number of tests N/)).toHaveAttribute('aria-valuetext', 'N = 1,000 tests');
  });

  it('announces the sentence to screen readers once a drag pauses, not at every step', async () => {
    const { container } = renderExplorer('n=100&k=80&p=0.83&mode=upper');
    const live = container.querySelector('[aria-live="polite"]')!;
    await waitFor(() => expect(live).toHaveTextContent('24.8% chance of seeing 80 or fewer'));
    const announced: string[] = [];
    const observer = new MutationObserver(() => announced.push(live.textContent ?? ''));
    observer.observe(live, { childList: true, characterData: true, subtree: true });
    for (const k of ['79', '78', '77']) {
      fireEvent.change(slider(/Number correct k/), { target: { value: k } });
      await sentenceBecomes(new RegExp(`seeing ${k} or fewer`));
    }
    expect(live).toHaveTextContent('seeing 80 or fewer');
    await waitFor(() => expect(live).toHaveTextContent('seeing 77 or fewer'), { timeout: 20_000 });
    observer.disconnect();
    // Only the sentence the drag paused on, never a step of it.
    expect(announced.filter((text) => /seeing 7[89] or fewer/.test(text))).toEqual([]);
  });

  it('writes the view to the address bar with replaceState, debounced', async () => {
    // When each write came (performance.now(): the clock the debounce runs on), and what it wrote.
    const writes: { at: number; href: string }[] = [];
    const write = window.history.replaceState.bind(window.history);
    const replaceState = vi.spyOn(window.history, 'replaceState').mockImplementation((state, unused, href) => {
      writes.push({ at: performance.now(), href: String(href) });
      write(state, unused, href);
    });
    renderExplorer('n=100&k=80&p=0.8&mode=upper');
    // The opened view itself is written once it has rested (this test opens it without a link).
    await waitFor(() => expect(writes.at(-1)?.href).toBe('#/explore?n=100&k=80&p=0.8&delta=0.05&mode=upper'));
    writes.splice(0);
    // Two sliders moved within one task: the address bar follows once the settings rest — never
    // sooner than the debounce after the moves, and ending on the final view. (On a loaded machine
    // the two moves' frames can land more than a debounce apart: then each rest is written.)
    const movedAt = performance.now();
    fireEvent.change(slider(/Hypothesized true accuracy p/), { target: { value: '0.83' } });
    fireEvent.change(slider(/Number correct k/), { target: { value: '79' } });
    await sentenceBecomes(/were 83\.0%.* 79 or fewer/);
    await waitFor(() => expect(writes.at(-1)?.href).toBe('#/explore?n=100&k=79&p=0.83&delta=0.05&mode=upper'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(writes.length).toBeGreaterThanOrEqual(1);
    expect(writes.length).toBeLessThanOrEqual(2);
    for (const write of writes) expect(write.at - movedAt).toBeGreaterThanOrEqual(URL_DEBOUNCE_MS - 1);
    expect(writes.at(-1)!.href).toBe('#/explore?n=100&k=79&p=0.83&delta=0.05&mode=upper');
    replaceState.mockRestore();
  });

  it('never writes its settings over a link opened before they were written', async () => {
    const writtenAfterTheLink: string[] = [];
    let linkOpened = false;
    const write = window.history.replaceState.bind(window.history);
    const replaceState = vi.spyOn(window.history, 'replaceState').mockImplementation((state, unused, href) => {
      if (linkOpened) writtenAfterTheLink.push(String(href));
      write(state, unused, href);
    });
    renderExplorer('n=100&k=80&p=0.8&mode=upper');
    fireEvent.change(slider(/Number correct k/), { target: { value: '79' } });
    await sentenceBecomes(/79 or fewer/);
    // A link opened now, whether or not the write of k = 79 has come yet (on a loaded machine the
    // wait above can outlast the debounce): nothing may be written over it.
    linkOpened = true;
    window.location.hash = '#/explore?n=1000000&k=1000000&mode=upper';
    await new Promise((resolve) => setTimeout(resolve, 2 * URL_DEBOUNCE_MS));
    expect(writtenAfterTheLink).toEqual([]);
    expect(window.location.hash).toBe('#/explore?n=1000000&k=1000000&mode=upper');
    replaceState.mockRestore();
  });

  it('works at N = 1 and N = 10^6, at k = 0 and k = N, without NaN', () => {
    for (const query of ['n=1&k=0', 'n=1&k=1', 'n=1000000&k=0', 'n=1000000&k=1000000', 'n=1000000&k=800000&p=0.8']) {
      for (const mode of ['upper', 'lower', 'central']) {
        const { container, unmount } = renderExplorer(`${query}&mode=${mode}`);
        expect(container.textContent).not.toMatch(/NaN|Infinity|undefined/);
        for (const path of container.querySelectorAll('path')) expect(path.getAttribute('d') ?? '').not.toContain('NaN');
        unmount();
      }
    }
  });
});

describe('slider scales', () => {
  it('steps N by at least one per arrow press, logarithmically', () => {
    expect(nAtPosition(1, 1)).toBe(2);
    expect(nAtPosition(61, 2)).toBe(3); // round(10^0.305) is still 2
    expect(nAtPosition(0, 2)).toBe(1);
    expect(nAtPosition(400, 50)).toBe(100);
    expect(nAtPosition(1200, 999_000)).toBe(1_000_000);
  });

  it('gives the PMF axis four round steps reaching just above the tallest bar, in every decade', () => {
    expect(pmfTickStep(0.0993)).toBe(0.03); // Figure 3's tallest bar: 0.0993 × 1.05 > 0.1, up to 12%
    expect(pmfTickStep(0.0712)).toBe(0.02);
    expect(pmfTickStep(1)).toBe(0.3);
    for (let value = 1e-6; value <= 1; value *= 1.37) {
      const top = 4 * pmfTickStep(value);
      expect(top).toBeGreaterThanOrEqual(value * 1.05 * (1 - 1e-12));
      expect(top).toBeLessThanOrEqual(value * 1.05 * 1.5); // steps at most 1.5 apart
    }
  });

  it('labels the accuracy under each count truthfully: distinct, and 100% only at N', () => {
    const ticks = [999_300, 999_400, 999_500, 999_600, 999_700];
    const digits = countTickDigits(1_000_000, ticks);
    const accuracies = [...ticks, 1_000_000].map((value) => formatPercent(value / 1_000_000, digits, 'nearest'));
    expect(accuracies).toEqual(['99.93%', '99.94%', '99.95%', '99.96%', '99.97%', '100.00%']);
    expect(countTickDigits(100, [0, 20, 40, 60, 80, 100])).toBe(0);
  });

  it('makes p steps finer as N grows', () => {
    expect(pStep(100)).toBe(0.001);
    expect(pStep(1_000_000)).toBe(0.0001);
  });
});

describe('midpointTexts', () => {
  it('never shows two different midpoints as the same number, nor one as 100% short of it', () => {
    // 87.301% and, two steps later, 87.299%: they read "87.3%" and "87.30%".
    expect(midpointTexts(100, [0.87301, 0.8, 0.87299])).toEqual(['87.3%', '80.0%', '87.299%']);
    expect(midpointTexts(1_000_000, [0.9999995])[0]).not.toMatch(/^100(\.0*)?%$/);
  });
});
