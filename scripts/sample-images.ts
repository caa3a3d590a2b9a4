/**
 * Draws the sample pictures template previews show where a template has an image nobody gave
 * (lib/templates/sample-values.ts, decision 0046) and writes them to public/samples/: a logo slot
 * and a wide picture. Drawn here from shapes, so the app ships its own and downloads nothing;
 * PNG because mail clients do not display SVG (a test email carries them). Deterministic: run it
 * again after changing a shape (`npx tsx scripts/sample-images.ts`) and commit the files.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

type Rgb = [number, number, number];
/** Coverage of a point by a shape: negative inside (a signed distance, in pixels). */
type Shape = (x: number, y: number) => number;

const hex = (color: string): Rgb => [
  parseInt(color.slice(1, 3), 16),
  parseInt(color.slice(3, 5), 16),
  parseInt(color.slice(5, 7), 16),
];
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

const circle =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r;

/** A stroke from (ax, ay) to (bx, by) with round ends, `w` wide. */
const stroke =
  (ax: number, ay: number, bx: number, by: number, w: number): Shape =>
  (x, y) => {
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - ax - t * dx, y - ay - t * dy) - w / 2;
  };

/** A ring `w` wide, open where `open(angle)` says (angle in radians, 0 = right, y down). */
const ring =
  (cx: number, cy: number, r: number, w: number, open: (a: number) => boolean = () => false) =>
  (x: number, y: number) =>
    open(Math.atan2(y - cy, x - cx)) ? 1 : Math.abs(Math.hypot(x - cx, y - cy) - r) - w / 2;

const roundedRect =
  (x0: number, y0: number, x1: number, y1: number, r: number): Shape =>
  (x, y) => {
    const qx = Math.abs(x - (x0 + x1) / 2) - (x1 - x0) / 2 + r;
    const qy = Math.abs(y - (y0 + y1) / 2) - (y1 - y0) / 2 + r;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };

const union =
  (...shapes: Shape[]): Shape =>
  (x, y) =>
    Math.min(...shapes.map((s) => s(x, y)));

/** Everything below a curve y = f(x). */
const below =
  (f: (x: number) => number): Shape =>
  (x, y) =>
    f(x) - y;

type Layer = { shape: Shape; color: (x: number, y: number) => Rgb };

/** Paints the layers in order over `background`, 4×4 samples per pixel (smooth edges). */
function paint(
  width: number,
  height: number,
  background: (x: number, y: number) => Rgb,
  layers: Layer[],
  alpha: (x: number, y: number) => number = () => 1,
): Buffer {
  const rows: Buffer[] = [];
  const n = 4;
  for (let py = 0; py < height; py++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let px = 0; px < width; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = px + (sx + 0.5) / n;
          const y = py + (sy + 0.5) / n;
          let color = background(x, y);
          let opaque = alpha(x, y);
          for (const layer of layers) {
            if (layer.shape(x, y) <= 0) {
              color = layer.color(x, y);
              opaque = 1;
            }
          }
          r += color[0] * opaque;
          g += color[1] * opaque;
          b += color[2] * opaque;
          a += opaque;
        }
      }
      const o = 1 + px * 4;
      const cover = a / (n * n);
      // Colour un-premultiplied by coverage, so a transparent edge keeps its hue.
      row[o] = a ? Math.round(r / a) : 0;
      row[o + 1] = a ? Math.round(g / a) : 0;
      row[o + 2] = a ? Math.round(b / a) : 0;
      row[o + 3] = Math.round(cover * 255);
    }
    rows.push(row);
  }
  return png(width, height, rows);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG; each row is filtered with "Up" (type 2), which suits smooth gradients. */
function png(width: number, height: number, rows: Buffer[]): Buffer {
  const filtered = rows.map((row, i) => {
    const out = Buffer.alloc(row.length);
    out[0] = 2;
    const above = rows[i - 1];
    for (let k = 1; k < row.length; k++) out[k] = (row[k]! - (above ? above[k]! : 0)) & 0xff;
    return out;
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(filtered), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A landscape (sky, sun, clouds, two hills): reads as "a picture goes here" in any template. */
function picture(): Buffer {
  const W = 1200;
  const H = 600;
  const skyTop = hex("#c7d2fe");
  const skyBottom = hex("#e0f2fe");
  const cloud = hex("#f8fafc");
  return paint(W, H, (_x, y) => mix(skyTop, skyBottom, y / H), [
    { shape: circle(880, 210, 78), color: () => hex("#fbbf24") },
    {
      shape: union(roundedRect(190, 150, 400, 196, 23), circle(265, 146, 34), circle(320, 140, 42)),
      color: () => cloud,
    },
    {
      shape: union(roundedRect(640, 96, 790, 130, 17), circle(700, 94, 26)),
      color: () => cloud,
    },
    {
      shape: below((x) => 420 - 70 * Math.sin((x / W) * Math.PI * 1.4 + 0.3)),
      color: (_x, y) => mix(hex("#5eead4"), hex("#2dd4bf"), (y - 330) / 270),
    },
    {
      shape: below((x) => 500 - 55 * Math.sin((x / W) * Math.PI * 1.1 + 2.2)),
      color: (_x, y) => mix(hex("#14b8a6"), hex("#0f766e"), (y - 440) / 160),
    },
  ]);
}

/** A logo slot: a dark mark and "LOGO" on transparency, 240×64 (shown 120 wide). */
function logo(): Buffer {
  const ink = hex("#27272a");
  const w = 7;
  const top = 19;
  const bottom = 45;
  const mid = (top + bottom) / 2;
  const r = (bottom - top) / 2;
  const letters = union(
    // L
    stroke(78, top, 78, bottom, w),
    stroke(78, bottom, 94, bottom, w),
    // O
    ring(122, mid, r, w),
    // G: a ring open at the upper right, and its bar
    ring(164, mid, r, w, (a) => a > -1.05 && a < -0.02),
    stroke(165, mid, 164 + r, mid, w),
    // O
    ring(206, mid, r, w),
  );
  const mark = roundedRect(6, 8, 54, 56, 12);
  // The mark: three white bars, a stack.
  const bars = union(
    stroke(19, 22, 41, 22, 6),
    stroke(19, 32, 36, 32, 6),
    stroke(19, 42, 30, 42, 6),
  );
  return paint(
    240,
    64,
    () => ink,
    [
      { shape: mark, color: () => ink },
      { shape: bars, color: () => hex("#ffffff") },
      { shape: letters, color: () => ink },
    ],
    () => 0,
  );
}

const dir = path.join(process.cwd(), "public", "samples");
fs.mkdirSync(dir, { recursive: true });
for (const [name, bytes] of [
  ["picture.png", picture()],
  ["logo.png", logo()],
] as const) {
  fs.writeFileSync(path.join(dir, name), bytes);
  console.log(`public/samples/${name}: ${bytes.length} bytes`);
}
