import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Joiner, Rewriter, Splitter, type MimeNode } from "@zone-eu/mailsplit";

/**
 * What a rewrite changes in a message; everything else stays byte for byte (attachments,
 * inline images, the text part, other headers, line endings).
 */
export type MimeRewrite = {
  /** Header names removed from the message's own headers (any case, every occurrence). */
  removeHeaders?: readonly string[];
  /** Headers of the message set to one value each, replacing any occurrence of the name. */
  setHeaders?: Readonly<Record<string, string>>;
  /** Headers of the message added only where the message has none of that name. */
  defaultHeaders?: Readonly<Record<string, string>>;
  /** Each text/html part that is not an attachment: its decoded text in, its replacement out. */
  html?: (html: string) => string | Promise<string>;
};

/**
 * Rewrites a MIME message with mailsplit (the Zone Mail Suite's splitter, the one mailparser
 * reads with): only the nodes and headers named change. A rewritten HTML part is written back
 * as UTF-8 in its own transfer encoding (quoted-printable when it had none, so a longer line
 * never breaks the 998-octet limit).
 */
export async function rewriteMime(raw: Buffer, rewrite: MimeRewrite): Promise<Buffer> {
  const removed = (rewrite.removeHeaders ?? []).map((name) => name.toLowerCase());
  const set = Object.entries(rewrite.setHeaders ?? {});
  const defaults = Object.entries(rewrite.defaultHeaders ?? {});
  const rootHeaders = new Transform({
    objectMode: true,
    transform(chunk: { type: string } & Partial<MimeNode>, _encoding, callback) {
      if (chunk.type === "node" && chunk.root && chunk.headers) {
        for (const name of removed) chunk.headers.remove(name);
        for (const [name, value] of set) {
          chunk.headers.remove(name);
          chunk.headers.add(name, value);
        }
        for (const [name, value] of defaults) {
          if (!chunk.headers.hasHeader(name)) chunk.headers.add(name, value);
        }
      }
      callback(null, chunk);
    },
  });
  const stages: NodeJS.ReadWriteStream[] = [new Splitter(), rootHeaders];
  const { html } = rewrite;
  if (html) {
    const rewriter = new Rewriter(
      (node: MimeNode) => node.contentType === "text/html" && node.disposition !== "attachment",
    );
    rewriter.on("node", ({ node, decoder, encoder }) => {
      collect(decoder)
        .then(async (bytes) => {
          const rewritten = await html(decodeText(bytes, node.charset || "utf-8"));
          node.setCharset("utf-8");
          encoder.end(Buffer.from(rewritten, "utf8"));
        })
        .catch((error: unknown) => rewriter.destroy(error as Error));
    });
    stages.push(rewriter);
  }
  const chunks: Buffer[] = [];
  await pipeline([
    Readable.from([raw]),
    ...stages,
    new Joiner(),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    }),
  ]);
  return Buffer.concat(chunks);
}

function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => parts.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(parts)));
    stream.on("error", reject);
  });
}

/** A part's bytes as text in its declared charset; an unknown charset is read as latin-1. */
function decodeText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString("latin1");
  }
}
