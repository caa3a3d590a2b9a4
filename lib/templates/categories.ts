import { z } from "zod";

/** Template categories in display order; the first is the default (DECISIONS §4). */
export const TEMPLATE_CATEGORIES = [
  "General",
  "Onboarding",
  "Transactional",
  "Newsletter",
  "Promotional",
  "Announcement",
  "Re-engagement",
] as const;

export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const DEFAULT_TEMPLATE_CATEGORY: TemplateCategory = TEMPLATE_CATEGORIES[0];

export function isTemplateCategory(value: unknown): value is TemplateCategory {
  return typeof value === "string" && (TEMPLATE_CATEGORIES as readonly string[]).includes(value);
}

export const TemplateCategory = z.enum(TEMPLATE_CATEGORIES, {
  error: `must be one of: ${TEMPLATE_CATEGORIES.join(", ")}`,
});
