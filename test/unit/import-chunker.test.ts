import { describe, expect, it } from "vitest";
import { countRecords, RecordChunker } from "@/lib/imports/chunker";
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
