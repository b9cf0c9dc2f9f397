import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Detector } from '../../data/detectors';
import { MAX_IMPORT_BYTES } from '../../data/files';
import { ImportPanel } from './ImportPanel';
import { useWorkspace } from '../../store/workspace';

function csvFile(name: string, lines: string[]) {
  return new File([lines.join('\n')], name, { type: 'text/csv' });
}

/** A detector already in the workspace, for the tests of ids in use. */
const GATE: Detector = { id: 'gate', name: 'Gate', query: '', yes: { correct: 3, total: 4 }, no: { correct: 5, total: 6 } };

/** The panel over a workspace holding `existing`, with a user, a spy on imports and a way to choose a file. */
function renderPanel(existing: Detector[]) {
  const user = userEvent.setup();
  const onImport = vi.fn();
  render(<ImportPanel existing={{ detectors: existing, classDetectors: [] }} onImport={onImport} />);
  const upload = (file: File) => user.upload(screen.getByLabelText('Detectors file to import'), file);
  return { user, onImport, upload };
}

describe('ImportPanel', () => {
  it('previews per-example rows as derived counts and adds only after confirmation', async () => {
    const { user, onImport, upload } = renderPanel([]);
    await upload(
      csvFile('examples.csv', ['detector,label,prediction', 'Gate,yes,yes', 'Gate,yes,no', 'Gate,no,no', 'Gate,0,1']),
    );
    const preview = await screen.findByRole('region', { name: 'Preview of examples.csv' });
    expect(within(preview).getByRole('row', { name: /Gate/ })).toHaveTextContent('Gategate1/21/2');
    expect(onImport).not.toHaveBeenCalled();
    await user.click(within(preview).getByRole('button', { name: 'Add 1 detector' }));
    expect(onImport).toHaveBeenCalledWith(
      { detectors: [{ id: 'gate', name: 'Gate', query: '', yes: { correct: 1, total: 2 }, no: { correct: 1, total: 2 } }], classDetectors: [] },
      'add',
      'update',
      'From examples.csv: 1 added.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('From examples.csv: 1 added.');
    expect(screen.queryByRole('region', { name: /Preview/ })).toBeNull();
  });

  it('lists row errors with their line and reason, and Cancel adds nothing', async () => {
    const { user, onImport, upload } = renderPanel([]);
    await upload(
      csvFile('counts.csv', [
        'detector,yes_correct,yes_total,no_correct,no_total',
        'Gate,5,4,1,1',
        'Door,1,2,3,4',
      ]),
    );
    const problems = await screen.findByRole('table', { name: 'Rows that will not be imported' });
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent('line 2yes_correct must be ≤ yes_total (4), got 5');
    // An empty workspace has nothing to lose: replace needs no confirmation.
    await user.click(screen.getByRole('button', { name: 'Replace all detectors with these…' }));
    expect(onImport).toHaveBeenCalledWith({ detectors: [expect.objectContaining({ name: 'Door' })], classDetectors: [] }, 'replace', 'update', expect.stringMatching(/^Replaced the workspace/));

    await upload(csvFile('again.csv', ['detector,label,prediction', 'A,yes,maybe']));
    const preview = await screen.findByRole('region', { name: 'Preview of again.csv' });
    expect(within(preview).getByRole('button', { name: 'Add 0 detectors' })).toBeDisabled();
    await user.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(onImport).toHaveBeenCalledTimes(1);
  });

  it('counts problems with a thousands separator, like every other count', async () => {
    const { upload } = renderPanel([]);
    const badRows = Array.from({ length: 5060 }, () => 'Gate,yes,maybe');
    await upload(csvFile('many.csv', ['detector,label,prediction', ...badRows]));
    const preview = await screen.findByRole('region', { name: 'Preview of many.csv' });
    expect(preview).toHaveTextContent('5,060 data rows. 0 detectors can be imported; 5,060 problems found');
  });

  it('opens a Groundlight evaluation of a K-class detector in the K-class view or saves it, and says why binary accuracies cannot be used', async () => {
    const { onImport, upload, user } = renderPanel([]);
    const evaluation = { evaluation_results: { confusion_dict: { cat: { cat: 50, dog: 2, bird: 1 }, dog: { cat: 3, dog: 40, bird: 2 }, bird: { dog: 1, bird: 30 } }, num_examples_per_class: { cat: 53, dog: 45, bird: 31 } } };
    await upload(new File([JSON.stringify(evaluation)], 'pets.json', { type: 'application/json' }));
    const notice = await screen.findByText(/^pets\.json is a Groundlight evaluation of a 3-class detector \(cat, dog, bird; 129 examples\)\.$/);
    expect(within(notice).getByRole('link', { name: 'Open its confusion matrix in the K-class view' })).toHaveAttribute('href', '#/counts?classes=cat,dog,bird&matrix=50,2,1;3,40,2;0,1,30');
    await user.click(screen.getByRole('button', { name: 'Save it to my workspace' }));
    const saved = useWorkspace.getState().classDetectors.at(-1)!;
    expect(saved).toMatchObject({ name: 'pets', classes: ['cat', 'dog', 'bird'], matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]], source: expect.stringMatching(/^pets\.json, Groundlight evaluation \(confusion_dict\), imported \d{4}-\d\d-\d\d$/) });
    expect(window.location.hash).toBe(`#/detectors/${saved.id}`);
    // Counts past exact arithmetic: said, nothing saved.
    const half = Math.floor(Number.MAX_SAFE_INTEGER / 2);
    await upload(new File([JSON.stringify({ confusion_dict: { a: { a: half }, b: { b: half }, c: { c: half } } })], 'huge.json'));
    await user.click(await screen.findByRole('button', { name: 'Save it to my workspace' }));
    expect(await screen.findByText(/^Not saved: detector\.matrix: holds more examples in all than can be counted exactly/)).toBeVisible();
    expect(useWorkspace.getState().classDetectors.at(-1)).toBe(saved);
    await upload(new File([JSON.stringify({ evaluation_results: { kfold_pooled__balanced_accuracy: 0.91 } })], 'binary.json'));
    expect(await screen.findByText(/^binary\.json is a Groundlight evaluation without counts: kfold_pooled__balanced_accuracy is an accuracy, not counts of examples/)).toBeVisible();
    expect(onImport).not.toHaveBeenCalled();
    // 25 classes with long names: listed clipped, 8 of them, and too many for the K-class view.
    const names = Array.from({ length: 25 }, (_, i) => `class-${i}-${'x'.repeat(60)}`);
    const wide = { confusion_dict: Object.fromEntries(names.map((name) => [name, { [name]: 3 }])) };
    await upload(new File([JSON.stringify(wide)], 'wide.json'));
    const long = await screen.findByText(/^wide\.json is a Groundlight evaluation of a 25-class detector/);
    expect(long.textContent).toContain(`(${names.slice(0, 8).map((name) => `${name.slice(0, 40)}…`).join(', ')} and 17 more; 75 examples)`);
    expect(long.textContent).toContain('Nothing imported: it cannot be shown as a K-class detector: it has 25 classes; the K-class view shows at most 20.');
    expect(screen.queryByRole('button', { name: 'Save it to my workspace' })).toBeNull();
  });

  it('previews a detectors file’s K-class detectors beside the two-class ones and imports both', async () => {
    const mine: Detector = { id: 'gate', name: 'Gate', query: '', yes: { correct: 1, total: 2 }, no: { correct: 1, total: 2 } };
    const { onImport, upload, user } = renderPanel([mine]);
    const pets = { id: 'gate', name: 'Pets', query: '', classes: ['cat', 'dog', 'bird'], matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]] };
    const file = { schema: 'tailbound.detectors', version: 1, detectors: [{ ...mine, id: 'door', name: 'Door' }], classDetectors: [pets] };
    await upload(new File([JSON.stringify(file)], 'both.json', { type: 'application/json' }));
    const preview = await screen.findByRole('region', { name: 'Preview of both.json' });
    expect(preview).toHaveTextContent('2 detectors can be imported');
    const classes = within(preview).getByRole('table', { name: /more than two classes/ });
    // Its id is a two-class detector's in the workspace: it is added under a free one.
    expect(within(classes).getByRole('row', { name: /Pets/ })).toHaveTextContent('Petsgatecat, dog, bird129added as “gate-2” (id in use)');
    await user.click(within(preview).getByRole('button', { name: 'Import: 2 added' }));
    expect(onImport).toHaveBeenCalledWith({ detectors: [expect.objectContaining({ id: 'door' })], classDetectors: [pets] }, 'add', 'update', 'From both.json: 2 added.');
  });

  it('refuses files over the size limit and files of an unknown kind', async () => {
    const { upload } = renderPanel([]);
    const huge = new File(['x'], 'huge.json');
    Object.defineProperty(huge, 'size', { value: MAX_IMPORT_BYTES + 1 });
    await upload(huge);
    expect(await screen.findByRole('alert')).toHaveTextContent('huge.json was not read: the file is 5.1 MB; the limit is 5 MB.');
    await upload(csvFile('notes.txt', ['hello,world']));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Nothing imported: notes.txt is neither a detectors JSON file/);
  });

  it('says what importing ids already in the workspace will do, row by row, and lets the user choose', async () => {
    const { user, onImport, upload } = renderPanel([GATE]);
    await upload(
      csvFile('counts.csv', ['detector,yes_correct,yes_total,no_correct,no_total', 'Gate,1,2,3,4', 'Door,1,2,3,4']),
    );
    const preview = await screen.findByRole('region', { name: 'Preview of counts.csv' });
    expect(within(preview).getByRole('group', { name: /1 of these ids is already in your workspace/ })).toBeInTheDocument();
    expect(within(preview).getByRole('row', { name: /Gate/ })).toHaveTextContent('updates yours (was 3/4, 5/6)');
    await user.click(within(preview).getByRole('radio', { name: /Add them as new detectors/ }));
    expect(within(preview).getByRole('row', { name: /Gate/ })).toHaveTextContent('added as “gate-2” (id in use)');
    await user.click(within(preview).getByRole('radio', { name: /Skip them/ }));
    expect(within(preview).getByRole('row', { name: /Gate/ })).toHaveTextContent('skipped (id in use)');
    await user.click(within(preview).getByRole('button', { name: 'Import: 1 added, 1 skipped' }));
    expect(onImport).toHaveBeenCalledWith(expect.objectContaining({ detectors: expect.any(Array) }), 'add', 'skip', 'From counts.csv: 1 added, 1 skipped.');
  });

  it('asks before replacing a workspace that has detectors', async () => {
    const { user, onImport, upload } = renderPanel([GATE]);
    await upload(csvFile('counts.csv', ['detector,yes_correct,yes_total,no_correct,no_total', 'Door,1,2,3,4']));
    await user.click(await screen.findByRole('button', { name: 'Replace all detectors with these…' }));
    expect(onImport).not.toHaveBeenCalled();
    const confirm = screen.getByRole('group', { name: 'Confirm replace' });
    expect(confirm).toHaveTextContent('Replace all 1 detector in your workspace with these 1? You can undo it right after.');
    await user.click(within(confirm).getByRole('button', { name: 'No, keep mine' }));
    expect(onImport).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Replace all detectors with these…' }));
    await user.click(screen.getByRole('button', { name: 'Yes, replace them' }));
    expect(onImport).toHaveBeenCalledWith(expect.objectContaining({ detectors: expect.any(Array) }), 'replace', 'update', expect.stringMatching(/^Replaced the workspace \(1 detectors\)/));
  });
});
