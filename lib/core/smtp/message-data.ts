import type { SMTPServerDataStream } from "smtp-server";

/**
 * The message of a DATA command, read up to `maxBytes`: null when it is bigger (or over the
 * server's SIZE). Past the limit the rest is read and dropped, since the client is owed a 552 at
 * the final dot rather than a cut connection, so at most the limit plus one chunk is ever held.
 */
export function readMessageData(
  stream: SMTPServerDataStream,
  maxBytes: number,
): Promise<Buffer | null> {
  return new Promise((resolve) => {
    let chunks: Buffer[] | undefined = [];
    let received = 0;
    stream.on("data", (chunk: Buffer) => {
      if (!chunks) return;
      received += chunk.length;
      if (received > maxBytes) chunks = undefined;
      else chunks.push(chunk);
    });
    stream.on("end", () => {
      resolve(!chunks || stream.sizeExceeded ? null : Buffer.concat(chunks));
    });
  });
}
