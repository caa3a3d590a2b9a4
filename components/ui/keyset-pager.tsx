import { ArrowLeft, ArrowRight } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { Page } from "@/lib/core/pagination";

// Lists are keyset-paged (lib/core/pagination.ts): a page can only go back to the first page or on to
// the next, so the footer has at most those two links.

const LABELS = {
  "newest-older": { first: "Newest", next: "Older" },
  "first-next": { first: "First page", next: "Next page" },
} as const;

const BAR = "border-t border-zinc-100 px-4 py-3 sm:px-5";

export function KeysetPager({
  page,
  cursor,
  firstHref,
  nextHref,
  labels,
  summary,
  wrap = true,
}: {
  page: Pick<Page<unknown>, "has_more" | "next_cursor">;
  /** The cursor this page was opened with; without one we are on the first page. */
  cursor: string | undefined;
  firstHref: string;
  nextHref: (nextCursor: string) => string;
  labels: keyof typeof LABELS;
  /** Text at the left ("Newest first · 25 shown"). Without it the bar only shows when it has a link. */
  summary?: ReactNode;
  /** The suppressions bar never wrapped; kept so this refactor changes no markup. */
  wrap?: boolean;
}) {
  const label = LABELS[labels];
  const links = (
    <>
      {cursor && (
        <Button variant="secondary" size="sm" asChild>
          <Link href={firstHref}>
            <ArrowLeft aria-hidden />
            {label.first}
          </Link>
        </Button>
      )}
      {page.has_more && page.next_cursor && (
        <Button variant="secondary" size="sm" asChild>
          <Link href={nextHref(page.next_cursor)}>
            {label.next}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      )}
    </>
  );

  if (summary === undefined) {
    if (!cursor && !page.has_more) return null;
    const layout = wrap
      ? "flex flex-wrap items-center justify-end gap-2"
      : "flex justify-end gap-2";
    return <div className={`${layout} ${BAR}`}>{links}</div>;
  }
  return (
    <div className={`flex flex-wrap items-center justify-between gap-3 ${BAR}`}>
      <p className="text-[13px] text-zinc-500">{summary}</p>
      <div className="flex gap-2">{links}</div>
    </div>
  );
}

/** "Newest first · 25 shown", or "Older emails · 25 shown" past the first page. */
export function newestFirstSummary(cursor: string | undefined, olderLabel: string, shown: number) {
  return `${cursor ? olderLabel : "Newest first"} · ${shown} shown`;
}

/** A stale or hand-edited cursor: say so and offer the first page. */
export function InvalidCursorNotice({ firstHref }: { firstHref: string }) {
  return (
    <div className="p-5">
      <Notice tone="error" title="This page link is no longer valid">
        The paging cursor in the address does not belong to this list.{" "}
        <Link href={firstHref} className="font-medium underline">
          Go to the first page
        </Link>
      </Notice>
    </div>
  );
}
