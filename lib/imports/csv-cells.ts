/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with
 * `=`, `+`, `-`, `@`, tab or CR as a formula. Exported cells that would are prefixed with a single
 * quote (and quoted), which spreadsheets show as text. Plain numbers (`-5`, `+1.5`) are left as
 * they are: they are not formulas. Cells that already start with quotes before such a character
 * get one more, so the import can strip exactly one and a round trip gives back what was stored.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED = /^'+[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** The cell as exported: neutralised when a spreadsheet would evaluate it. */
export function neutralizeCell(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** The cell as imported: one escaping quote (ours, or a spreadsheet's text marker) removed. */
export function restoreCell(cell: string): string {
  return ESCAPED.test(cell) ? cell.slice(1) : cell;
}

/**
 * One CSV record with CRLF; cells are neutralised, then quoted when needed. The one CSV writer:
 * the contacts export on the server and the downloads built in the browser (an import's problem
 * rows, the sample file) both use it, so this module imports nothing.
 */
export function csvLine(cells: readonly (string | number)[]): string {
  return (
    cells
      .map(String)
      .map((raw) => {
        const cell = neutralizeCell(raw);
        return cell !== raw || /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
      })
      .join(",") + "\r\n"
  );
}
