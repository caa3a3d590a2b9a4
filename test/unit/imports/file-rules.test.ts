import { describe, expect, it } from "vitest";
import { readCsvPreview } from "@/lib/web/dashboard/csv-preview";
import { initialChoices, mappingProblems, mappingToSend } from "@/lib/web/dashboard/import-mapping";
import { ImportCheck } from "@/lib/imports/check";
import { detectDelimiter } from "@/lib/imports/delimiter";
import { applyLater, FirstRows, sortPiece } from "@/lib/imports/duplicates";
import { parsePiece, type PieceFormat } from "@/lib/imports/parse";
import { csvRow, joinNameParts, type RowResult } from "@/lib/imports/rows";
import { cleanFieldKey, suggestMapping } from "@/lib/imports/suggest";

describe("detectDelimiter", () => {
  it("reads commas, semicolons and tabs from the header line", () => {
    expect(detectDelimiter("email,name,plan\na;b;c;d;e\n")).toBe(",");
    expect(detectDelimiter("email;name;plan\r\nada@example.com;Ada;pro")).toBe(";");
    expect(detectDelimiter("email\tname\tplan\n")).toBe("\t");
  });

  it("ignores delimiters inside quoted header cells", () => {
    expect(detectDelimiter('"Name, full";"Email";"City, country"\n')).toBe(";");
    expect(detectDelimiter('"a;b;c;d",email\n')).toBe(",");
    // A quoted cell spanning lines is still the header.
    expect(detectDelimiter('"first\nline;x;y";email;plan\n')).toBe(";");
  });

  it("falls back to a comma for a single column or a tie", () => {
    expect(detectDelimiter("email\nada@example.com")).toBe(",");
    expect(detectDelimiter("a,b;c\n")).toBe(",");
    expect(detectDelimiter("")).toBe(",");
  });
});

describe("parsePiece with a detected delimiter", () => {
  const semicolon: PieceFormat = {
    format: "csv",
    delimiter: ";",
    columns: ["email", "name", "note"],
    mapping: { email: "email", name: "name", note: "data.note" },
  };

  it("keeps a comma inside a quoted field of a semicolon file", () => {
    const results = parsePiece('ada@example.com;"Lovelace, Ada";"a;b"\n', semicolon);
    expect(results).toEqual([
      {
        ok: true,
        contact: { email: "ada@example.com", name: "Lovelace, Ada", data: { note: "a;b" } },
      },
    ]);
  });
});

describe("suggestMapping", () => {
  it("matches an existing custom field ignoring case, spaces and underscores", () => {
    expect(suggestMapping(["Email", "Plan", "Sign up date"], ["plan", "sign_up_date"])).toEqual([
      "email",
      "data.plan",
      "data.sign_up_date",
    ]);
    expect(suggestMapping(["PLAN"], ["Plan"])).toEqual(["data.Plan"]);
  });

  it("suggests clean snake_case keys for new fields", () => {
    expect(cleanFieldKey("Sign-up Date")).toBe("sign_up_date");
    expect(cleanFieldKey("  Company Name ")).toBe("company_name");
    expect(cleanFieldKey("companyName")).toBe("company_name");
    expect(cleanFieldKey("Città")).toBe("città");
    expect(suggestMapping(["email", "Favourite Colour", "???"])).toEqual([
      "email",
      "data.favourite_colour",
      "ignore",
    ]);
  });

  it("recognises first and last name columns, unless a full name column is there", () => {
    expect(suggestMapping(["E-mail", "First Name", "last_name", "Plan"], ["plan"])).toEqual([
      "email",
      "first_name",
      "last_name",
      "data.plan",
    ]);
    expect(suggestMapping(["Email", "Name", "First name"])).toEqual([
      "email",
      "name",
      "data.first_name",
    ]);
  });

  it("gives each contact field to one column only", () => {
    expect(suggestMapping(["Email", "email address", "Subscribed"])).toEqual([
      "email",
      "data.email_address",
      "subscribed",
    ]);
  });
});

describe("first and last name", () => {
  const columns = ["email", "first", "last"];
  const mapping = { email: "email", first: "first_name", last: "last_name" };

  it("joins the parts into the name; one part alone still works", () => {
    const name = (first: string, last: string) => {
      const result = csvRow(columns, ["a@example.com", first, last], mapping);
      return result.ok ? result.contact.name : result.message;
    };
    expect(name("Ada", "Lovelace")).toBe("Ada Lovelace");
    expect(name(" Ada ", "")).toBe("Ada");
    expect(name("", "Lovelace")).toBe("Lovelace");
    expect(name("", "")).toBeNull();
    expect(joinNameParts(undefined, undefined)).toBeNull();
  });

  it("lets a filled Name column win over the parts", () => {
    const result = csvRow(
      ["email", "name", "first"],
      ["a@example.com", "Countess Lovelace", "Ada"],
      { email: "email", name: "name", first: "first_name" },
    );
    expect(result.ok && result.contact.name).toBe("Countess Lovelace");
  });
});

