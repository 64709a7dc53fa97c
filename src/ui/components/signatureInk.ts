import { getStroke, type StrokeOptions } from 'perfect-freehand';
import type { CapturedImage } from '../../db';

// The signature pad's ink: strokes drawn with perfect-freehand onto a canvas, and the canvas
// as the PNG the draft keeps. No React here: SignaturePad holds the strokes and the saving.

/** One stroke: points in CSS pixels of the pad ([x, y, pressure]); pens report real pressure. */
export interface Stroke {
  points: number[][];
  pen: boolean;
}

const INK = '#111827';

const STROKE_OPTIONS: StrokeOptions = { size: 5, thinning: 0.6, smoothing: 0.5, streamline: 0.5 };

const average = (a: number, b: number): number => (a + b) / 2;

/** perfect-freehand's README helper: outline points → SVG path data. */
export function getSvgPathFromStroke(points: readonly (readonly number[])[], closed = true): string {
  const len = points.length;
  if (len < 4) return '';
  const x = (i: number): number => points[i]?.[0] ?? 0;
  const y = (i: number): number => points[i]?.[1] ?? 0;
  let result = `M${x(0).toFixed(2)},${y(0).toFixed(2)} Q${x(1).toFixed(2)},${y(1).toFixed(2)} ${average(x(1), x(2)).toFixed(2)},${average(y(1), y(2)).toFixed(2)} T`;
  for (let i = 2, max = len - 1; i < max; i++) {
    result += `${average(x(i), x(i + 1)).toFixed(2)},${average(y(i), y(i + 1)).toFixed(2)} `;
  }
  if (closed) result += 'Z';
  return result;
}

/** Repaints the pad: white, then every stroke; points are CSS pixels, `dpr` maps them to the backing store. */
export function paint(canvas: HTMLCanvasElement, dpr: number, strokes: readonly Stroke[], current: Stroke | null): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = INK;
  for (const stroke of current ? [...strokes, current] : strokes) {
    const outline = getStroke(stroke.points, { ...STROKE_OPTIONS, simulatePressure: !stroke.pen, last: stroke !== current });
    if (outline.length === 0) continue;
    const path = getSvgPathFromStroke(outline);
    if (path) ctx.fill(new Path2D(path));
  }
}

/** The pad as a PNG (at its backing store's size), or null when the browser gives none. */
export function exportPng(canvas: HTMLCanvasElement): Promise<CapturedImage | null> {
  return new Promise((resolve) => {
    canvas.toBlob((blob) => {
      if (!blob) {
        resolve(null);
        return;
      }
      blob.arrayBuffer().then(
        (bytes) => resolve({ bytes, type: 'image/png', width: canvas.width, height: canvas.height }),
        () => resolve(null),
      );
    }, 'image/png');
  });
}
