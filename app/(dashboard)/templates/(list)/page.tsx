import { LayoutTemplate, SearchX } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/app-shell/page-header";
import { GalleryCard } from "@/components/templates/gallery-card";
import { NewTemplateButton } from "@/components/templates/new-template-dialog";
import {
  templatesHref,
  TemplatesNav,
  type TemplatesView,
} from "@/components/templates/templates-nav";
import { TemplatesTable } from "@/components/templates/templates-table";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager } from "@/components/ui/keyset-pager";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { formatCount } from "@/lib/web/dashboard/format";
import { first, type SearchParams } from "@/lib/web/dashboard/search-params";
import { listGalleryTemplates } from "@/lib/templates/gallery-list";
import { countOwnTemplates } from "@/lib/templates/list";
import { ValidationError } from "@/lib/core/errors";
import { isTemplateCategory } from "@/lib/templates/categories";
import { listTemplates } from "@/lib/templates/list";

export const metadata: Metadata = { title: "Templates" };

const PAGE_SIZE = 25;
export default async function TemplatesPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireDashboard();
  const params = await searchParams;
  const categoryParam = first(params.category);
  const category = isTemplateCategory(categoryParam) ? categoryParam : undefined;
  const view: TemplatesView = {
    tab: first(params.tab) === "gallery" ? "gallery" : "yours",
    category,
    cursor: first(params.cursor),
  };

  const [gallery, ownTotal, ownMatching] = await Promise.all([
    listGalleryTemplates(ctx, category),
    countOwnTemplates(ctx),
    countOwnTemplates(ctx, category),
  ]);

  return (
    <>
      <PageHeader
        title="Templates"
        description="Reusable emails for transactional sends, automations and campaigns. Start from the gallery, design with blocks, or bring your own HTML."
        actions={<NewTemplateButton />}
      />
      <TemplatesNav view={view} counts={{ yours: ownMatching, gallery: gallery.length }} />
      {view.tab === "gallery" ? (
        <GallerySection templates={gallery} view={view} />
      ) : (
        <OwnTemplates view={view} total={ownTotal} matching={ownMatching} />
      )}
    </>
  );
}

async function OwnTemplates({
  view,
  total,
  matching,
}: {
  view: TemplatesView;
  total: number;
  matching: number;
}) {
  const { ctx } = await requireDashboard();
  if (total === 0) {
    return (
      <Card>
        <EmptyState
          icon={LayoutTemplate}
          title="No templates yet"
          description="Pick a professionally designed starting point from the gallery and make it yours, or start from a blank canvas."
        >
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link href={templatesHref({ tab: "gallery" })}>Browse the gallery</Link>
            </Button>
            <NewTemplateButton label="Start from scratch" variant="secondary" />
          </div>
        </EmptyState>
      </Card>
    );
  }

  let page;
  try {
    page = await listTemplates(ctx, {
      scope: "own",
      category: view.category,
      cursor: view.cursor,
      limit: PAGE_SIZE,
    });
  } catch (error) {
    // A stale or hand-edited cursor: say so and offer the first page.
    if (!(error instanceof ValidationError)) throw error;
    page = null;
  }

  return (
    <Card className="overflow-hidden">
      {page === null ? (
        <InvalidCursorNotice firstHref={templatesHref({ ...view, cursor: undefined })} />
      ) : page.data.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={`No ${view.category} templates yet`}
          description="None of your templates is in this category. The gallery may have one to start from."
        >
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="secondary" asChild>
              <Link href="/templates">Show all categories</Link>
            </Button>
            <Button asChild>
              <Link href={templatesHref({ tab: "gallery", category: view.category })}>
                Browse {view.category} templates
              </Link>
            </Button>
          </div>
        </EmptyState>
      ) : (
        <>
          <TemplatesTable templates={page.data} now={ctx.clock.now()} />
          <KeysetPager
            page={page}
            cursor={view.cursor}
            firstHref={templatesHref({ ...view, cursor: undefined })}
            nextHref={(next) => templatesHref({ ...view, cursor: next })}
            labels="first-next"
            summary={
              <>
                {formatCount(matching)} {matching === 1 ? "template" : "templates"}
                {view.category && ` in ${view.category}`}
              </>
            }
          />
        </>
      )}
    </Card>
  );
}

function GallerySection({
  templates,
  view,
}: {
  templates: Awaited<ReturnType<typeof listGalleryTemplates>>;
  view: TemplatesView;
}) {
  if (templates.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={SearchX}
          title={`No ${view.category} templates in the gallery`}
          description="The gallery has templates in other categories to start from."
        >
          <Button variant="secondary" asChild>
            <Link href={templatesHref({ tab: "gallery" })}>Show all categories</Link>
          </Button>
        </EmptyState>
      </Card>
    );
  }
  return (
    <section aria-label="Gallery" className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      {templates.map((template) => (
        <GalleryCard key={template.id} template={template} />
      ))}
    </section>
  );
}
