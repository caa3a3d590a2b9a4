/**
 * What an uploaded file really is, read from its first bytes (magic numbers), never from the
 * name or the client's Content-Type. Only raster formats every mail client shows: SVG is refused
 * because it is a document that can carry scripts, and no major mail client displays it anyway.
 */
export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;
export type SniffedImage = { extension: ImageExtension; contentType: string };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89A = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** The image format of `bytes`, or null when it is not a PNG, JPEG, GIF or WebP. */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  const found = (extension: ImageExtension) => ({
    extension,
    contentType: IMAGE_TYPES[extension],
  });
  if (startsWith(bytes, PNG)) return found("png");
  if (startsWith(bytes, JPEG)) return found("jpg");
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return found("gif");
  // RIFF <4-byte size> WEBP
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return found("webp");
  return null;
}

/** The extension a stored content type is served under. */
export function extensionOf(contentType: string): ImageExtension | null {
  const entry = Object.entries(IMAGE_TYPES).find(([, type]) => type === contentType);
  return entry ? (entry[0] as ImageExtension) : null;
}
