// @vitest-environment jsdom
// (for its XML parser: the test reads the picture as an SVG viewer would)
import { describe, expect, it } from 'vitest';
import { buildPicture, escapeXml, pictureFileStem, wrapText } from './chart-picture';

const COLORS = { background: 'rgb(255, 255, 255)', text: 'rgb(27, 26, 34)', muted: 'rgb(85, 82, 95)' };
const PANEL = { markup: '<svg width="300" height="120"><rect width="300" height="120" fill="rgb(1, 2, 3)"/></svg>', width: 300, height: 120 };

/** The document as an XML parser sees it: a parse error fails the test rather than passing unseen. */
function parse(svg: string): Document {
  const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
  return parsed;
}

describe('chart picture', () => {
  it('is a well-formed SVG with the title, the caption, the panel and a solid background', () => {
    const caption = 'YES 38/40, NO 55/60; 95% interval, exact union bound (δ/4 per tail), δ = 0.05';
    const picture = buildPicture({ title: 'Balanced accuracy of “Forklift” <left>', caption, panels: [PANEL], colors: COLORS });
    const parsed = parse(picture.svg);
    const root = parsed.documentElement;
    expect(root.getAttribute('width')).toBe(String(picture.width));
    expect(root.getAttribute('height')).toBe(String(picture.height));
    expect(parsed.querySelector('title')!.textContent).toBe('Balanced accuracy of “Forklift” <left>');
    expect(parsed.querySelector('desc')!.textContent).toBe(caption);
    const background = root.querySelector(':scope > rect')!;
    expect(background.getAttribute('width')).toBe('100%');
    expect(background.getAttribute('fill')).toBe(COLORS.background);
    expect(root.querySelector('g > svg > rect')!.getAttribute('fill')).toBe('rgb(1, 2, 3)');
    const texts = [...root.querySelectorAll(':scope > text')].map((text) => text.textContent).join(' ');
    expect(texts).toContain('δ = 0.05');
    expect(texts).toContain('38/40');
  });

  it('is as wide as its widest panel plus padding and tall enough for every part', () => {
    const wide = { ...PANEL, width: 900, height: 200 };
    const picture = buildPicture({ title: 'T', caption: 'C', panels: [PANEL, wide], colors: COLORS });
    expect(picture.width).toBe(948);
    expect(picture.height).toBeGreaterThan(120 + 200 + 18 + 13);
    // Panels stack, the second one below the first.
    const offsets = [...parse(picture.svg).querySelectorAll('svg > g')].map((group) => Number(/translate\(\d+ ([\d.]+)\)/.exec(group.getAttribute('transform')!)![1]));
    expect(offsets[1]! - offsets[0]!).toBeGreaterThanOrEqual(120);
  });

  it('wraps a long caption into lines that fit and lists legend items with their colours', () => {
    const caption = 'word '.repeat(120).trim();
    const picture = buildPicture({
      title: 'T',
      caption,
      panels: [PANEL],
      legend: [
        { label: 'Balanced accuracy', color: 'rgb(91, 63, 168)' },
        { label: 'Plain accuracy', color: 'rgb(15, 122, 92)' },
      ],
      colors: COLORS,
    });
    const root = parse(picture.svg).documentElement;
    const captionLines = [...root.querySelectorAll(':scope > text')].filter((text) => text.textContent!.startsWith('word'));
    expect(captionLines.length).toBeGreaterThan(1);
    expect(captionLines.map((line) => line.textContent).join(' ')).toBe(caption);
    const swatches = [...root.querySelectorAll(':scope > rect')].slice(1).map((rect) => rect.getAttribute('fill'));
    expect(swatches).toEqual(['rgb(91, 63, 168)', 'rgb(15, 122, 92)']);
  });

  it('wraps words, escapes markup and makes file names from titles', () => {
    expect(wrapText('a bb ccc dddd', 6)).toEqual(['a bb', 'ccc', 'dddd']);
    expect(wrapText('  ', 6)).toEqual([]);
    expect(escapeXml(`<a href="x">&'`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;');
    expect(pictureFileStem('Coverage over (p⁺, p⁻), n = 30')).toBe('tailbound-coverage-over-p-p-n-30');
    expect(pictureFileStem('—')).toBe('tailbound-chart');
  });
});
