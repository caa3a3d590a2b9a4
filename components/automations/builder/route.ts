/**
 * The path of an edge: down from the source, across to its lane, down the lane, across to the
 * target, down into it; corners rounded. A split (branch to a path beside it) turns right under
 * the source, a merge (a path back into the flow) turns just above the target, so the long
 * vertical run — where the "+" button sits — stays in the path's own column.
 */
const BEND = 18;
const RADIUS = 10;

export type Route = { path: string; labelX: number; labelY: number };

export function routeEdge(
  source: { x: number; y: number },
  target: { x: number; y: number },
  laneX: number,
): Route {
  const near = (a: number, b: number) => Math.abs(a - b) < 0.5;
  const turnsAtSource = !near(source.x, laneX);
  const turnsAtTarget = !near(laneX, target.x);
  const y1 = turnsAtSource ? source.y + BEND : source.y;
  const y2 = turnsAtTarget ? target.y - BEND : target.y;
  const points: [number, number][] = [[source.x, source.y]];
  if (turnsAtSource) points.push([source.x, y1], [laneX, y1]);
  if (turnsAtTarget) points.push([laneX, y2], [target.x, y2]);
  points.push([target.x, target.y]);
  return { path: roundedPath(points), labelX: laneX, labelY: (y1 + y2) / 2 };
}

/** A polyline with its corners rounded (radius shrinks on short segments). */
export function roundedPath(points: [number, number][]): string {
  const clean = points.filter(
    (p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1],
  );
  const [first, ...rest] = clean;
  if (!first) return "";
  let d = `M ${first[0]} ${first[1]}`;
  for (let i = 0; i < rest.length; i++) {
    const corner = rest[i]!;
    const next = rest[i + 1];
    if (!next) {
      d += ` L ${corner[0]} ${corner[1]}`;
      break;
    }
    const previous = clean[i]!;
    const inLength = Math.hypot(corner[0] - previous[0], corner[1] - previous[1]);
    const outLength = Math.hypot(next[0] - corner[0], next[1] - corner[1]);
    const r = Math.min(RADIUS, inLength / 2, outLength / 2);
    const before = along(corner, previous, r);
    const after = along(corner, next, r);
    d += ` L ${before[0]} ${before[1]} Q ${corner[0]} ${corner[1]} ${after[0]} ${after[1]}`;
  }
  return d;
}

function along(from: [number, number], to: [number, number], distance: number): [number, number] {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  return [
    round(from[0] + ((to[0] - from[0]) * distance) / length),
    round(from[1] + ((to[1] - from[1]) * distance) / length),
  ];
}

const round = (n: number) => Math.round(n * 100) / 100;
