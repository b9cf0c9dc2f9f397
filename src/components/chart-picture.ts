/**
 * A chart as a standalone picture: a title, an optional legend, the chart's own SVG panels stacked
 * (each as drawn on the page, colours already concrete) and a caption, on a solid background, so
 * the file reads the same in any viewer and on any page colour. Pure: the browser side
 * (picture-capture.ts) supplies the panels and colours.
 */

/** One drawn SVG: the `<svg …>…</svg>` element's markup and the size it was drawn at. */
export interface PicturePanel {
  markup: string;
  width: number;
  height: number;
}

export interface PictureLegendItem {
  label: string;
  color: string;
}

/** Concrete colours (no CSS variables: a file has no stylesheet). */
export interface PictureColors {
  background: string;
  text: string;
  muted: string;
}

export interface PictureContent {
  title: string;
  /** Counts, method and δ: what a reader of the file alone needs to trust it. */
  caption: string;
  panels: readonly PicturePanel[];
  legend?: readonly PictureLegendItem[];
  colors: PictureColors;
}

export interface Picture {
  svg: string;
  width: number;
  height: number;
}

const PADDING = 24;
const GAP = 12;
const TITLE_SIZE = 18;
const CAPTION_SIZE = 13;
const LEGEND_SIZE = 13;
const LINE_HEIGHT = 1.4;
const SWATCH = 12;
/** Wide enough for a readable caption even beside a small chart. */
const MIN_WIDTH = 520;
/** An average glyph's width in em for the sans-serif fonts used: wraps text without measuring it. */
const AVERAGE_GLYPH_EM = 0.56;
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** Text safe inside an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Words into lines of at most `maxChars` characters (a longer word gets a line of its own). */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A file name from a title: "Coverage, n = 30" → "coverage-n-30". */
export function pictureFileStem(title: string): string {
  const stem = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `tailbound-${stem || 'chart'}`;
}

const charsIn = (width: number, fontSize: number) => Math.max(10, Math.floor(width / (fontSize * AVERAGE_GLYPH_EM)));

/** The legend's items in rows that fit the width: [x, y] of each item relative to the legend's top left. */
function legendRows(items: readonly PictureLegendItem[], width: number): { item: PictureLegendItem; x: number; row: number }[] {
  const placed: { item: PictureLegendItem; x: number; row: number }[] = [];
  let x = 0;
  let row = 0;
  for (const item of items) {
    const itemWidth = SWATCH + 6 + item.label.length * LEGEND_SIZE * AVERAGE_GLYPH_EM + 18;
    if (x > 0 && x + itemWidth > width) {
      row += 1;
      x = 0;
    }
    placed.push({ item, x, row });
    x += itemWidth;
  }
  return placed;
}

/** The standalone SVG document of a picture, with its size in CSS pixels. */
export function buildPicture({ title, caption, panels, legend = [], colors }: PictureContent): Picture {
  const width = Math.ceil(Math.max(MIN_WIDTH, ...panels.map((panel) => panel.width + 2 * PADDING)));
  const inner = width - 2 * PADDING;
  const parts: string[] = [];
  let y = PADDING;

  const titleLines = wrapText(title, charsIn(inner, TITLE_SIZE));
  for (const line of titleLines) {
    y += TITLE_SIZE;
    parts.push(`<text x="${PADDING}" y="${y}" font-size="${TITLE_SIZE}" font-weight="700" fill="${colors.text}">${escapeXml(line)}</text>`);
    y += TITLE_SIZE * (LINE_HEIGHT - 1);
  }

  if (legend.length > 0) {
    y += GAP;
    const placed = legendRows(legend, inner);
    for (const { item, x, row } of placed) {
      const top = y + row * LEGEND_SIZE * 1.6;
      parts.push(
        `<rect x="${PADDING + x}" y="${top}" width="${SWATCH}" height="${SWATCH}" fill="${item.color}"/>` +
          `<text x="${PADDING + x + SWATCH + 6}" y="${top + SWATCH - 1}" font-size="${LEGEND_SIZE}" fill="${colors.text}">${escapeXml(item.label)}</text>`,
      );
    }
    y += (placed.at(-1)!.row + 1) * LEGEND_SIZE * 1.6;
  }

  for (const panel of panels) {
    y += GAP;
    parts.push(`<g transform="translate(${PADDING} ${y})">${panel.markup}</g>`);
    y += panel.height;
  }

  y += GAP;
  for (const line of wrapText(caption, charsIn(inner, CAPTION_SIZE))) {
    y += CAPTION_SIZE * LINE_HEIGHT;
    parts.push(`<text x="${PADDING}" y="${y}" font-size="${CAPTION_SIZE}" fill="${colors.muted}">${escapeXml(line)}</text>`);
  }
  const height = Math.ceil(y + PADDING);

  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(FONT_FAMILY)}">` +
    `<title>${escapeXml(title)}</title><desc>${escapeXml(caption)}</desc>` +
    `<rect width="100%" height="100%" fill="${colors.background}"/>` +
    parts.join('') +
    `</svg>`;
  return { svg, width, height };
}
