import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatIntervalParts } from '../../data/format';
import { monitoringReading, parseCountsHistoryCsv } from '../../data/detectors';
import { monitoringStore } from '../../store/monitoring';
import { FORKLIFT } from '../../test/sample-detectors';
import { MonitoringPanel } from './MonitoringPanel';

const CSV = ['date,yes_correct,yes_total,no_correct,no_total', '2026-03-13,18,20,28,30', '2026-03-14,20,20,27,30'].join('\n');

afterEach(() => monitoringStore.setState({ histories: [] }));

describe('MonitoringPanel', () => {
  it('reads counts over time into the monitoring line: proven ≥ the running bound since its first day, with method, δ and counts', async () => {
    const user = userEvent.setup();
    render(<MonitoringPanel detector={FORKLIFT} delta={0.05} />);
    await user.upload(screen.getByLabelText('Counts over time (CSV)'), new File([CSV], 'forklift-days.csv', { type: 'text/csv' }));
    const parsed = parseCountsHistoryCsv(CSV);
    const reading = monitoringReading(parsed.ok ? parsed.rows : [], 0.05)!;
    const { lower, upper, estimate } = formatIntervalParts(reading.interval);
    expect(await screen.findByTestId('monitoring-line')).toHaveTextContent(`Monitoring: proven ≥ ${lower} since 2026-03-14 (anytime-valid, 95%)`);
    const details = screen.getByTestId('monitoring-details');
    expect(details).toHaveTextContent(`Balanced accuracy ${estimate} [${lower}, ${upper}] after 2 days of labels (2026-03-13 to 2026-03-14): should-be-YES 38/40, should-be-NO 55/60 correct in all.`);
    expect(details).toHaveTextContent('anytime-mixture-union-bound');
    expect(details).toHaveTextContent('δ = 0.05');
    // The history adds up to the detector's own counts: no note.
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('names every bad line and keeps what it had; removing a history can be undone', async () => {
    const user = userEvent.setup();
    render(<MonitoringPanel detector={FORKLIFT} delta={0.05} />);
    await user.upload(screen.getByLabelText('Counts over time (CSV)'), new File([CSV], 'good.csv', { type: 'text/csv' }));
    await screen.findByTestId('monitoring-line');
    await user.upload(screen.getByLabelText('Replace the counts over time (CSV)'), new File([`${CSV}\n2026-03-14,1,2,3,4\nnot,a,row`], 'bad.csv', { type: 'text/csv' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('bad.csv was not read (nothing changed):');
    expect(alert).toHaveTextContent("line 4: date 2026-03-14 must come after the previous row's 2026-03-14");
    expect(alert).toHaveTextContent("line 5: expected 5 values, got 3 ('not,a,row')");
    expect(screen.getByTestId('monitoring-details')).toHaveTextContent('From good.csv.');
    await user.click(screen.getByRole('button', { name: 'Remove the counts over time' }));
    expect(screen.queryByTestId('monitoring-line')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByTestId('monitoring-details')).toHaveTextContent('From good.csv.');
  });

  it('says when the counts over time do not add up to the detector’s counts', async () => {
    const user = userEvent.setup();
    render(<MonitoringPanel detector={{ ...FORKLIFT, yes: { correct: 10, total: 10 } }} delta={0.05} />);
    await user.upload(screen.getByLabelText('Counts over time (CSV)'), new File([CSV], 'days.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('note')).toHaveTextContent('add up to should-be-YES 38/40 and should-be-NO 55/60; the detector’s counts above are 10/10 and 55/60');
  });
});
