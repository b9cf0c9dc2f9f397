import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { parseHashRoute } from '../../data/links';
import { formatProbability, PosteriorView } from './PosteriorView';

function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  return render(<PosteriorView route={parseHashRoute(hash)} chartWidth={800} />);
}

const cellValues = (testId: string) => {
  const cells = within(screen.getByTestId(testId)).getAllByRole('cell');
  return {
    mean: Number(cells[0]!.dataset.value),
    median: Number(cells[1]!.dataset.value),
    mode: Number(cells[2]!.dataset.value),
    lower: Number(cells[3]!.dataset.lower),
    upper: Number(cells[3]!.dataset.upper),
    aboveChance: Number(cells[4]!.dataset.value),
    text: cells.map((cell) => cell.textContent),
  };
};

describe('PosteriorView', () => {
  it('reproduces Brodersen et al. (2010), Figure 2: accuracy ≈ [0.68, 0.88], balanced ≈ [0.49, 0.76], mean 0.61', () => {
    renderAt('#/posterior?tp=41&fn=4&tn=3&fp=7');
    const balanced = cellValues('posterior-balanced');
    const accuracy = cellValues('posterior-accuracy');
    expect(accuracy.lower).toBeCloseTo(0.68, 2);
    expect(accuracy.upper).toBeCloseTo(0.88, 2);
    expect(balanced.lower).toBeCloseTo(0.49, 2);
    expect(balanced.upper).toBeCloseTo(0.76, 2);
    expect(balanced.mean).toBeCloseTo(0.61, 2);
    // Flat priors: mean of Beta(45, 12) is 45/57; the balanced mean is the average of 42/47 and 4/12.
    expect(accuracy.mean).toBeCloseTo(45 / 57, 14);
    expect(balanced.mean).toBeCloseTo((42 / 47 + 4 / 12) / 2, 14);
    expect(balanced.lower).toBeLessThan(0.5);
    expect(balanced.aboveChance).toBeGreaterThan(0.9);
    expect(balanced.aboveChance).toBeLessThan(0.975);
    expect(balanced.text[3]).toBe(`[${(Math.floor(balanced.lower * 1000) / 10).toFixed(1)}%, ${(Math.ceil(balanced.upper * 1000) / 10).toFixed(1)}%]`);
    expect(screen.getByTestId('posterior-lesson')).toHaveTextContent(
      /^Plain accuracy looks convincing: its 95% interval \[6\d\.\d%, 8\d\.\d%\] stays above chance\. But the balanced accuracy’s 95% interval \[4\d\.\d%, 7\d\.\d%\] \(mean 61\.\d%\) reaches chance: on a test set of 45 should-be-YES and 10 should-be-NO examples, a classifier that says YES 48 times out of 55/,
    );
  });

  it('matches the reference row 45/0/3/7 at α = 0.1 to 1e-8', () => {
    renderAt('#/posterior?tp=45&fn=0&tn=3&fp=7&delta=0.1');
    const balanced = cellValues('posterior-balanced');
    // posterior-balanced-accuracy.csv: mean, median, mode, lower, upper.
    expect(balanced.mean).toBeCloseTo(0.656028368794326, 8);
    expect(balanced.median).toBeCloseTo(0.651433843703, 8);
    expect(balanced.mode).toBeCloseTo(0.63987759, 6);
    expect(balanced.lower).toBeCloseTo(0.555361380344, 8);
    expect(balanced.upper).toBeCloseTo(0.772613663606, 8);
    expect(screen.getByRole('table', { name: /central 90% intervals \(δ = 0.1\)/ })).toBeInTheDocument();
  });

  it('draws both densities, one per task after the numbers, and the chance line', async () => {
    const { container } = renderAt('#/posterior?tp=41&fn=4&tn=3&fp=7');
    const chart = () => container.querySelector('.posterior-chart');
    // The page's numbers come first; the lines follow in later tasks, the chart busy meanwhile.
    expect(chart()).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelectorAll('.recharts-line')).toHaveLength(0);
    expect(screen.getByTestId('posterior-balanced')).toBeInTheDocument();
    // Each line is a recharts render of its own: seconds apart on a loaded machine.
    await waitFor(() => expect(container.querySelectorAll('.recharts-line')).toHaveLength(2), { timeout: 20_000 });
    expect(chart()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('chance')).toBeInTheDocument();
  });

  it('loads the example with one button and edits counts with inline validation', async () => {
    const user = userEvent.setup();
    renderAt('#/posterior?tp=10&fn=0&tn=10&fp=0');
    const example = screen.getByRole('button', { name: /Imbalanced test set, biased classifier/ });
    expect(example).toHaveAttribute('aria-pressed', 'false');
    await user.click(example);
    expect(window.location.hash).toBe('#/posterior?tp=41&fn=4&tn=3&fp=7&delta=0.05');
    expect(example).toHaveAttribute('aria-pressed', 'true');

    const tp = screen.getByRole('textbox', { name: /TP/ });
    await user.clear(tp);
    await user.type(tp, '4x');
    expect(tp).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/“4x” is not a number/)).toBeInTheDocument();
    expect(window.location.hash).toContain('tp=4&');
    await user.clear(tp);
    await user.type(tp, '30');
    expect(window.location.hash).toContain('tp=30&');
    expect(screen.getByText('34 should-be-YES, 10 should-be-NO examples.')).toBeInTheDocument();
  });

  it('never rounds a probability to certainty', () => {
    renderAt('#/posterior?tp=41&fn=4&tn=3&fp=7');
    const accuracy = within(screen.getByTestId('posterior-accuracy')).getAllByRole('cell')[4]!;
    expect(Number(accuracy.dataset.value)).toBeLessThan(1);
    expect(accuracy).toHaveTextContent('> 99.9%');
    expect(formatProbability(0.00001)).toBe('< 0.1%');
    expect(formatProbability(0.5)).toBe('50.0%');
    // Never exactly so under the posterior: a computed 1 is rounding.
    expect(formatProbability(1)).toBe('> 99.9%');
    expect(formatProbability(0)).toBe('< 0.1%');
  });

  it('names a malformed parameter', () => {
    renderAt('#/posterior?tp=41&fn=4&tn=3');
    expect(screen.getByRole('alert')).toHaveTextContent('fp: “fp” is missing');
  });
});
