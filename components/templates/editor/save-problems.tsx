"use client";

import { findBlock } from "@/lib/web/dashboard/templates-document";
import type { EditorIssues } from "@/lib/web/dashboard/templates-issues";
import type { BlocksDocument } from "@/lib/templates/blocks";
import { Notice } from "../../ui/notice";
import { BLOCK_META } from "./block-meta";

const FIELD_LABELS: Record<string, string> = {
  text: "text",
  label: "label",
  href: "link",
  src: "image URL",
  alt: "alt text",
  width: "width",
  height: "height",
  color: "color",
  textColor: "text color",
  level: "size",
  size: "size",
  align: "alignment",
  columns: "columns",
  block: "block",
  name: "Name",
  subject: "Subject",
  category: "Category",
};

function fieldLabel(field: string): string {
  const column = /^columns\.(\d+)\.width$/.exec(field);
  if (column) return `column ${Number(column[1]) + 1} width`;
  return FIELD_LABELS[field] ?? field;
}

/** Why the last save failed, one line per problem; a block's line selects that block. */
export function SaveProblems({
  message,
  issues,
  document,
  onSelectBlock,
  onSelectTheme,
}: {
  message: string;
  issues: EditorIssues;
  document: BlocksDocument;
  onSelectBlock: (id: string) => void;
  onSelectTheme: () => void;
}) {
  const lines: { key: string; text: string; onClick?: () => void }[] = [];
  for (const [field, text] of Object.entries(issues.header)) {
    lines.push({ key: `h.${field}`, text: `${fieldLabel(field)}: ${text}` });
  }
  for (const [id, fields] of Object.entries(issues.blocks)) {
    const block = findBlock(document, id)?.block;
    if (!block) continue;
    for (const [field, text] of Object.entries(fields)) {
      lines.push({
        key: `${id}.${field}`,
        text: `${BLOCK_META[block.type].label} ${fieldLabel(field)}: ${text}`,
        onClick: () => onSelectBlock(id),
      });
    }
  }
  for (const [field, text] of Object.entries(issues.theme)) {
    lines.push({
      key: `t.${field}`,
      text: `Theme ${field.replace(/Color$/, "")} color: ${text}`,
      onClick: onSelectTheme,
    });
  }
  for (const text of issues.general) lines.push({ key: `g.${text}`, text });

  return (
    <Notice
      tone="error"
      className="mb-4"
      title={
        lines.length > 0
          ? `Not saved: ${lines.length === 1 ? "1 thing needs" : `${lines.length} things need`} fixing`
          : "Not saved"
      }
    >
      {lines.length === 0 ? (
        message
      ) : (
        <ul className="mt-1 space-y-0.5">
          {lines.slice(0, 6).map((line) => (
            <li key={line.key}>
              {line.onClick ? (
                <button
                  type="button"
                  onClick={line.onClick}
                  className="cursor-pointer text-left underline decoration-red-300 underline-offset-2 hover:decoration-red-700"
                >
                  {line.text}
                </button>
              ) : (
                line.text
              )}
            </li>
          ))}
          {lines.length > 6 && <li>…and {lines.length - 6} more</li>}
        </ul>
      )}
    </Notice>
  );
}
