import { describe, expect, it } from 'vitest';
import { parseHashRoute } from './routes';
import { MAX_SHARED_LINK_LENGTH, parseSharedWorkspace, sharedWorkspaceHref, type SharedWorkspace } from './workspace-link';

const detector = (index: number) => ({
  id: `detector-${index}`,
  name: `Detector ${index} “quoted” & <b>`,
  query: `Is there thing ${index}?`,
  yes: { correct: index % 41, total: 40 + (index % 7) },
  no: { correct: index % 61, total: 60 + (index % 5) },
});

const workspace = (count: number): SharedWorkspace => ({
  detectors: Array.from({ length: count }, (_, index) => detector(index)),
  delta: 0.01,
  sort: 'lower',
  filter: 'thing',
  balancedMethod: 'union',
  showUnionBounds: true,
});

async function roundTrip(shared: SharedWorkspace) {
  const made = await sharedWorkspaceHref(shared);
  if (!made.ok) throw new Error(made.message);
  return { href: made.href, parsed: await parseSharedWorkspace(parseHashRoute(made.href).params) };
}

describe('workspace links', () => {
  it('carry every detector and the view settings, compressed, in the fragment', async () => {
    const shared = workspace(500);
    const { href, parsed } = await roundTrip(shared);
    expect(href).toMatch(/^#\/shared\?w=[A-Za-z0-9_-]+$/);
    expect(href.length).toBeLessThan(JSON.stringify(shared).length / 3);
    expect(parsed).toEqual({ ok: true, value: { ...shared, classDetectors: [] } });
  });

  it('carry K-class detectors too, and refuse an invalid one by path', async () => {
    const pets = { id: 'pets', name: 'Pets', query: '', classes: ['cat', 'dog', 'bird'], matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]] };
    const shared = { ...workspace(2), classDetectors: [pets] };
    expect((await roundTrip(shared)).parsed).toEqual({ ok: true, value: shared });
    const broken = await roundTrip({ ...workspace(1), classDetectors: [{ ...pets, id: 'detector-0' }] });
    expect(broken.parsed).toEqual({
      ok: false,
      problems: [{ param: 'w', message: 'its detectors are not valid (classDetectors[0].id: duplicate id "detector-0" (already used by detectors[0]); ids must be unique).' }],
    });
  });

  it('refuse, in words, a workspace too large for a link', async () => {
    const made = await sharedWorkspaceHref(workspace(20_000));
    expect(made.ok).toBe(false);
    expect(!made.ok && made.message).toMatch(/^These 20,000 detectors make a link of [\d,]+ characters, more than the 32,000 a link can carry safely\. Export/);
    expect(MAX_SHARED_LINK_LENGTH).toBe(32_000);
  });

  it('say what is wrong with a cut-off, foreign or tampered link, naming w', async () => {
    const { href } = await roundTrip(workspace(3));
    const cut = await parseSharedWorkspace(parseHashRoute(href.slice(0, href.length - 10)).params);
    expect(cut).toMatchObject({ ok: false, problems: [{ param: 'w', message: expect.stringMatching(/cut off/) }] });
    expect(await parseSharedWorkspace(new URLSearchParams(''))).toMatchObject({ ok: false, problems: [{ param: 'w' }] });
    expect(await parseSharedWorkspace(new URLSearchParams('w=not*base64'))).toMatchObject({ ok: false });
    const bad = await sharedWorkspaceHref({ ...workspace(1), detectors: [{ ...detector(1), yes: { correct: 9, total: 4 } }] });
    const parsedBad = await parseSharedWorkspace(parseHashRoute((bad as { href: string }).href).params);
    expect(parsedBad).toMatchObject({ ok: false, problems: [{ param: 'w', message: expect.stringMatching(/^its detectors are not valid/) }] });
    const badMethod = await sharedWorkspaceHref({ ...workspace(1), balancedMethod: 'bonferroni' as 'union' });
    expect(await parseSharedWorkspace(parseHashRoute((badMethod as { href: string }).href).params)).toMatchObject({
      ok: false,
      problems: [{ param: 'w', message: expect.stringMatching(/^its method choices/) }],
    });
  });

  it('refuse a crafted link that would hold the page: a huge filter, a deflate bomb, an overlong parameter', async () => {
    // The list's own link caps the filter at 200 characters; a shared workspace now does too.
    const long = await sharedWorkspaceHref({ ...workspace(1), filter: 'a'.repeat(201) });
    expect(await parseSharedWorkspace(parseHashRoute((long as { href: string }).href).params)).toMatchObject({
      ok: false,
      problems: [{ param: 'w', message: 'its filter is 201 characters long; a filter has at most 200.' }],
    });
    // 20 million letters pack into a link of ~26,000 characters (the review's case held the page 7 s).
    const bomb = await sharedWorkspaceHref({ ...workspace(1), filter: 'a'.repeat(20_000_000) });
    expect(bomb.ok).toBe(true);
    expect(await parseSharedWorkspace(parseHashRoute((bomb as { href: string }).href).params)).toMatchObject({
      ok: false,
      problems: [{ param: 'w', message: expect.stringMatching(/^it unpacks to more than 8 MB/) }],
    });
    expect(await parseSharedWorkspace(new URLSearchParams(`w=${'A'.repeat(64_001)}`))).toMatchObject({
      ok: false,
      problems: [{ param: 'w', message: expect.stringMatching(/^it is 64,001 characters long, far more than any link tailbound makes/) }],
    });
  });

  it('carry the list’s metric column (left out for balanced accuracy; older links have none); a bad one is named', async () => {
    const { parsed } = await roundTrip({ ...workspace(2), metric: 'precision' });
    expect(parsed).toMatchObject({ ok: true, value: { metric: 'precision' } });
    const balanced = await roundTrip({ ...workspace(2), metric: 'balanced' });
    expect(balanced.href).toBe((await roundTrip(workspace(2))).href);
    expect(balanced.parsed).toMatchObject({ ok: true, value: { metric: undefined } });
    const bad = await sharedWorkspaceHref({ ...workspace(1), metric: 'accuracy' as 'f1' });
    expect(await parseSharedWorkspace(parseHashRoute((bad as { href: string }).href).params)).toMatchObject({
      ok: false,
      problems: [{ param: 'w', message: 'its metric column “accuracy” is not one of balanced, precision, recall, specificity, npv, f1.' }],
    });
  });

  it('read links made before the method choices travelled with today’s defaults (Buehler’s, as a link without balanced= does)', async () => {
    // A format-1 link as made before: detectors, δ, sort and filter only.
    const older = 'w=Vc2xCoNQDEDRf7lzKDoU2mz9jtLhoRGEp6ExpYj47-LWzmc4G4PHVBJthd7SuvRY0OfG2KMUhLlMhvJAeH8sVhSE1RZ0o_MI6xK9C-lZKto2uzD7n95-dX-dV82CNpfmKiweiVL9a4EwjDUtzmY_AA';
    const parsed = await parseSharedWorkspace(new URLSearchParams(older));
    expect(parsed).toMatchObject({ ok: true, value: { balancedMethod: 'buehler', showUnionBounds: false } });
  });
});
