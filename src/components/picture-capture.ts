import { buildPicture, type Picture, type PictureLegendItem, type PicturePanel } from './chart-picture';

/**
 * The browser side of a chart picture: copies a chart's SVGs with every style they get from the
 * page written onto them as concrete colours and sizes (a file has no stylesheet and no CSS
 * variables), and rasterises the result. Loaded only when someone downloads a picture.
 */

/** What a chart's look depends on; copied from the computed style onto each element of the copy. */
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'stop-color',
  'stop-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;
const COLOR_PROPERTIES = new Set<string>(['fill', 'stroke', 'stop-color']);
/** Values only the page can resolve. */
const PAGE_ONLY_VALUE = /var\(|color-mix\(|light-dark\(/;

/** The chart SVGs in `container`: every outermost <svg>, but not recharts' legend icons (the legend is redrawn from its items). */
function chartSvgs(container: HTMLElement): SVGSVGElement[] {
  return [...container.querySelectorAll('svg')].filter(
    (svg) => !svg.parentElement?.closest('svg') && !svg.closest('.recharts-legend-wrapper'),
  );
}

let probeContext: CanvasRenderingContext2D | null | undefined;

/**
 * A colour as rgb()/rgba(): computed colours may come as color(srgb …) or oklab(…) (from
 * color-mix), which other SVG viewers do not read. A 1×1 canvas converts any CSS colour.
 */
function concreteColor(value: string): string {
  if (value === 'none' || value.startsWith('url(') || value.startsWith('rgb')) return value;
  probeContext ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!probeContext) return value;
  probeContext.clearRect(0, 0, 1, 1);
  probeContext.fillStyle = '#000';
  probeContext.fillStyle = value;
  probeContext.fillRect(0, 0, 1, 1);
  const [red, green, blue, alpha] = probeContext.getImageData(0, 0, 1, 1).data;
  return alpha === 255 ? `rgb(${red}, ${green}, ${blue})` : `rgba(${red}, ${green}, ${blue}, ${Number((alpha! / 255).toFixed(3))})`;
}

/** The drawn size of an SVG: its viewBox (an SVG scaled by CSS is drawn for that), else its size on the page. */
function svgSize(svg: SVGSVGElement): { width: number; height: number } {
  const viewBox = svg.viewBox.baseVal;
  if (viewBox && viewBox.width > 0 && viewBox.height > 0) return { width: viewBox.width, height: viewBox.height };
  const box = svg.getBoundingClientRect();
  return { width: box.width, height: box.height };
}

/** A copy of the SVG that looks the same with no stylesheet: computed styles inlined, classes and ARIA dropped. */
function standaloneCopy(svg: SVGSVGElement): PicturePanel {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((original, index) => {
    const element = copies[index]!;
    const computed = getComputedStyle(original);
    const style = STYLE_PROPERTIES.map((property) => {
      const value = computed.getPropertyValue(property);
      return value ? `${property}: ${COLOR_PROPERTIES.has(property) ? concreteColor(value) : value}` : '';
    })
      .filter(Boolean)
      .join('; ');
    element.setAttribute('style', style);
    for (const attribute of ['class', 'tabindex', 'role', 'aria-label', 'aria-hidden', 'aria-describedby', 'focusable']) {
      element.removeAttribute(attribute);
    }
    // Presentation attributes such as fill="var(--muted)": the style now holds their concrete value.
    for (const { name, value } of [...element.attributes]) {
      if (PAGE_ONLY_VALUE.test(value)) element.removeAttribute(name);
    }
  });
  const { width, height } = svgSize(svg);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return { markup: new XMLSerializer().serializeToString(copy), width, height };
}

/** recharts' legend as label and colour pairs (its icons carry the series colour). */
function legendItems(container: HTMLElement): PictureLegendItem[] {
  return [...container.querySelectorAll('.recharts-legend-item')].map((item) => {
    const icon = item.querySelector('svg path, svg line, svg rect');
    const style = icon ? getComputedStyle(icon) : null;
    const stroke = style?.stroke;
    const color = stroke && stroke !== 'none' ? stroke : (style?.fill ?? 'currentColor');
    return { label: item.textContent?.trim() ?? '', color: concreteColor(color) };
  });
}

/** A CSS colour (variables allowed) as the page resolves it where the chart is. */
function resolvedColor(container: HTMLElement, css: string): string {
  const probe = document.createElement('span');
  probe.style.color = css;
  container.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return concreteColor(color);
}

/** How long a download waits for a chart that is still being laid out (ResponsiveContainer draws after measuring). */
const DRAW_WAIT_MS = 5_000;

/** A chart SVG is in `container` and nothing there is still drawing (charts drawn a line per task are aria-busy meanwhile). */
function chartDrawn(container: HTMLElement): boolean {
  return chartSvgs(container).length > 0 && container.querySelector('[aria-busy="true"]') === null;
}

/**
 * Resolves once `container` holds a drawn chart SVG with all its lines: a click that comes between a
 * chart's frame appearing and its last line (a busy machine) gets the whole picture a moment later,
 * not an error nor half a chart. Rejects if nothing is drawn within `timeoutMs`.
 */
export function waitForChart(container: HTMLElement, timeoutMs = DRAW_WAIT_MS): Promise<void> {
  if (chartDrawn(container)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (!chartDrawn(container)) return;
      finish();
      resolve();
    });
    const timer = setTimeout(() => {
      finish();
      reject(new Error('the chart has not been drawn yet'));
    }, timeoutMs);
    function finish() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  });
}

/** The chart in `container` as a standalone picture in the page's current theme. */
export function capturePicture(container: HTMLElement, title: string, caption: string): Picture {
  const panels = chartSvgs(container).map(standaloneCopy);
  if (panels.length === 0) throw new Error('the chart has not been drawn yet');
  return buildPicture({
    title,
    caption,
    panels,
    legend: legendItems(container),
    colors: {
      background: resolvedColor(container, 'var(--bg)'),
      text: resolvedColor(container, 'var(--text)'),
      muted: resolvedColor(container, 'var(--muted)'),
    },
  });
}

/** The picture as a PNG at `scale` device pixels per CSS pixel, drawn through an <img> and a canvas. */
export async function pictureToPng(picture: Picture, scale: number): Promise<Blob> {
  const image = new Image();
  // A data: URL, which the page's img-src policy allows; the picture has no external references.
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(picture.svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(picture.width * scale);
  canvas.height = Math.round(picture.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser cannot draw on a canvas');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser could not encode the PNG'))), 'image/png'),
  );
}
