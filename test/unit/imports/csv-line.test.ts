import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/imports/csv-cells";

/**
 * lib/imports/csv-cells.ts is the one CSV writer: the server's contacts export and the downloads
 * the browser builds (an import's problem rows, the sample file). The browser used to have its
 * own copy without the formula guard, so a row message a spreadsheet would run went out as is.
 */
describe("csvLine, as the browser's downloads call it", () => {
  it("neutralises a cell a spreadsheet would run as a formula", () => {
    const line = csvLine([3, "error", '=HYPERLINK("https://evil.example","Click")']);
    expect(line).toBe(`3,error,"'=HYPERLINK(""https://evil.example"",""Click"")"\r\n`);
  });

  it("leaves numbers (row numbers, negative amounts) and plain text as they are", () => {
    expect(csvLine([12, -5, "+1.5", "Ada Lovelace"])).toBe("12,-5,+1.5,Ada Lovelace\r\n");
  });

  it("guards every formula start: + - @ tab and CR as well as =", () => {
    const cells = ["+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx"];
    expect(csvLine(cells)).toBe(`"'+SUM(A1)","'-2+3","'@cmd","'\tx","'\rx"\r\n`);
  });

  it("quotes cells holding the delimiter, quotes or line breaks", () => {
    expect(csvLine(["a,b", 'say "hi"', "two\nlines"])).toBe(`"a,b","say ""hi""","two\nlines"\r\n`);
  });
});
