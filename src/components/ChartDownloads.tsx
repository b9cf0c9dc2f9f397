import { useState, type RefObject } from 'react';
import { pictureFileStem } from './chart-picture';
import { downloadBlob, downloadText } from './download';
import './chart-downloads.css';
import './field-error.css';

export interface ChartDownloadsProps {
  /** The element holding the chart's SVG(s); every outermost <svg> in it becomes a panel of the picture. */
  source: RefObject<HTMLElement | null>;
  /** The picture's title, also its file name. */
  title: string;
  /** Counts, method and δ, written under the chart in the file. */
  caption: string;
}

/** Device pixels per CSS pixel of the PNG: sharp on high-density screens and in print. */
const PNG_SCALE = 2;

/**
 * "Download PNG" and "Download SVG" for one chart: the chart's own SVG with a title and a caption,
 * colours resolved for the current theme, on a solid background. The capture code loads on first use.
 */
export function ChartDownloads({ source, title, caption }: ChartDownloadsProps) {
  const [problem, setProblem] = useState('');

  async function download(format: 'png' | 'svg') {
    setProblem('');
    try {
      const container = source.current;
      if (!container) throw new Error('the chart is not on the page');
      const { capturePicture, pictureToPng, waitForChart } = await import('./picture-capture');
      await waitForChart(container);
      const picture = capturePicture(container, title, caption);
      const fileName = `${pictureFileStem(title)}.${format}`;
      if (format === 'svg') downloadText(fileName, picture.svg, 'image/svg+xml');
      else downloadBlob(fileName, await pictureToPng(picture, PNG_SCALE));
    } catch (error) {
      setProblem(`The ${format.toUpperCase()} could not be made: ${error instanceof Error ? error.message : String(error)}.`);
    }
  }

  return (
    <div className="chart-downloads" role="group" aria-label={`Download the picture “${title}”`}>
      <button type="button" onClick={() => void download('png')}>
        Download PNG
      </button>
      <button type="button" onClick={() => void download('svg')}>
        Download SVG
      </button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
