import { z } from "zod";
import { PageQuery } from "@/lib/core/pagination";
import { JsonObject } from "@/lib/core/validation";
import { TemplateCategory } from "./categories";

const Name = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters");

// A subject becomes a header: one line.
const Subject = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(500, "must be at most 500 characters")
  .refine((v) => !/[\r\n]/.test(v), "must be a single line");

export const TemplateFormat = z.enum(["html", "blocks"], { error: "must be html or blocks" });
export type TemplateFormat = z.infer<typeof TemplateFormat>;

/** 1 MB of source: far above any real email, well below the 10 MiB body cap. */
export const MAX_SOURCE_LENGTH = 1_000_000;
const Source = z
  .string({ error: "must be a string" })
  .max(MAX_SOURCE_LENGTH, `must be at most ${MAX_SOURCE_LENGTH} characters`);

export const CreateTemplateInput = z.object(
  {
    name: Name,
    subject: Subject.optional(),
    category: TemplateCategory.optional(),
    format: TemplateFormat.optional(),
    source: Source.optional(),
  },
  { error: "must be a JSON object" },
);
export type CreateTemplateInput = z.input<typeof CreateTemplateInput>;

export const UpdateTemplateInput = z.object(
  {
    name: Name.optional(),
    subject: Subject.optional(),
    category: TemplateCategory.optional(),
    format: TemplateFormat.optional(),
    source: Source.optional(),
  },
  { error: "must be a JSON object" },
);
export type UpdateTemplateInput = z.input<typeof UpdateTemplateInput>;

export const ListTemplatesQuery = PageQuery.extend({
  scope: z.enum(["own", "all"], { error: "must be own or all" }).default("own"),
  category: TemplateCategory.optional(),
});
export type ListTemplatesQuery = z.input<typeof ListTemplatesQuery>;

export const PreviewTemplateInput = z.object(
  {
    variables: JsonObject.optional(),
    preview_text: z.string({ error: "must be a string" }).max(500).optional(),
  },
  { error: "must be a JSON object" },
);
export type PreviewTemplateInput = z.input<typeof PreviewTemplateInput>;
