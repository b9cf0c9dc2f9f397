/** A point in pixels. */
export interface PixelPoint {
  x: number;
  y: number;
}

/** Pixels to a tenth: finer than the screen shows, and short path strings to parse. */
const px = (value: number) => String(Math.round(value * 10) / 10);

/**
 * SVG path data for a step area: from each point a flat step to the next point's x, then up or
 * down to its y (d3's stepAfter), closed along `baseline`. The last point only ends the last step.
 * Written directly rather than through d3-shape, because the plots redraw it at every frame of a drag.
 */
export function stepAreaPath(points: readonly PixelPoint[], baseline: number): string {
  if (points.length === 0) return '';
  let path = `M${px(points[0]!.x)},${px(points[0]!.y)}`;
  for (let index = 1; index < points.length; index++) path += `H${px(points[index]!.x)}V${px(points[index]!.y)}`;
  return `${path}L${px(points[points.length - 1]!.x)},${px(baseline)}H${px(points[0]!.x)}Z`;
}

/**
 * SVG path data for a line through the points: straight, or `stepped` with each rise halfway
 * between two points (d3's curveStep: a CDF sampled between outcomes steps at the outcomes).
 */
export function linePath(points: readonly PixelPoint[], stepped: boolean): string {
  if (points.length === 0) return '';
  let path = `M${px(points[0]!.x)},${px(points[0]!.y)}`;
  for (let index = 1; index < points.length; index++) {
    const { x, y } = points[index]!;
    path += stepped ? `H${px((points[index - 1]!.x + x) / 2)}V${px(y)}H${px(x)}` : `L${px(x)},${px(y)}`;
  }
  return path;
}
