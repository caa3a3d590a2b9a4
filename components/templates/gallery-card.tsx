import Link from "next/link";
import type { GalleryTemplate } from "@/lib/templates/gallery-list";
import { Button } from "../ui/button";
import { CategoryBadge } from "./category-badge";
import { ScaledFrame } from "./scaled-frame";
import { UseTemplateButton } from "./use-template-button";

/** A gallery template: a live thumbnail of its rendered email, what it is for, and "use". */
export function GalleryCard({ template }: { template: GalleryTemplate }) {
  const href = `/templates/${template.id}`;
  return (
    <article
      aria-labelledby={`${template.id}-name`}
      className="group flex flex-col overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-zinc-200/80 transition-shadow hover:shadow-md"
    >
      <Link
        href={href}
        tabIndex={-1}
        aria-hidden
        className="relative block border-b border-zinc-100 bg-zinc-100"
      >
        <ScaledFrame
          html={template.html}
          width={640}
          title={`Preview of ${template.name}`}
          interactive={false}
          className="aspect-[4/3] w-full"
        />
        <span className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-gradient-to-t from-white/90 to-transparent" />
      </Link>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 id={`${template.id}-name`} className="text-[15px] font-semibold text-zinc-900">
            <Link href={href} className="hover:text-indigo-600">
              {template.name}
            </Link>
          </h3>
          <CategoryBadge category={template.category} />
        </div>
        {template.description && (
          <p className="mt-1 text-[13px] text-pretty text-zinc-500">{template.description}</p>
        )}
        <div className="mt-auto flex gap-2 pt-4">
          <Button variant="secondary" size="sm" asChild>
            <Link href={href}>Preview</Link>
          </Button>
          <UseTemplateButton
            templateId={template.id}
            name={template.name}
            size="sm"
            className="flex-1"
          />
        </div>
      </div>
    </article>
  );
}
