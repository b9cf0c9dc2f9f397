import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import fixtures from '../../stats/fixtures/deployment-metrics.json';
import { DeploymentPanel, nearestPrevalenceStop, PREVALENCE_STOPS, readPrevalenceField, readVolumeField } from './DeploymentPanel';
import { DetectorMetricsTable } from './DetectorMetricsTable';

const YES = { correct: 38, total: 40 };
const NO = { correct: 55, total: 60 };
const FIXTURE = fixtures.rows[0]!;

describe('DeploymentPanel (issue 28)', () => {
  it('shows the scipy fixtures’ figures at 2% and 10,000 a day, rounded outward, in one sentence and as bars naming method and δ', () => {
    render(<DeploymentPanel yes={YES} no={NO} delta={0.05} deployment={{ prevalence: 0.02, volume: 10_000 }} onDeploymentChange={vi.fn()} />);
    const panel = screen.getByRole('region', { name: 'What it means in deployment' });
    // Outward: 270.61 → 270, 1,801.81 → 1,802; 7.675% → 7.6%, 46.83% → 46.9%; 1.22 → 1.2, 33.84 → 33.9.
    expect([FIXTURE.falseAlarms[0], FIXTURE.falseAlarms[1], FIXTURE.ppv![0], FIXTURE.ppv![1], FIXTURE.missedEvents[0], FIXTURE.missedEvents[1]].map((value) => value!.toPrecision(4))).toEqual(
      ['270.6', '1802', '0.07675', '0.4683', '1.223', '33.84'],
    );
    expect(within(panel).getByTestId('deployment-sentence').textContent).toBe(
      'At 2% prevalence and 10,000 images a day: 270–1,802 false alarms a day (95%, exact central), and 7.6–46.9% of alarms real (95%, exact union bound); 1.2–33.9 missed events a day (95%, exact central).',
    );
    const bars = within(panel).getAllByRole('img').map((bar) => bar.getAttribute('aria-label'));
    expect(bars).toEqual([
      'False alarms a day: 817 false alarms a day, 95% interval 270 to 1,802 false alarms a day (exact central (Clopper–Pearson), δ = 0.05, should-be-NO 55/60 correct)',
      'Alarms that are real (precision at 2% prevalence): 18.9%, 95% interval 7.6% to 46.9% (exact union bound (one-sided bounds at δ/4), δ = 0.05, YES 38/40, NO 55/60)',
      'Missed events a day: 10.0 missed events a day, 95% interval 1.2 to 33.9 missed events a day (exact central (Clopper–Pearson), δ = 0.05, should-be-YES 38/40 correct)',
    ]);
  });

  it('defaults to the test set’s own mix and 10,000 a day, and reports typed values', async () => {
    const onDeploymentChange = vi.fn();
    render(<DeploymentPanel yes={YES} no={NO} delta={0.05} deployment={undefined} onDeploymentChange={onDeploymentChange} />);
    expect(screen.getByTestId('deployment-sentence').textContent).toMatch(/^At 40% prevalence \(the test set’s own mix\) and 10,000 images a day: /);
    expect(screen.getByText(/the test set’s own mix, 40% should-be-YES \(40 of 100\)/)).toBeTruthy();
    const prevalence = screen.getByLabelText('Share of YES in real traffic (0.02 or 2%)');
    await userEvent.clear(prevalence);
    await userEvent.type(prevalence, '2%{Enter}');
    expect(onDeploymentChange).toHaveBeenLastCalledWith({ prevalence: 0.02 });
    const volume = screen.getByLabelText('Images a day');
    await userEvent.clear(volume);
    await userEvent.type(volume, '0{Enter}');
    expect(screen.getByText(/Images a day must be above 0/)).toBeTruthy();
    expect(volume.getAttribute('aria-invalid')).toBe('true');
    // The bad volume is never passed on (the prevalence field's blur passes its value again: this mock keeps no link).
    expect(onDeploymentChange.mock.calls.map(([choice]) => choice)).not.toContainEqual(expect.objectContaining({ volume: expect.anything() }));
  });

  it('offers the test set’s mix back once a prevalence is chosen, keeping the volume', async () => {
    const onDeploymentChange = vi.fn();
    render(<DeploymentPanel yes={YES} no={NO} delta={0.05} deployment={{ prevalence: 0.3, volume: 500 }} onDeploymentChange={onDeploymentChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use the test set’s own mix (40%)' }));
    expect(onDeploymentChange).toHaveBeenCalledWith({ volume: 500 });
  });

  it('says why there are no figures when a class is empty, and when no YES answer was given', () => {
    const { unmount } = render(<DeploymentPanel yes={{ correct: 0, total: 0 }} no={NO} delta={0.05} deployment={undefined} onDeploymentChange={vi.fn()} />);
    expect(screen.getByText(/no rate to carry over/)).toBeTruthy();
    unmount();
    render(<DeploymentPanel yes={{ correct: 0, total: 10 }} no={{ correct: 10, total: 10 }} delta={0.05} deployment={{ prevalence: 0.3, volume: 1000 }} onDeploymentChange={vi.fn()} />);
    expect(screen.getByTestId('deployment-sentence').textContent).toContain('with no YES answer on the test set, the share of alarms that are real has no estimate');
    // Nothing short of 0 reads 0: no false alarm was seen, so the lower end is exactly 0.
    expect(screen.getByTestId('deployment-sentence').textContent).toMatch(/: 0–\d/);
  });

  it('reads the fields and places the slider', () => {
    expect(readPrevalenceField('0.02')).toBe(0.02);
    expect(readPrevalenceField(' 2 % ')).toBe(0.02);
    expect(readPrevalenceField('100%')).toMatch(/not strictly between 0 and 1/);
    expect(readPrevalenceField('x')).toMatch(/Enter the share/);
    expect(readVolumeField('10,000')).toBe(10_000);
    expect(readVolumeField('2e13')).toMatch(/at most 1,000,000,000,000/);
    expect(PREVALENCE_STOPS[nearestPrevalenceStop(0.02)]).toBe(0.02);
    expect(PREVALENCE_STOPS[nearestPrevalenceStop(0.4)]).toBe(0.4);
    expect(PREVALENCE_STOPS[nearestPrevalenceStop(0.9999)]).toBe(0.9999);
  });
});

describe('DetectorMetricsTable (issue 28)', () => {
  it('lists precision, recall, specificity, NPV, F1 and balanced accuracy with counts, outward-rounded intervals, method and δ', () => {
    render(<DetectorMetricsTable yes={YES} no={NO} delta={0.05} method="union" />);
    const rows = screen.getAllByRole('row').slice(1).map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Precision (share of YES answers that are right)', '38/43', '88.4%', '[74.9%, 96.2%]', 'exact central (Clopper–Pearson) given the number of such answers, δ = 0.05'],
      ['Recall (should-be-YES accuracy)', '38/40', '95.0%', '[83.0%, 99.4%]', 'exact central (Clopper–Pearson), δ = 0.05'],
      ['Specificity (should-be-NO accuracy)', '55/60', '91.7%', '[81.6%, 97.3%]', 'exact central (Clopper–Pearson), δ = 0.05'],
      ['NPV (share of NO answers that are right)', '55/57', '96.5%', '[87.8%, 99.6%]', 'exact central (Clopper–Pearson) given the number of such answers, δ = 0.05'],
      ['F1', '76/83', '91.6%', '[76.8%, 98.2%]', 'exact union bound (one-sided bounds at δ/4), δ = 0.05'],
      ['Balanced accuracy', 'YES 38/40, NO 55/60', '93.3%', '[80.6%, 98.7%]', 'exact union bound (δ/4 per tail), δ = 0.05'],
    ]);
    // The fixtures (scipy): precision's Clopper–Pearson bounds, rounded outward.
    expect([Math.floor(FIXTURE.precision![0]! * 1000) / 10, Math.ceil(FIXTURE.precision![1]! * 1000) / 10]).toEqual([74.9, 96.2]);
    expect(screen.getByText(/^Precision and NPV describe this test set’s mix \(40\.0% should-be-YES\)/)).toBeTruthy();
  });
});
