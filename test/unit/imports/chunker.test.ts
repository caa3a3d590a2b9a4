import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/core/errors";
import { countRecords, MAX_RECORD_CHARS, RecordChunker } from "@/lib/imports/chunker";
import { csvRow, defaultMapping, ndjsonRow } from "@/lib/imports/rows";

describe("RecordChunker", () => {
  it("cuts CSV only between records, never inside a quoted field that spans lines", () => {
    const chunker = new RecordChunker("csv", 16);
    const text = 'a,b\n"x\ny\nz",1\nc,d\ne,f\n';
    const pieces = [
      ...chunker.push(text.slice(0, 9)),
      ...chunker.push(text.slice(9)),
      ...chunker.end(),
    ];
    expect(pieces.join("")).toBe(text);
    for (const piece of pieces) expect((piece.match(/"/g) ?? []).length % 2).toBe(0);
    expect(pieces.reduce((n, p) => n + countRecords(p, "csv"), 0)).toBe(4);
  });

  it("cuts NDJSON at any newline and counts non-empty lines", () => {
    const chunker = new RecordChunker("ndjson", 10);
    const pieces = [...chunker.push('{"a":1}\n{"b":2}\n\n{"c":3}'), ...chunker.end()];
    expect(pieces.join("")).toBe('{"a":1}\n{"b":2}\n\n{"c":3}');
    expect(pieces.reduce((n, p) => n + countRecords(p, "ndjson"), 0)).toBe(3);
  });
});

/** Feeds `text` in `size` pushes; returns the pieces, or the error the chunker threw. */
function chunk(chunker: RecordChunker, text: string, size: number) {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size)
    pieces.push(...chunker.push(text.slice(at, at + size)));
  return [...pieces, ...chunker.end()];
}

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error("expected it to throw");
}

describe("RecordChunker on one long record", () => {
  const MiB = 1024 * 1024;

  it("refuses 32 MiB without a newline, pushed in 64 KiB blocks, in well under a second", () => {
    const block = "x".repeat(64 * 1024);
    const chunker = new RecordChunker("csv", MiB);
    const started = performance.now();
    const error = thrown(() => {
      chunker.push('email,name\nada@example.com,"Ada');
      for (let sent = 0; sent < 32 * MiB; sent += block.length) chunker.push(block);
      chunker.end();
    });
    const ms = performance.now() - started;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 422,
      code: "import_record_too_large",
      message: "Line 2 starts a record longer than 1 MiB: is a quote left open?",
      details: [{ path: "lines.2", message: "starts a record longer than 1 MiB" }],
    });
    expect(ms).toBeLessThan(1_000);
  });

  it("scans each character once: 64 MiB of short records in 64 KiB blocks takes about as long per MiB as 8 MiB", () => {
    const rows = 'ada@example.com,Ada Lovelace,"a quoted, \n two-line note"\n'.repeat(1024);
    const time = (mib: number) => {
      const chunker = new RecordChunker("csv", 256 * 1024);
      const started = performance.now();
      let pieces = 0;
      for (let sent = 0; sent < mib * MiB; sent += rows.length) pieces += chunker.push(rows).length;
      pieces += chunker.end().length;
      expect(pieces).toBeGreaterThan(mib * 3);
      return (performance.now() - started) / mib;
    };
    time(1); // warm up
    const small = time(8);
    const large = time(64);
    // Linear work: the same cost per MiB (quadratic work would make it 8 times larger).
    expect(large).toBeLessThan(small * 3 + 5);
  });

  it("names the line a record starts on, counting the lines inside quoted fields", () => {
    const text = `email,note\na@example.com,"one\ntwo"\nb@example.com,"${"y".repeat(MAX_RECORD_CHARS)}`;
    const error = thrown(() => chunk(new RecordChunker("csv", 1024), text, 4096));
    expect(error).toMatchObject({ code: "import_record_too_large" });
    expect((error as Error).message).toMatch(/^Line 4 starts a record longer than 1 MiB/);
  });

  it("refuses a long record however it arrives: one push, many, or at the end of the file", () => {
    const text = `email\n${"z".repeat(MAX_RECORD_CHARS + 1)}\nlast@example.com\n`;
    for (const size of [text.length, 1000, 7]) {
      const error = thrown(() => chunk(new RecordChunker("ndjson", 1024), text, size));
      expect(error, `pushes of ${size}`).toMatchObject({
        code: "import_record_too_large",
        message: "Line 2 starts a record longer than 1 MiB: are line breaks missing?",
      });
    }
    const atEnd = thrown(() =>
      chunk(new RecordChunker("csv"), `email\n${"z".repeat(MAX_RECORD_CHARS + 1)}`, 999),
    );
    expect(atEnd).toMatchObject({ code: "import_record_too_large" });
  });

  it("keeps a record of exactly the limit, and cuts the pieces around it on record boundaries", () => {
    const long = `"${"q\n".repeat((MAX_RECORD_CHARS - 2) / 2)}"`;
    expect(long).toHaveLength(MAX_RECORD_CHARS);
    const text = `a,b\n1,2\n${long}\n3,4\n`;
    const pieces = chunk(new RecordChunker("csv", 64), text, 5000);
    expect(pieces.join("")).toBe(text);
    expect(pieces.reduce((n, p) => n + countRecords(p, "csv"), 0)).toBe(4);
    for (const piece of pieces) expect((piece.match(/"/g) ?? []).length % 2).toBe(0);
  });
});

describe("RecordChunker reads quotes as the CSV parser does", () => {
  const parseCsv = (text: string, delimiter = ",") =>
    parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });

  it('a quote inside an unquoted field (12" pizza) is text: the rows after it are cut as usual', () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => `p${i}@example.com,"note ${i}, quoted"`);
    const text = ["email,note", 'a@example.com,12" pizza', ...rows, ""].join("\n");
    expect(text.length).toBeGreaterThan(MAX_RECORD_CHARS);
    const pieces = chunk(new RecordChunker("csv", 64 * 1024), text, 64 * 1024);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join("")).toBe(text);
    const [header, ...data] = pieces;
    const body = [header!.slice(header!.indexOf("\n") + 1), ...data];
    expect(body.reduce((n, p) => n + countRecords(p, "csv", ","), 0)).toBe(30_001);
    // Each piece parses to the rows the whole file has, in order.
    expect(body.flatMap((p) => parseCsv(p))).toEqual(parseCsv(text).slice(1));
  });

  it("opens a quoted field only at the start of a field, with the header's delimiter", () => {
    // In a semicolon file, `,"` inside a field is text; `;"` opens a field spanning lines.
    const text = 'email;note\na@example.com;say,"hi\nb@example.com;"two\nlines"\nc@example.com;x\n';
    const pieces = chunk(new RecordChunker("csv", 1), text, 3);
    expect(pieces).toEqual([
      "email;note\n",
      'a@example.com;say,"hi\n',
      'b@example.com;"two\nlines"\n',
      "c@example.com;x\n",
    ]);
    expect(pieces.slice(1).map((p) => countRecords(p, "csv", ";"))).toEqual([1, 1, 1]);
    expect(pieces.slice(1).flatMap((p) => parseCsv(p, ";"))).toEqual(parseCsv(text, ";").slice(1));
  });

  it("still refuses a quoted field left open, naming the line it starts on", () => {
    const text = `email,note\na@example.com,ok\nb@example.com,"${"never closed\n".repeat(90_000)}`;
    const error = thrown(() => chunk(new RecordChunker("csv", 64 * 1024), text, 64 * 1024));
    expect(error).toMatchObject({
      code: "import_record_too_large",
      message: "Line 3 starts a record longer than 1 MiB: is a quote left open?",
    });
  });
});

