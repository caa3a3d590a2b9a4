/**
 * The dashboard editor's preview marks each rendered block with its id, so a click in the preview
 * can select that block. Only the editor's preview asks for marks (`markBlocks`); sends, tests,
 * campaign compiles and HTML conversion never carry them.
 */
export const BLOCK_MARKER_ATTRIBUTE = "data-mw-block";

/** The attribute for a block's outermost element, or nothing when marks are off or it has no id. */
export function blockMarker(
  block: { id?: string },
  marked: boolean | undefined,
): Record<string, string> {
  return marked && block.id ? { [BLOCK_MARKER_ATTRIBUTE]: block.id } : {};
}
