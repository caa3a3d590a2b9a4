import type { FlowLayout } from "./layout";

/** The first view's limits: never smaller than readable, never larger than life. */
export const INITIAL_VIEW = { padding: 32, minZoom: 0.5, maxZoom: 1 } as const;

/**
 * The whole flow in view on load (fit to the canvas with a margin), down to a readable minimum
 * zoom. A flow still too tall at that zoom starts at its trigger, centred across, and is panned
 * through (the fit button shows the whole at once, smaller).
 */
export function initialViewport(layout: FlowLayout, width: number, height: number) {
  const { padding, minZoom, maxZoom } = INITIAL_VIEW;
  const left = Math.min(...layout.nodes.map((n) => n.x));
  const right = Math.max(...layout.nodes.map((n) => n.x + n.width));
  const top = Math.min(...layout.nodes.map((n) => n.y));
  const bottom = Math.max(...layout.nodes.map((n) => n.y + n.height));
  const fit = Math.min(
    (width - 2 * padding) / Math.max(1, right - left),
    (height - 2 * padding) / Math.max(1, bottom - top),
  );
  const zoom = Math.max(minZoom, Math.min(maxZoom, fit));
  const fitsHeight = (bottom - top) * zoom <= height - 2 * padding;
  return {
    x: width / 2 - ((left + right) / 2) * zoom,
    y: fitsHeight ? height / 2 - ((top + bottom) / 2) * zoom : padding - top * zoom,
    zoom,
  };
}
