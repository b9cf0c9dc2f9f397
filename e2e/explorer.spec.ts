import { expect, test, type Page } from '@playwright/test';
import { SUBPATH_URL } from '../playwright.config';
import { expectNoAxeViolations } from './axe';

/** Page errors and console errors, collected for the whole test. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

const sentence = (page: Page) => page.getByTestId('tail-sentence');
const status = (page: Page) => page.getByTestId('bound-status');
const slider = (page: Page, name: RegExp) => page.getByRole('slider', { name });
/** What the plots currently draw: the two PMF areas and the CDF line, as path data. */
const plotPaths = (page: Page) => page.locator('.tail-plots path.recharts-curve').evaluateAll((paths) => paths.map((path) => path.getAttribute('d')));

async function expectPlotsDrawn(page: Page) {
  // recharts measures the container first, so the series appear a frame after the page
  await expect.poll(async () => (await plotPaths(page)).length).toBe(3);
  for (const path of await plotPaths(page)) expect(path).toMatch(/^M[\d.]+,[\d.]+/);
  await expect(page.locator('.tail-plots svg text').first()).toBeVisible();
  expect(await page.locator('.tail-plots svg text').count()).toBeGreaterThan(15);
}

interface Example {
  figure: number;
  url: string;
  shows: (string | RegExp)[];
}

const EXAMPLES: Example[] = [
  {
    figure: 3,
    url: '#/explore?n=100&k=80&p=0.8&delta=0.05&mode=upper',
    shows: ['If the true accuracy were 80.0%, there would be a 54.0% chance of seeing 80 or fewer correct out of 100.', '0.53984 → 54.0%'],
  },
  {
    figure: 4,
    url: '#/explore?n=100&k=80&p=0.83&delta=0.05&mode=upper',
    shows: ['If the true accuracy were 83.0%, there would be a 24.8% chance of seeing 80 or fewer correct out of 100.', '0.24768 → 24.8%'],
  },
  {
    figure: 5,
    url: '#/explore?n=100&k=80&p=0.863&delta=0.05&mode=upper',
    shows: ['were 86.3%, there would be a 5.1% chance', '0.05108 → 5.1%', '0.863339 (the blog’s 86.3%; 86.34% rounded up)'],
  },
  {
    figure: 6,
    url: '#/explore?n=100&k=80&p=0.8&delta=0.05&mode=central',
    shows: ['[70.8%, 87.4%] = [0.708157, 0.873344]', 'Exact 95% central interval (δ/2 = 0.025 per tail): [70.8%, 87.4%]', '[72.2%, 86.4%]'],
  },
  {
    figure: 7,
    url: '#/explore?delta=0.05&mode=balanced&yes=90/100&no=95/100',
    shows: ['[84.4%, 97.2%] = [0.844730, 0.971223]', 'Balanced accuracy 92.5%, exact 95% interval [84.4%, 97.2%].'],
  },
];

test.describe('blog examples', () => {
  for (const example of EXAMPLES) {
    test(`Figure ${example.figure} opens from the menu and from its link with the caption’s numbers`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('./#/explore?n=37&k=3&p=0.5&delta=0.2&mode=lower');
      await page.getByText('Blog examples').click();
      await page.getByRole('link', { name: new RegExp(`^Figure ${example.figure}:`) }).click();
      const caption = page.getByRole('complementary', { name: `Blog Figure ${example.figure}` });
      await expect(caption).toBeVisible();
      for (const text of example.shows) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
      // the address bar now reproduces the figure
      await expect.poll(() => new URL(page.url()).hash).toBe(example.url.replace('yes=90/100&no=95/100', 'yes=90%2F100&no=95%2F100'));

      await page.goto(`./${example.url}`);
      await page.reload();
      await expect(page.getByRole('complementary', { name: `Blog Figure ${example.figure}` })).toBeVisible();
      for (const text of example.shows) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
      if (example.figure !== 7) await expectPlotsDrawn(page);
      expect(errors).toEqual([]);
    });
  }
});

