import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { parseHashRoute, parsePlanLink } from '../../data/links';
import { balancedBuehlerInterval, balancedInversionInterval, labelsToClearLowerBound, projectBalancedInterval } from '../../stats';
import { percentTickFormatter } from '../../components/axis-ticks';
import { planAssumptions, planOutcome } from './plan-answer';
import { planAxisTicks } from './PlanChart';
import { PlanView, unionComparison } from './PlanView';

/** Renders the view and waits for its background search (run on the page in jsdom) to finish and its answer to be drawn. */
async function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  const rendered = render(<PlanView route={parseHashRoute(hash)} chartWidth={800} />);
  await waitFor(() => expect(screen.queryByText(/^Searching label counts/)).toBeNull());
  // Drawn a task at a time (the chart's parts, then each line, then the sequential plan): slow in a loaded jsdom.
  await waitFor(() => expect(rendered.container.querySelector('[aria-busy=true]')).toBeNull(), { timeout: 30_000 });
  return rendered;
}

/** The fixed-n answer's heading (the sequential plan has its own h2 below it). */
const answerHeading = () => screen.getAllByRole('heading', { level: 2 })[0]!;

/** "Label 212 more (84 YES, 128 NO) …" → [212, 84, 128]. */
function answerCounts(): [number, number, number] {
  const text = answerHeading().textContent ?? '';
  const match = /^Label ([\d,]+) more \(([\d,]+) YES, ([\d,]+) NO\)/.exec(text);
  expect(match, text).not.toBeNull();
  return [1, 2, 3].map((index) => Number(match![index]!.replace(/,/g, ''))) as [number, number, number];
}

const DETECTOR = { current: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, delta: 0.05 };