const ok = (email: string, extra: Partial<{ name: string; data: Record<string, unknown> }> = {}) =>
  ({ ok: true, contact: { email, data: {}, ...extra } }) as RowResult;
const bad = (message: string) => ({ ok: false, message }) as RowResult;

describe("duplicates within a file", () => {
  it("counts every row once: the later rows of an email are duplicates, applied in order", () => {
    const seen = new FirstRows();
    const sorted = sortPiece(
      [
        ok("a@x.co", { name: "A1", data: { plan: "free" } }),
        ok("b@x.co"),
        bad("email: is missing"),
        ok("a@x.co", { name: "A2", data: { city: "Oslo" } }),
      ],
      1,
      seen,
    );
    expect(sorted.fresh).toEqual([
      { email: "a@x.co", name: "A2", data: { plan: "free", city: "Oslo" } },
      { email: "b@x.co", data: {} },
    ]);
    expect(sorted.repeats).toEqual([]);
    expect(sorted.duplicates).toEqual([{ row: 4, first_row: 1, email: "a@x.co" }]);
    expect(sorted.errors).toEqual([{ row: 3, message: "email: is missing" }]);

    // A later piece: b@x.co is a repeat of row 2, applied but not counted as a new contact.
    const next = sortPiece([ok("b@x.co", { name: "B" }), ok("c@x.co")], 5, seen);
    expect(next.fresh.map((c) => c.email)).toEqual(["c@x.co"]);
    expect(next.repeats).toEqual([{ email: "b@x.co", name: "B", data: {} }]);
    expect(next.duplicates).toEqual([{ row: 5, first_row: 2, email: "b@x.co" }]);
  });

  it("an invalid first row does not make the valid later row a duplicate", () => {
    const sorted = sortPiece(
      [bad('subscribed: "maybe" is not true or false'), ok("a@x.co")],
      1,
      new FirstRows(),
    );
    expect(sorted.duplicates).toEqual([]);
    expect(sorted.fresh).toHaveLength(1);
  });

  it("past the tracking limit, repeats inside one piece are still counted", () => {
    const seen = new FirstRows(1);
    sortPiece([ok("first@x.co")], 1, seen);
    const sorted = sortPiece([ok("z@x.co"), ok("z@x.co")], 2, seen);
    expect(sorted.fresh).toHaveLength(1);
    expect(sorted.duplicates).toEqual([{ row: 3, first_row: 2, email: "z@x.co" }]);
  });

  it("re-reading the same piece (a resumed import) does not call a row its own duplicate", () => {
    const seen = new FirstRows();
    const piece = [ok("a@x.co"), ok("a@x.co")];
    sortPiece(piece, 1, seen);
    expect(sortPiece(piece, 1, seen).duplicates).toEqual([
      { row: 2, first_row: 1, email: "a@x.co" },
    ]);
  });

  it("a later row changes only the fields it gives", () => {
    expect(
      applyLater(
        { email: "a@x.co", name: "Ada", subscribed: false, data: { a: 1 } },
        { email: "a@x.co", data: { b: 2 } },
      ),
    ).toEqual({ email: "a@x.co", name: "Ada", subscribed: false, data: { a: 1, b: 2 } });
  });

  it("ImportCheck totals add up to the row count", () => {
    const check = new ImportCheck();
    check.add([ok("a@x.co"), ok("b@x.co"), bad("nope"), ok("a@x.co")], 1);
    check.add([ok("b@x.co"), ok("c@x.co")], 5);
    expect(check.contacts + check.duplicateCount + check.errorCount).toBe(check.totalRows);
    expect(check).toMatchObject({ totalRows: 6, contacts: 3, duplicateCount: 2, errorCount: 1 });
  });
});

describe("the wizard's mapping step", () => {
  it("starts from the suggestions and reads a semicolon preview", () => {
    const preview = readCsvPreview(
      'Email;First Name;Last Name;Plan\na@x.co;Ada;"Love;lace";pro\n',
      {
        truncated: false,
      },
    );
    expect(preview).toMatchObject({
      delimiter: ";",
      columns: ["Email", "First Name", "Last Name", "Plan"],
      rows: [["a@x.co", "Ada", "Love;lace", "pro"]],
    });
    const choices = initialChoices(preview.columns, ["plan"]);
    expect(choices.map((c) => c.target)).toEqual(["email", "first_name", "last_name", "data"]);
    expect(mappingToSend(preview.columns, choices)).toEqual({
      "First Name": "first_name",
      "Last Name": "last_name",
      Plan: "data.plan",
    });
    const withName = [...choices];
    withName[3] = { target: "name", key: "plan" };
    expect(mappingProblems(preview.columns, withName).general).toEqual([
      "Choose either Name or First name and Last name: “Plan” and “First Name” and “Last Name” would all fill the name.",
    ]);
  });
});
