/**
 * A Markdown table for a bench's summary (the README copies it): every row must have as many
 * cells as the header names, so a figure can never appear without its heading.
 */
export function markdownTable(headers: string[], rows: string[][]): string {
  for (const row of rows) {
    if (row.length !== headers.length) {
      throw new Error(
        `a table row has ${row.length} cells for ${headers.length} headings: ${row.join(" | ")}`,
      );
    }
  }
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}
