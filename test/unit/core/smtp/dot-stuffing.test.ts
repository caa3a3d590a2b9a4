import { describe, expect, it } from "vitest";
import { messageData } from "@/lib/core/smtp/dot-stuffing";

const onWire = (text: string) =>
  Buffer.concat(messageData(Buffer.from(text, "latin1")).chunks).toString("latin1");

describe("messageData (DATA's transparency, RFC 5321 §4.5.2)", () => {
  it("writes a CRLF message as itself and the terminator, without copying it", () => {
    const data = Buffer.from("Subject: x\r\n\r\nbody\r\n");
    const { chunks } = messageData(data);
    expect(chunks[0]).toBe(data);
    expect(Buffer.concat(chunks).toString()).toBe("Subject: x\r\n\r\nbody\r\n.\r\n");
  });

  it("doubles a dot that starts a line, the first line's too", () => {
    expect(onWire(".a\r\n.b\r\nc.d\r\n..\r\n")).toBe("..a\r\n..b\r\nc.d\r\n...\r\n.\r\n");
  });

  it("ends bare LFs with CR, and a dot after one is still doubled", () => {
    expect(onWire("a\nb\r\n\n.c\n")).toBe("a\r\nb\r\n\r\n..c\r\n.\r\n");
  });

  it("ends the last line before the terminator when the message does not", () => {
    expect(onWire("no newline")).toBe("no newline\r\n.\r\n");
    expect(onWire("")).toBe("\r\n.\r\n");
  });

  it("says whether the message has 8-bit bytes", () => {
    expect(messageData(Buffer.from("plain ascii")).eightBit).toBe(false);
    expect(messageData(Buffer.from("grüße", "utf8")).eightBit).toBe(true);
  });
});
