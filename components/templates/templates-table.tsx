import { Blocks, Code2 } from "lucide-react";
import Link from "next/link";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import type { TemplateResource } from "@/lib/templates/serialize";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { CategoryBadge } from "./category-badge";
import { TemplateRowActions } from "./template-actions";

export function TemplatesTable({ templates, now }: { templates: TemplateResource[]; now: Date }) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Template</TH>
          <TH className="hidden sm:table-cell">Category</TH>
          <TH className="hidden md:table-cell">Format</TH>
          <TH className="hidden sm:table-cell">Updated</TH>
          <TH className="w-12">
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {templates.map((template) => {
          const updated = new Date(template.updated_at);
          const FormatIcon = template.format === "html" ? Code2 : Blocks;
          return (
            <TR key={template.id}>
              <TD className="max-w-72 py-2.5 sm:max-w-md">
                <Link
                  href={`/templates/${template.id}`}
                  className="block truncate font-medium text-zinc-900 hover:text-indigo-600"
                >
                  {template.name}
                </Link>
                <span className="block truncate text-[13px] text-zinc-500" title={template.subject}>
                  {template.subject}
                </span>
                <span className="mt-1 block sm:hidden">
                  <CategoryBadge category={template.category} />
                </span>
              </TD>
              <TD className="hidden sm:table-cell">
                <CategoryBadge category={template.category} />
              </TD>
              <TD className="hidden md:table-cell">
                <span className="inline-flex items-center gap-1.5 text-[13px] text-zinc-600">
                  <FormatIcon aria-hidden className="size-3.5 text-zinc-400" />
                  {template.format === "html" ? "HTML" : "Blocks"}
                </span>
              </TD>
              <TD className="hidden whitespace-nowrap text-zinc-500 sm:table-cell">
                <time dateTime={template.updated_at} title={formatDateTime(updated)}>
                  {relativeTime(updated, now)}
                </time>
              </TD>
              <TD className="py-2 text-right">
                <TemplateRowActions template={template} />
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
