"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { engagedContactsAction } from "@/lib/web/dashboard/actions/campaigns";
import type { EngagedContact } from "@/lib/campaigns/report/engagement";
import { formatDateTime } from "@/lib/web/dashboard/format";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { SegmentedControl } from "../../ui/segmented-control";

type Kind = "opened" | "clicked";
type ListState = {
  rows: EngagedContact[];
  cursor: string | null;
  loading: boolean;
  error: string | null;
};

type PageResult = Awaited<ReturnType<typeof engagedContactsAction>>;

/** The list after a page arrives: replaced, or extended by "Show more". */
function withPage(result: PageResult, append: boolean) {
  return (current: ListState): ListState =>
    result.ok
      ? {
          rows: append ? [...current.rows, ...result.data] : result.data,
          cursor: result.next_cursor,
          loading: false,
          error: null,
        }
      : { ...current, loading: false, error: result.message };
}

const EMPTY: ListState = { rows: [], cursor: null, loading: true, error: null };

/** Who opened and who clicked, most recent first, 20 at a time; each links to the contact. */
export function EngagedContacts({
  campaignId,
  opened,
  clicked,
}: {
  campaignId: string;
  opened: number;
  clicked: number;
}) {
  const [kind, setKind] = useState<Kind>("opened");
  const [list, setList] = useState<ListState>(EMPTY);

  const fetchPage = useCallback(
    (which: Kind, cursor?: string) =>
      engagedContactsAction(campaignId, { kind: which, cursor }).catch(() => ({
        ok: false as const,
        message: "The list could not be loaded.",
      })),
    [campaignId],
  );

  const load = (which: Kind, cursor?: string) =>
    fetchPage(which, cursor).then((result) => setList(withPage(result, cursor !== undefined)));

  useEffect(() => {
    let current = true;
    fetchPage("opened").then((result) => current && setList(withPage(result, false)));
    return () => {
      current = false;
    };
  }, [fetchPage]);

  function show(which: Kind) {
    setKind(which);
    setList(EMPTY);
    void load(which);
  }

  function more() {
    if (!list.cursor) return;
    setList((current) => ({ ...current, loading: true, error: null }));
    void load(kind, list.cursor);
  }

  return (
    <Card className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 px-5 py-3">
        <h2 className="text-sm font-semibold text-zinc-900">Recipients</h2>
        <SegmentedControl
          label="Show recipients who"
          value={kind}
          onValueChange={show}
          size="sm"
          options={[
            { value: "opened", label: `Opened (${opened})` },
            { value: "clicked", label: `Clicked (${clicked})` },
          ]}
        />
      </div>
      {list.error && (
        <div className="px-5 py-3">
          <Notice tone="error">{list.error}</Notice>
        </div>
      )}
      {!list.loading && list.rows.length === 0 && !list.error ? (
        <p className="px-5 py-6 text-[13px] text-zinc-500">
          {kind === "opened" ? "Nobody has opened it yet." : "Nobody has clicked a link yet."}
        </p>
      ) : (
        <ul
          aria-label={kind === "opened" ? "Who opened" : "Who clicked"}
          className="divide-y divide-zinc-100"
        >
          {list.rows.map((row) => (
            <li key={row.contact_id} className="flex items-center gap-3 px-5 py-2.5">
              <span className="min-w-0 flex-1">
                {row.exists ? (
                  <Link
                    href={`/contacts/${row.contact_id}`}
                    className="block truncate text-sm font-medium text-zinc-800 hover:text-indigo-600"
                  >
                    {row.email}
                  </Link>
                ) : (
                  <span className="block truncate text-sm text-zinc-500">
                    {row.email} <span className="text-xs">(deleted contact)</span>
                  </span>
                )}
                <span className="block truncate text-xs text-zinc-500">
                  {row.name ? `${row.name} · ` : ""}
                  {kind === "opened" ? "First opened" : "First clicked"}{" "}
                  {formatDateTime(new Date(row.at))}
                </span>
              </span>
              <span className="shrink-0 text-right text-xs text-zinc-500 tabular-nums">
                {kind === "opened"
                  ? `${row.opens} ${row.opens === 1 ? "open" : "opens"}`
                  : `${row.clicks} ${row.clicks === 1 ? "click" : "clicks"}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {(list.cursor || (list.loading && list.rows.length === 0)) && (
        <div className="border-t border-zinc-100 px-5 py-3 text-center">
          {list.cursor ? (
            <Button variant="secondary" size="sm" disabled={list.loading} onClick={more}>
              {list.loading ? "Loading…" : "Show more"}
            </Button>
          ) : (
            <span className="text-[13px] text-zinc-500">Loading…</span>
          )}
        </div>
      )}
    </Card>
  );
}