describe("import rows", () => {
  const columns = ["E-mail", "Full name", "Subscribed", "Plan"];
  const mapping = defaultMapping(columns);

  it("maps headers by name and the rest to data", () => {
    expect(mapping).toEqual({
      "E-mail": "email",
      "Full name": "name",
      Subscribed: "subscribed",
      Plan: "data.Plan",
    });
    expect(csvRow(columns, [" Ada@Example.com ", "Ada", "no", "pro"], mapping)).toEqual({
      ok: true,
      contact: { email: "ada@example.com", name: "Ada", subscribed: false, data: { Plan: "pro" } },
    });
    expect(csvRow(columns, ["", "Ada", "", ""], mapping)).toEqual({
      ok: false,
      message: "email: is missing",
    });
  });

  it("checks NDJSON lines like POST /v1/contacts bodies", () => {
    expect(ndjsonRow('{"email":"a@b.co","data":[1]}')).toEqual({
      ok: false,
      message: "data: must be a JSON object",
    });
    expect(ndjsonRow('{"email":"a@b.co","subscribed":"yes"}')).toEqual({
      ok: false,
      message: "subscribed: must be true or false",
    });
    expect(ndjsonRow('{"email":"A@b.co","name":""}')).toEqual({
      ok: true,
      contact: { email: "a@b.co", name: null, subscribed: undefined, data: {} },
    });
  });
});
