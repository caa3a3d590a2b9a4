import { isAscii } from "node:buffer";

const LF = 0x0a;
const CR = 0x0d;
const DOT = 0x2e;
const CRLF = Buffer.from("\r\n");
const DOT_BYTE = Buffer.from(".");

/**
 * A message as DATA carries it (RFC 5321 §4.5.2): a dot that starts a line doubled, bare LFs as
 * CRLF, then the line with the single dot that ends it. Slices of the message where nothing
 * changes (ours are CRLF throughout, and quoted-printable rarely starts a line with a dot), so
 * the usual message is written as itself plus the terminator. `eightBit`: it has bytes past
 * ASCII (BODY=8BITMIME is asked for where the server offers it).
 */
export function messageData(data: Buffer): { chunks: Buffer[]; eightBit: boolean } {
  const chunks: Buffer[] = [];
  let from = 0;
  if (data[0] === DOT) chunks.push(DOT_BYTE);
  for (let i = data.indexOf(LF); i !== -1; i = data.indexOf(LF, i + 1)) {
    if (i === 0 || data[i - 1] !== CR) {
      chunks.push(data.subarray(from, i), CRLF);
      from = i + 1;
    }
    if (data[i + 1] === DOT) {
      chunks.push(data.subarray(from, i + 1), DOT_BYTE);
      from = i + 1;
    }
  }
  chunks.push(from === 0 ? data : data.subarray(from));
  const last = data.at(-1);
  chunks.push(Buffer.from(last === LF ? ".\r\n" : last === CR ? "\n.\r\n" : "\r\n.\r\n"));
  return { chunks, eightBit: !isAscii(data) };
}
