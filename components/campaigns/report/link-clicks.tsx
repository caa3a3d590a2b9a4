import type { LinkClicks } from "@/lib/campaigns/report/engagement";
import { formatCount } from "@/lib/web/dashboard/format";
import { Card, CardHeader } from "../../ui/card";
import { formatRate } from "../format";

/** Which links were clicked: unique clickers, total clicks and each link's share of all clicks. */
export function LinkClicksCard({ links }: { links: LinkClicks[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader title="Clicks per link" description="Tests are not counted." />
      {links.length === 0 ? (
        <p className="px-5 py-6 text-[13px] text-zinc-500">
          No clicks yet. Each link of the email shows here once someone clicks it.
        </p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-zinc-100 text-left text-xs text-zinc-500">
              <th className="w-full px-5 py-2 font-medium">Link</th>
              <th className="px-3 py-2 text-right font-medium">Clickers</th>
              <th className="hidden px-3 py-2 text-right font-medium sm:table-cell">Clicks</th>
              <th className="px-5 py-2 text-right font-medium">Share</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {links.map((link) => (
              <tr key={link.url}>
                <td className="w-full max-w-0 px-5 py-2.5">
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="block truncate text-zinc-800 hover:text-indigo-600"
                    title={link.url}
                  >
                    {link.url.replace(/^https?:\/\//, "")}
                  </a>
                  <span
                    aria-hidden
                    className="mt-1 block h-1 rounded-full bg-indigo-500/80"
                    style={{ width: `${Math.max(link.share * 100, 2)}%` }}
                  />
                </td>
                <td className="px-3 py-2.5 text-right text-zinc-700 tabular-nums">
                  {formatCount(link.clickers)}
                </td>
                <td className="hidden px-3 py-2.5 text-right text-zinc-700 tabular-nums sm:table-cell">
                  {formatCount(link.clicks)}
                </td>
                <td className="px-5 py-2.5 text-right text-zinc-700 tabular-nums">
                  {formatRate(link.share)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
