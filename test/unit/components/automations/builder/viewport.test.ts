import { describe, expect, it } from "vitest";
import type { Step } from "@/components/automations/builder/graph";
import { layoutFlow, type FlowLayout } from "@/components/automations/builder/layout";
import { INITIAL_VIEW, initialViewport } from "@/components/automations/builder/viewport";

const delays = (n: number): Step[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `d${i}`,
    type: "delay" as const,
    delayMinutes: 60,
    next: i + 1 < n ? `d${i + 1}` : null,
  }));

function layoutOf(steps: Step[]): FlowLayout {
  return layoutFlow(steps);
}

/** Where the flow's bounding box lands on screen under a viewport. */
function onScreen(layout: FlowLayout, view: { x: number; y: number; zoom: number }) {
  const xs = layout.nodes.flatMap((n) => [n.x, n.x + n.width]);
  const ys = layout.nodes.flatMap((n) => [n.y, n.y + n.height]);
  return {
    left: Math.min(...xs) * view.zoom + view.x,
    right: Math.max(...xs) * view.zoom + view.x,
    top: Math.min(...ys) * view.zoom + view.y,
    bottom: Math.max(...ys) * view.zoom + view.y,
  };
}

describe("the automation canvas's first view", () => {
  it("fits a small flow whole, centred, at most at 100%", () => {
    const layout = layoutOf(delays(2));
    const view = initialViewport(layout, 1000, 700);
    expect(view.zoom).toBe(INITIAL_VIEW.maxZoom);
    const box = onScreen(layout, view);
    expect(box.left).toBeGreaterThanOrEqual(INITIAL_VIEW.padding);
    expect(box.right).toBeLessThanOrEqual(1000 - INITIAL_VIEW.padding);
    expect(box.top).toBeGreaterThanOrEqual(INITIAL_VIEW.padding);
    expect(box.bottom).toBeLessThanOrEqual(700 - INITIAL_VIEW.padding);
    expect(Math.abs(box.left + box.right - 1000)).toBeLessThan(1);
    expect(Math.abs(box.top + box.bottom - 700)).toBeLessThan(1);
  });

  it("shrinks a taller flow until it fits the canvas", () => {
    const layout = layoutOf(delays(6));
    const view = initialViewport(layout, 1000, 600);
    expect(view.zoom).toBeLessThan(1);
    expect(view.zoom).toBeGreaterThanOrEqual(INITIAL_VIEW.minZoom);
    const box = onScreen(layout, view);
    expect(box.top).toBeGreaterThanOrEqual(INITIAL_VIEW.padding - 0.5);
    expect(box.bottom).toBeLessThanOrEqual(600 - INITIAL_VIEW.padding + 0.5);
  });

  it("never shrinks a very tall flow below readable: it starts at the trigger instead", () => {
    const layout = layoutOf(delays(40));
    const view = initialViewport(layout, 390, 500);
    expect(view.zoom).toBe(INITIAL_VIEW.minZoom);
    const box = onScreen(layout, view);
    expect(box.top).toBeCloseTo(INITIAL_VIEW.padding);
    expect(box.bottom).toBeGreaterThan(500);
    expect(Math.abs(box.left + box.right - 390)).toBeLessThan(1);
  });
});