test('dragging N, k, p and δ with the keyboard changes the plots and the sentence', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./#/explore?n=100&k=80&p=0.83&delta=0.05&mode=upper');
  await expectPlotsDrawn(page);

  const cases: { name: RegExp; keys: string[]; expectSentence: RegExp }[] = [
    { name: /Number of tests N/, keys: ['ArrowRight', 'ArrowRight', 'ArrowRight', 'PageUp'], expectSentence: /out of (?!100\.)[\d,]+\.$/ },
    { name: /Number correct k/, keys: ['ArrowLeft', 'ArrowLeft', 'Home', 'ArrowRight'], expectSentence: /seeing 1 or fewer correct/ },
    { name: /Hypothesized true accuracy p/, keys: ['ArrowUp', 'ArrowUp', 'End', 'ArrowDown'], expectSentence: /were 99\.\d+%/ },
  ];
  for (const { name, keys, expectSentence } of cases) {
    const beforeSentence = await sentence(page).textContent();
    const beforePaths = await plotPaths(page);
    await slider(page, name).focus();
    for (const key of keys) await page.keyboard.press(key);
    await expect(sentence(page)).not.toHaveText(beforeSentence!);
    await expect(sentence(page)).toHaveText(expectSentence);
    await expect.poll(() => plotPaths(page)).not.toEqual(beforePaths);
  }

  // δ moves the level the bound aims for: the target line on the CDF, the bound and its sentence.
  const beforeStatus = await status(page).textContent();
  const targetLine = page.locator('.tail-plots line[stroke-dasharray="2 4"]');
  const beforeY = await targetLine.getAttribute('y1');
  await slider(page, /^Level$/).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Confidence level: 97%')).toBeVisible();
  await expect(status(page)).not.toHaveText(beforeStatus!);
  await expect(status(page)).toContainText('δ = 0.03');
  await expect.poll(() => targetLine.getAttribute('y1')).not.toBe(beforeY);
  expect(errors).toEqual([]);
});

/** Whether the whole of the element is inside the viewport. */
const fullyInView = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  });

