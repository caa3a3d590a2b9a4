import { describe, expect, it } from "vitest";
import { extensionOf, sniffImage } from "@/lib/media/sniff";
import { mediaUrl, parseMediaFileName } from "@/lib/media/urls";
import { GIF_1X1, JPEG_HEAD, PNG_1X1, SVG, WEBP_HEAD } from "../../support/images";

describe("sniffImage", () => {
  it("recognises PNG, JPEG, GIF and WebP by their first bytes", () => {
    expect(sniffImage(PNG_1X1)).toEqual({ extension: "png", contentType: "image/png" });
    expect(sniffImage(JPEG_HEAD)).toEqual({ extension: "jpg", contentType: "image/jpeg" });
    expect(sniffImage(GIF_1X1)).toEqual({ extension: "gif", contentType: "image/gif" });
    expect(sniffImage(Buffer.from("GIF87a;"))?.extension).toBe("gif");
    expect(sniffImage(WEBP_HEAD)).toEqual({ extension: "webp", contentType: "image/webp" });
  });

  it("refuses SVG, HTML, text, truncated signatures and other RIFF files", () => {
    expect(sniffImage(SVG)).toBeNull();
    expect(sniffImage(Buffer.from("<!doctype html><script>x</script>"))).toBeNull();
    expect(sniffImage(Buffer.from("hello"))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(PNG_1X1.subarray(0, 7))).toBeNull();
    expect(sniffImage(Buffer.from("RIFF\x24\x00\x00\x00WAVEfmt "))).toBeNull();
    // A PNG signature later in the file does not count.
    expect(sniffImage(Buffer.concat([Buffer.from(" "), PNG_1X1]))).toBeNull();
  });

  it("maps stored types back to extensions", () => {
    expect(extensionOf("image/jpeg")).toBe("jpg");
    expect(extensionOf("image/svg+xml")).toBeNull();
  });
});

describe("media URLs", () => {
  const id = "med_01jz0000000000000000000000";
  it("round-trips an id and extension through the public file name", () => {
    const url = mediaUrl("https://mail.example.com", { id, contentType: "image/png" });
    expect(url).toBe(`https://mail.example.com/media/${id}.png`);
    expect(parseMediaFileName(url.split("/").pop()!)).toEqual({ id, extension: "png" });
  });

  it("refuses names that cannot be an upload", () => {
    expect(parseMediaFileName(`${id}.svg`)).toBeNull();
    expect(parseMediaFileName(`${id}`)).toBeNull();
    expect(parseMediaFileName(`../${id}.png`)).toBeNull();
    expect(parseMediaFileName(`em_01jz0000000000000000000000.png`)).toBeNull();
  });
});
