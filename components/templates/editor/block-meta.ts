import {
  Columns2,
  Heading,
  Image,
  Minus,
  MousePointerClick,
  MoveVertical,
  Type,
  type LucideIcon,
} from "lucide-react";
import type { AnyBlock } from "@/lib/web/dashboard/templates-document";
import type { BlockType } from "@/lib/templates/blocks";

export const BLOCK_META: Record<BlockType, { label: string; icon: LucideIcon; hint: string }> = {
  heading: { label: "Heading", icon: Heading, hint: "A title or section heading" },
  text: { label: "Text", icon: Type, hint: "Paragraphs with bold and links" },
  button: { label: "Button", icon: MousePointerClick, hint: "A call to action" },
  image: { label: "Image", icon: Image, hint: "A picture, optionally linked" },
  divider: { label: "Divider", icon: Minus, hint: "A thin horizontal line" },
  spacer: { label: "Spacer", icon: MoveVertical, hint: "Vertical breathing room" },
  columns: { label: "Columns", icon: Columns2, hint: "2 or 3 side-by-side columns" },
};

/** One line describing a block's content, for the block list. */
export function blockSummary(block: AnyBlock): string {
  switch (block.type) {
    case "heading":
    case "text":
      return block.text.replace(/\*\*/g, "").replace(/\s+/g, " ").trim() || "Empty";
    case "button":
      return block.label || "No label";
    case "image":
      return block.alt || block.src || "No image yet";
    case "divider":
      return "Line";
    case "spacer":
      return `${block.height ?? 24} px`;
    case "columns":
      return `${block.columns.length} columns`;
  }
}
