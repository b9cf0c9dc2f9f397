import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitForChart } from './picture-capture';

const SVG_NS = 'http://www.w3.org/2000/svg';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

function container(): HTMLElement {
  const element = document.createElement('figure');
  document.body.append(element);
  return element;
}

/** Follows a promise's state as it settles (read after the microtasks have run). */
function tracked(promise: Promise<void>): { state: 'pending' | 'resolved' | 'rejected' } {
  const track = { state: 'pending' as 'pending' | 'resolved' | 'rejected' };
  promise.then(
    () => (track.state = 'resolved'),
    () => (track.state = 'rejected'),
  );
  return track;
}

describe('waitForChart', () => {
  it('resolves at once when the chart is drawn', async () => {
    const figure = container();
    figure.append(document.createElementNS(SVG_NS, 'svg'));
    await expect(waitForChart(figure)).resolves.toBeUndefined();
  });

  it('waits for a chart drawn after the click (a ResponsiveContainer still measuring), nested in wrappers', async () => {
    const figure = container();
    const waiting = waitForChart(figure);
    const track = tracked(waiting);
    const wrapper = document.createElement('div');
    figure.append(wrapper);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(track.state).toBe('pending');
    wrapper.append(document.createElementNS(SVG_NS, 'svg'));
    await expect(waiting).resolves.toBeUndefined();
  });

  it('is not satisfied by a legend icon, only by the chart', async () => {
    vi.useFakeTimers();
    const figure = container();
    const waiting = waitForChart(figure, 1_000);
    const track = tracked(waiting);
    const legend = document.createElement('div');
    legend.className = 'recharts-legend-wrapper';
    legend.append(document.createElementNS(SVG_NS, 'svg'));
    figure.append(legend);
    await vi.advanceTimersByTimeAsync(999);
    expect(track.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(waiting).rejects.toThrow('the chart has not been drawn yet');
  });

  it('waits while the chart is still drawing its lines (aria-busy), then resolves', async () => {
    const figure = container();
    const drawing = document.createElement('div');
    drawing.setAttribute('aria-busy', 'true');
    drawing.append(document.createElementNS(SVG_NS, 'svg'));
    figure.append(drawing);
    const track = tracked(waitForChart(figure));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(track.state).toBe('pending');
    drawing.setAttribute('aria-busy', 'false');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(track.state).toBe('resolved');
  });
});