test('on a laptop screen the sliders, the sentence and both plots are in view together; on a phone they stack', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('./#/explore?n=1000000&k=800000&p=0.8&delta=0.05&mode=upper');
  await expectPlotsDrawn(page);
  for (const name of [/Number of tests N/, /Number correct k/, /Hypothesized true accuracy p/, /^Level$/]) await expect(slider(page, name)).toBeInViewport({ ratio: 1 });
  await expect(sentence(page)).toBeInViewport({ ratio: 1 });
  expect(await fullyInView(page, '.tail-plots__figure:first-of-type svg')).toBe(true);
  expect(await fullyInView(page, '.tail-plots__figure:last-of-type svg')).toBe(true);
  // Side by side: the plots start to the right of the k slider.
  const kBox = (await slider(page, /Number correct k/).boundingBox())!;
  const plotsBox = (await page.locator('.tail-plots').boundingBox())!;
  expect(plotsBox.x).toBeGreaterThan(kBox.x + kBox.width);

  await page.setViewportSize({ width: 390, height: 844 });
  const narrowPlots = (await page.locator('.tail-plots').boundingBox())!;
  const narrowSentence = (await sentence(page).boundingBox())!;
  expect(narrowPlots.y).toBeGreaterThan(narrowSentence.y + narrowSentence.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('dragging N at 10^6 never paints the curves off their axes (new series with the old scales)', async ({ page }) => {
  await page.goto('./#/explore?n=1000000&k=800000&p=0.8&delta=0.05&mode=upper');
  await expectPlotsDrawn(page);
  // At every frame, where the PMF's curves lie against the x axis' first and last tick.
  await page.evaluate(() => {
    const record = window as unknown as { offAxes: string[]; framesSeen: number };
    record.offAxes = [];
    record.framesSeen = 0;
    const check = () => {
      const svg = document.querySelector('.tail-plots svg.recharts-surface')!;
      const ticks = [...svg.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick-line')].map((line) => Number(line.getAttribute('x1')));
      for (const curve of svg.querySelectorAll<SVGPathElement>('path.recharts-curve')) {
        const box = curve.getBBox();
        if (box.width > 0 && (box.x + box.width < Math.min(...ticks) || box.x > Math.max(...ticks))) {
          record.offAxes.push(`${box.x.toFixed(0)}–${(box.x + box.width).toFixed(0)} px, ticks ${Math.min(...ticks)}–${Math.max(...ticks)}`);
        }
      }
      record.framesSeen += 1;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await slider(page, /Number of tests N/).focus();
  for (let step = 0; step < 60; step++) {
    await page.keyboard.press('ArrowLeft');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  await expect(sentence(page)).not.toContainText('out of 1,000,000.');
  const { offAxes, framesSeen } = await page.evaluate(() => {
    const { offAxes, framesSeen } = window as unknown as { offAxes: string[]; framesSeen: number };
    return { offAxes, framesSeen };
  });
  expect(framesSeen).toBeGreaterThan(60);
  expect(offAxes).toEqual([]);
});

test('the log-scale N slider is keyboard operable end to end, and keeps k/N', async ({ page }) => {
  await page.goto('./#/explore?n=100&k=80&p=0.8&delta=0.05&mode=upper');
  const n = slider(page, /Number of tests N/);
  await n.focus();
  await page.keyboard.press('End');
  await expect(n).toHaveAttribute('aria-valuetext', 'N = 1,000,000 tests');
  await expect(sentence(page)).toContainText('800,000 or fewer correct out of 1,000,000');
  await page.keyboard.press('Home');
  await expect(n).toHaveAttribute('aria-valuetext', 'N = 1 tests');
  await page.keyboard.press('ArrowRight');
  await expect(n).toHaveAttribute('aria-valuetext', 'N = 2 tests');
  await page.keyboard.press('PageUp');
  // The move is committed a frame after it is painted: wait for it before typing over the text field.
  await expect(n).not.toHaveAttribute('aria-valuetext', 'N = 2 tests');
  await expect(sentence(page)).toContainText('or fewer correct out of');
  await page.getByRole('textbox', { name: /Number of tests N/ }).fill('100');
  await expect(sentence(page)).toContainText('80 or fewer correct out of 100.');
});

test('"Find the bound" animates and lands on 86.3% for 80/100 at δ = 0.05', async ({ page }) => {
  await page.goto('./#/explore?n=100&k=80&p=0.8&delta=0.05&mode=upper');
  const seen: string[] = [];
  await page.exposeFunction('recordSentence', (text: string) => seen.push(text));
  await expect(sentence(page)).toBeVisible(); // the explorer's code loads on first visit
  await page.evaluate(() => {
    const element = document.querySelector('[data-testid="tail-sentence"]')!;
    new MutationObserver(() => (window as unknown as { recordSentence: (text: string) => void }).recordSentence(element.textContent ?? '')).observe(element, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.getByRole('button', { name: 'Find the bound' }).click();
  await expect(page.getByText(/Landed on the exact upper bound p = 0\.86333867/)).toBeVisible();
  await expect(sentence(page)).toHaveText('If the true accuracy were 86.3%, there would be a 5.0% chance of seeing 80 or fewer correct out of 100.');
  await expect(page.getByRole('textbox', { name: /Hypothesized true accuracy p/ })).toHaveValue('0.863339');
  // It went through the bisection's midpoints on the way: each is listed, and the sentence followed p
  // (a busy machine may draw several steps in one frame — a clean CI run saw 2 sentences — so only
  // one midpoint's sentence, besides the landing's, need be seen).
  const halvings = page.locator('.explorer__search li');
  expect(await halvings.count()).toBeGreaterThan(5);
  await expect(halvings.first()).toContainText('p = 90.0%');
  expect(seen.some((text) => text.includes('If the true accuracy were') && !text.includes('86.3%')), seen.join(' | ')).toBe(true);
});

test('"Find the bound" respects prefers-reduced-motion and lands at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('./#/explore?n=100&k=80&p=0.8&delta=0.05&mode=lower');
  await page.getByRole('button', { name: 'Find the bound' }).click();
  await expect(sentence(page)).toHaveText(
    'If the true accuracy were 72.3%, there would be a 5.0% chance of seeing 80 or more correct out of 100 (20 or fewer errors).',
  );
});

test('central mode at 80/100, δ = 0.05 shows [70.8%, 87.4%] beside the one-sided bounds', async ({ page }) => {
  await page.goto('./#/explore?n=100&k=80&delta=0.05&mode=central');
  const intervals = page.getByRole('group', { name: /Intervals at 95%/ });
  await expect(intervals).toContainText('Exact 95% central interval (δ/2 = 0.025 per tail): [70.8%, 87.4%]');
  await expect(intervals).toContainText('Exact 95% one-sided bounds, δ = 0.05 each (together only 90%): [72.2%, 86.4%]');
  await page.getByRole('button', { name: 'Find the upper end' }).click();
  await expect(page.getByText(/Landed on the exact upper bound p = 0\.87334/)).toBeVisible();
  await expect(sentence(page)).toContainText('a 2.5% chance of seeing 80 or fewer');
});

test('balanced mode at 90/100 and 95/100 shows [84.4%, 97.2%] and follows the class counts', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./#/explore?mode=balanced&yes=90/100&no=95/100&delta=0.05');
  await expect(page.getByRole('status').filter({ hasText: 'Balanced accuracy' })).toHaveText('Balanced accuracy 92.5%, exact 95% interval [84.4%, 97.2%].');
  const yes = page.getByRole('group', { name: 'Should-be-YES examples' });
  await yes.getByRole('textbox', { name: 'Correct' }).fill('100');
  await expect(page.getByRole('status').filter({ hasText: 'Balanced accuracy' })).toContainText('Balanced accuracy 97.5%');
  await expect.poll(() => new URL(page.url()).hash).toContain('yes=100%2F100');
  await page.getByRole('link', { name: 'see the should-be-NO tails' }).click();
  await expect(page.getByRole('radio', { name: 'Central interval' })).toBeChecked();
  await expect(sentence(page)).toContainText('out of 100');
  expect(errors).toEqual([]);
});

test('the normal approximation collapses at k = N and spills below 0%', async ({ page }) => {
  await page.goto('./#/explore?n=20&k=20&delta=0.05&mode=upper');
  await expect(page.getByText(/Normal approximation \(Wald\) 95%: \[100\.0%, 100\.0%\] — zero width/)).toBeVisible();
  await page.goto('./#/explore?n=10&k=1&delta=0.05&mode=central');
  await expect(page.getByText(/Wald\) 95%: \[0\.0%, 28\.6%\] — p̂ ± z·σ̂ reaches −8\.6%, below 0%; clipped/)).toBeVisible();
});

test('a malformed link says what is wrong and still draws the defaults', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./#/explore?n=ten&k=80&p=1.7&delta=5&mode=sideways');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('“n” is “ten”');
  await expect(alert).toContainText('“p” is “1.7”');
  await expect(alert).toContainText('“delta” is “5”');
  await expect(alert).toContainText('“mode” is “sideways”');
  await expect(sentence(page)).toHaveText('If the true accuracy were 80.0%, there would be a 54.0% chance of seeing 80 or fewer correct out of 100.');
  await expectPlotsDrawn(page);
  expect(errors).toEqual([]);
});

test('works at N = 1 and N = 1,000,000, at k = 0 and k = N, in every mode', async ({ page }) => {
  const errors = watchErrors(page);
  for (const counts of ['n=1&k=0', 'n=1&k=1', 'n=1000000&k=0', 'n=1000000&k=1000000', 'n=1000000&k=800000&p=0.8']) {
    for (const mode of ['upper', 'lower', 'central']) {
      await page.goto(`./#/explore?${counts}&delta=0.05&mode=${mode}`);
      await expect(sentence(page)).toBeVisible();
      await expectPlotsDrawn(page);
      const text = await page.locator('main').innerText();
      expect(text, `${counts} ${mode}`).not.toMatch(/NaN|Infinity|undefined/);
      const paths = await page.locator('main path, main line').evaluateAll((elements) => elements.map((element) => element.outerHTML));
      expect(paths.filter((html) => html.includes('NaN')), `${counts} ${mode}`).toEqual([]);
    }
  }
  await page.goto('./#/explore?n=1000000&k=1000000&delta=0.05&mode=upper');
  await page.getByRole('button', { name: 'Find the bound' }).click();
  await expect(page.getByText(/Landed on the exact upper bound p = 1,/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('axe finds no violations in light and dark mode', async ({ page }) => {
  await page.goto('./#/explore?n=100&k=80&p=0.83&delta=0.05&mode=upper');
  await expectPlotsDrawn(page);
  await page.getByRole('button', { name: 'Find the bound' }).click();
  await expect(page.getByText(/Landed on the exact upper bound/)).toBeVisible();
  await page.getByText('Blog examples').click();
  await expectNoAxeViolations(page);
  await page.goto('./#/explore?n=10&k=1&delta=0.05&mode=central');
  await expectNoAxeViolations(page);
  await page.goto('./#/explore?mode=balanced&yes=90/100&no=95/100&delta=0.05');
  await expectNoAxeViolations(page);
  await page.goto('./#/explore?n=abc');
  await expectNoAxeViolations(page);
});

test('the explorer works from a subpath', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`${SUBPATH_URL}#/explore?n=100&k=80&p=0.83&delta=0.05&mode=upper`);
  await expect(sentence(page)).toHaveText('If the true accuracy were 83.0%, there would be a 24.8% chance of seeing 80 or fewer correct out of 100.');
  await expectPlotsDrawn(page);
  expect(errors).toEqual([]);
});
