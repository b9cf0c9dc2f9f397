import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAX_IMPORT_BYTES } from '../../data/import-files';
import { ImportPanel } from './ImportPanel';

function csvFile(name: string, lines: string[]) {
  return new File([lines.join('\n')], name, { type: 'text/csv' });
}

describe('ImportPanel', () => {
  it('previews per-example rows as derived counts and adds only after confirmation', async () => {
    const user = userEvent.setup();
    const onImport = vi.fn(() => null);
    render(<ImportPanel onImport={onImport} />);
    await user.upload(
      screen.getByLabelText('Detectors file to import'),
      csvFile('examples.csv', ['detector,label,prediction', 'Gate,yes,yes', 'Gate,yes,no', 'Gate,no,no', 'Gate,0,1']),
    );
    const preview = await screen.findByRole('region', { name: 'Preview of examples.csv' });
    expect(within(preview).getByRole('row', { name: /Gate/ })).toHaveTextContent('Gategate1/21/2');
    expect(onImport).not.toHaveBeenCalled();
    await user.click(within(preview).getByRole('button', { name: 'Add 1 detector' }));
    expect(onImport).toHaveBeenCalledWith(
      [{ id: 'gate', name: 'Gate', query: '', yes: { correct: 1, total: 2 }, no: { correct: 1, total: 2 } }],
      'add',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Added 1 detector from examples.csv.');
    expect(screen.queryByRole('region', { name: /Preview/ })).toBeNull();
  });

  it('lists row errors with their line and reason, and Cancel adds nothing', async () => {
    const user = userEvent.setup();
    const onImport = vi.fn(() => null);
    render(<ImportPanel onImport={onImport} />);
    await user.upload(
      screen.getByLabelText('Detectors file to import'),
      csvFile('counts.csv', [
        'detector,yes_correct,yes_total,no_correct,no_total',
        'Gate,5,4,1,1',
        'Door,1,2,3,4',
      ]),
    );
    const problems = await screen.findByRole('table', { name: 'Rows that will not be imported' });
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent('line 2yes_correct must be ≤ yes_total (4), got 5');
    await user.click(screen.getByRole('button', { name: 'Replace all detectors with these' }));
    expect(onImport).toHaveBeenCalledWith([expect.objectContaining({ name: 'Door' })], 'replace');

    await user.upload(screen.getByLabelText('Detectors file to import'), csvFile('again.csv', ['detector,label,prediction', 'A,yes,maybe']));
    const preview = await screen.findByRole('region', { name: 'Preview of again.csv' });
    expect(within(preview).getByRole('button', { name: 'Add 0 detectors' })).toBeDisabled();
    await user.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(onImport).toHaveBeenCalledTimes(1);
  });

  it('refuses files over the size limit and files of an unknown kind', async () => {
    const user = userEvent.setup();
    render(<ImportPanel onImport={vi.fn(() => null)} />);
    const huge = new File(['x'], 'huge.json');
    Object.defineProperty(huge, 'size', { value: MAX_IMPORT_BYTES + 1 });
    await user.upload(screen.getByLabelText('Detectors file to import'), huge);
    expect(await screen.findByRole('alert')).toHaveTextContent('huge.json was not read: the file is 5.1 MB; the limit is 5 MB.');
    await user.upload(screen.getByLabelText('Detectors file to import'), csvFile('notes.txt', ['hello,world']));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Nothing imported: notes.txt is neither a detectors JSON file/);
  });
});