// Each render runs an exact search over label counts; allow for a busy machine.
describe('PlanView', { timeout: 20_000 }, () => {
  it('answers the documented link, and the answer is the smallest count that clears the target', async () => {
    await renderAt('#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9&balanced=union');
    const [labels, yes, no] = answerCounts();
    expect(yes + no).toBe(labels);
    // Future labels in the observed 40:60 proportion.
    expect(yes).toBe(Math.round(labels * 0.4));
    const at = projectBalancedInterval(DETECTOR, labels);
    const before = projectBalancedInterval(DETECTOR, labels - 1);
    expect(at.interval!.lower).toBeGreaterThanOrEqual(0.9);
    expect(before.interval!.lower).toBeLessThan(0.9);
    expect(answerHeading()).toHaveTextContent(/to prove a balanced accuracy of at least 90\.0% at 95% confidence\.$/);
    const detail = screen.getByText(/^With [\d,]+ should-be-YES and [\d,]+ should-be-NO labels/);
    expect(detail).toHaveTextContent(`With ${at.counts.yes.total} should-be-YES and ${at.counts.no.total} should-be-NO labels`);
    expect(detail).toHaveTextContent('if the detector keeps 95.0% accuracy on should-be-YES (as observed) and 91.7% on should-be-NO (as observed), with 40.0% of new labels YES');
    const lowerShown = Math.floor(at.interval!.lower * 10_000) / 100;
    expect(detail).toHaveTextContent(`its lower bound ${lowerShown.toFixed(2)}%`);
    expect(detail).toHaveTextContent(/One label fewer leaves the lower bound at 89\.\d\d%\./);
  });

  it('names the first count after the answer where the projection misses the target again', async () => {
    await renderAt('#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9&balanced=union');
    const [labels] = answerCounts();
    let relapse = labels + 1;
    while (projectBalancedInterval(DETECTOR, relapse).interval!.lower >= 0.9) relapse++;
    expect(relapse).toBe(671);
    expect(screen.getByText(/^With [\d,]+ should-be-YES/)).toHaveTextContent('at 671 more labels it misses the target again');
  });

  it('says plainly when the union bound already meets the goal with the labels in hand', () => {
    // #/plan?yes=0/40&no=960/960&target=0.4&accYes=0.5 said "would need 0 more labels for the same goal, as many."
    const parsed = parsePlanLink(new URLSearchParams('yes=0/40&no=960/960&target=0.4&accYes=0.5&balanced=inversion'));
    if (!parsed.ok) throw new Error('expected a valid link');
    const outcome = planOutcome(parsed.value);
    if (!outcome.ok || !outcome.union) throw new Error('expected both plans');
    expect(outcome.union.additional).toBe(0);
    expect(unionComparison(outcome.plan, outcome.union, 'inversion')).toBe('The union bound (the blog’s, δ/4 per tail) meets the same goal with the labels in hand, too.');
  });

  it('labels the y axis with distinct, true percentages at round values', async () => {
    const link = '#/plan?yes=1874/1950&no=9702/9800&delta=0.05&target=0.97&balanced=union';
    const { container } = await renderAt(link);
    const parsed = parsePlanLink(parseHashRoute(link).params);
    const outcome = parsed.ok ? planOutcome(parsed.value) : undefined;
    const ticks = planAxisTicks(outcome?.ok ? outcome.plan.curve : [], 'lower', 0.97);
    expect(ticks.map(percentTickFormatter(ticks))).toEqual(['96%', '97%', '98%', '99%', '100%']);
    // The chart draws them evenly spaced: each label sits at its own value on a linear axis.
    const ys = [...container.querySelectorAll('.recharts-yAxis .recharts-cartesian-axis-tick-line')].map((tick) => Number(tick.getAttribute('y1')));
    expect(ys).toHaveLength(5);
    const gaps = ys.slice(1).map((y, index) => y - ys[index]!);
    for (const gap of gaps) expect(gap).toBeCloseTo(gaps[0]!, 6);
  });

  it('marks the answer in the chart and in the data table', async () => {
    const { container } = await renderAt('#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9&balanced=union');
    const [labels] = answerCounts();
    // The chart is drawn a part per task after the words and table (see the staged-draw test below).
    await waitFor(() => expect(container.querySelectorAll('.recharts-line')).toHaveLength(3), { timeout: 30_000 });
    expect(container.querySelector('.recharts-reference-dot')).not.toBeNull();
    const row = container.querySelector('tr[aria-current="true"]')!;
    expect(within(row as HTMLElement).getByRole('rowheader')).toHaveTextContent(labels.toLocaleString('en-US'));
  });

  it('draws a first answer in short tasks: words and table, then the sequential plan, then the chart a part at a time', async () => {
    window.history.replaceState(null, '', '#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9&balanced=union');
    const { container } = render(<PlanView route={parseHashRoute('#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9&balanced=union')} chartWidth={800} />);
    // Every state the page passes through, however fast they follow each other.
    const states: { answer: boolean; chart: boolean; xAxis: boolean; lines: number; sequential: string | null }[] = [];
    const record = () =>
      states.push({
        answer: container.querySelector('#plan-answer') !== null,
        chart: container.querySelector('.plan-view__figure svg') !== null,
        xAxis: container.querySelector('.recharts-xAxis') !== null,
        lines: container.querySelectorAll('.recharts-line').length,
        sequential: container.querySelector('.plan-view__sequential')?.getAttribute('aria-busy') ?? null,
      });
    const observer = new MutationObserver(record);
    observer.observe(container, { subtree: true, childList: true, attributes: true });
    // The answer may be in already: the search for this link is cached from the test above.
    record();
    await waitFor(() => expect(container.querySelector('[data-testid=sequential-answer]')).not.toBeNull(), { timeout: 20_000 });
    await waitFor(() => expect(container.querySelector('[aria-busy=true]')).toBeNull(), { timeout: 30_000 });
    // The chart's last part may follow the sequential plan's end on a loaded machine.
    await waitFor(() => expect(container.querySelectorAll('.recharts-line')).toHaveLength(3), { timeout: 30_000 });
    observer.disconnect();
    expect(states.some(({ answer, chart, sequential }) => answer && !chart && sequential === 'true')).toBe(true);
    expect(states.some(({ chart, xAxis }) => chart && !xAxis)).toBe(true);
    expect(states.some(({ xAxis, lines }) => xAxis && lines === 0)).toBe(true);
    expect(states.some(({ lines }) => lines === 1)).toBe(true);
    expect(container.querySelector('.plan-view__sequential')).toHaveAttribute('aria-busy', 'false');
  });

  it('plans for a width goal', async () => {
    await renderAt('#/plan?yes=38/40&no=55/60&delta=0.05&target=0.1&goal=width&balanced=union');
    const [labels] = answerCounts();
    const at = projectBalancedInterval(DETECTOR, labels).interval!;
    const before = projectBalancedInterval(DETECTOR, labels - 1).interval!;
    expect(at.upper - at.lower).toBeLessThanOrEqual(0.1);
    expect(before.upper - before.lower).toBeGreaterThan(0.1);
    expect(answerHeading()).toHaveTextContent(/to get the 95% balanced interval down to 10\.0% wide\.$/);
  });

  it('explains an unreachable target', async () => {
    await renderAt('#/plan?yes=38/40&no=40/60&delta=0.05&target=0.9&balanced=union');
    expect(answerHeading()).toHaveTextContent('No number of labels will prove a balanced accuracy of at least 90.0% at 95% confidence.');
    expect(screen.getByText(/tends to 80\.8%, and the exact lower bound always stays below the estimate/)).toBeInTheDocument();
  });

  it('plans from scratch with assumed accuracies, and says what is missing without them', async () => {
    await renderAt('#/plan?yes=0/0&no=0/0&delta=0.05&target=0.9&accYes=0.97&accNo=0.97&ratio=1:1&balanced=union');
    const [labels, yes, no] = answerCounts();
    expect(Math.abs(yes - no)).toBeLessThanOrEqual(1);
    const scratch = { current: { yes: { correct: 0, total: 0 }, no: { correct: 0, total: 0 } }, yesAccuracy: 0.97, noAccuracy: 0.97, yesShare: 0.5, delta: 0.05 };
    expect(projectBalancedInterval(scratch, labels).interval!.lower).toBeGreaterThanOrEqual(0.9);
    expect(projectBalancedInterval(scratch, labels - 1).interval?.lower ?? 0).toBeLessThan(0.9);
  });

  it('says what is missing when a class has no labels and no assumed accuracy', async () => {
    await renderAt('#/plan?yes=0/0&no=55/60&delta=0.05&target=0.9&ratio=1:1&balanced=union');
    // Named as the form names it, not by the stats module's parameter.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No plan for these settings: enter the “Accuracy on should-be-YES”: there are no should-be-YES labels yet to take it from.',
    );
  });

  it('updates the link as assumptions are typed, keeping the last valid value on a typo', async () => {
    const user = userEvent.setup();
    await renderAt('#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9&balanced=union');
    const accuracy = screen.getByRole('textbox', { name: 'Accuracy on should-be-NO' });
    await user.type(accuracy, '95%');
    expect(window.location.hash).toContain('accNo=0.95');
    await user.type(accuracy, 'x');
    expect(accuracy).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/“95%x” is not a number/)).toBeInTheDocument();
    expect(window.location.hash).toContain('accNo=0.95');
    await user.click(screen.getByRole('radio', { name: /narrower than a target/ }));
    expect(window.location.hash).toContain('goal=width');
    expect(screen.getByRole('textbox', { name: 'Interval width at most' })).toHaveValue('10%');
  });

  it('names a malformed parameter', async () => {
    await renderAt('#/plan?yes=38/40&no=55/60&goal=upper&balanced=union');
    expect(screen.getByRole('alert')).toHaveTextContent('goal: “goal” is “upper”');
  });

  it('searches in the background with a Cancel button, and says when cancelled', async () => {
    window.history.replaceState(null, '', '#/plan?yes=30/40&no=50/60&delta=0.05&target=0.85');
    render(<PlanView route={parseHashRoute('#/plan?yes=30/40&no=50/60&delta=0.05&target=0.85')} chartWidth={800} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Searching label counts in a background worker…/);
    // Synchronously, before the search (run after the render in jsdom) starts.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText(/^Search cancelled\./)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it.each([
    ['buehler', '', balancedBuehlerInterval, 'never wider than the union bound (Buehler), δ/2 per side', 'the Buehler interval’s answer'],
    ['inversion', '&balanced=inversion', balancedInversionInterval, 'test inversion ordered by the estimate, δ/2 per side', 'the estimate-ordered test inversion’s answer'],
  ] as const)('plans with %s (the default without balanced=) and says what the union bound would need', async (_method, param, intervalOf, caption, answerName) => {
    await renderAt(`#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9${param}`);
    const [labels] = answerCounts();
    const interval = (additional: number) => {
      const { counts } = projectBalancedInterval(DETECTOR, additional);
      return intervalOf({ yes: counts.yes, no: counts.no }, 0.05);
    };
    // The smallest count that meets the goal: every count below it misses (the scan starts at 0 for a few hundred).
    expect(interval(labels!).lower).toBeGreaterThanOrEqual(0.9);
    for (let additional = 0; additional < labels!; additional += 1) expect(interval(additional).lower).toBeLessThan(0.9);
    const union = screen.getByTestId('union-plan').textContent ?? '';
    const match = /^The union bound \(the blog’s, δ\/4 per tail\) would need ([\d,]+) more labels for the same goal[ ,]/.exec(union);
    expect(match, union).not.toBeNull();
    const unionLabels = Number(match![1]!.replace(/,/g, ''));
    expect(unionLabels).toBe(labelsToClearLowerBound(DETECTOR, 0.9).additional);
    expect(union).toContain(`${answerName} is the smallest count that meets it (every count up to it checked)`);
    expect(union).toContain(unionLabels === labels ? 'as many' : `(${(unionLabels / labels!).toFixed(1)}× as many)`);
    expect(screen.getByText(new RegExp(`${caption.replace(/[()/]/g, '\\$&')}\\) that`))).toBeInTheDocument();
  });

  it('never answers more labels for Buehler’s interval than the union bound needs, which meets its goal too', () => {
    for (const target of [0.8, 0.9]) {
      const parsed = parsePlanLink(new URLSearchParams(`yes=38/40&no=55/60&target=${target}`));
      if (!parsed.ok) throw new Error('expected a valid link');
      const outcome = planOutcome({ ...parsed.value, balanced: 'buehler' });
      if (!outcome.ok || !outcome.union || outcome.plan.additional === null || outcome.union.additional === null) throw new Error('expected both plans');
      expect(outcome.plan.additional).toBeLessThanOrEqual(outcome.union.additional);
      const { counts } = projectBalancedInterval(planAssumptions(parsed.value), outcome.plan.additional);
      expect(outcome.plan.at!.interval).toEqual(balancedBuehlerInterval({ yes: counts.yes, no: counts.no }, 0.05));
    }
  });
});
