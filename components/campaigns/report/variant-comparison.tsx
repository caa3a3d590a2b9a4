import { Trophy } from "lucide-react";
import type { ReactNode } from "react";
import type { CampaignResource } from "@/lib/campaigns/serialize";
import { formatCount, formatDateTime } from "@/lib/web/dashboard/format";
import { Badge } from "../../ui/badge";
import { Card, CardHeader } from "../../ui/card";
import { Table, TBody, TD, TH, THead, TR } from "../../ui/table";
import { formatRate, rateOf } from "../format";

type Variants = NonNullable<CampaignResource["stats"]>["variants"];
type AbTest = CampaignResource["ab_test"];

export function VariantKey({ children }: { children: ReactNode }) {
  return (
    <span className="grid size-6 shrink-0 place-items-center rounded-md bg-indigo-50 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-600/15 ring-inset">
      {children}
    </span>
  );
}

/**
 * An A/B test's subjects side by side, with people's open and click rates (the winner is picked
 * on them, DECISIONS §14). With an automatic winner the chosen subject is marked; otherwise the
 * best open rate is, once every subject has deliveries and one leads alone.
 */
export function VariantComparison({
  variants,
  abTest,
  sent,
}: {
  variants: Variants;
  abTest: AbTest;
  /** Past or present tense: the split is done, or still going out. */
  sent: boolean;
}) {
  const rows = Object.entries(variants)
    .map(([key, v]) => ({
      key,
      ...v,
      openRate: rateOf(v.human_opened, v.delivered),
      clickRate: rateOf(v.human_clicked, v.delivered),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
  const best = Math.max(...rows.map((r) => r.openRate));
  const leaders = rows.filter((r) => r.openRate === best);
  const leader =
    abTest?.winner ??
    (rows.every((r) => r.delivered > 0) && best > 0 && leaders.length === 1
      ? leaders[0]!.key
      : null);
  const metric = abTest?.metric === "click_rate" ? "click rate" : "open rate";

  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="A/B test"
        description={
          !abTest
            ? `Each subject ${sent ? "went" : "goes"} to an even share of the audience. Rates are of delivered emails and count people, not machines.`
            : abTest.winner
              ? `A ${abTest.sample_percent}% sample tested the subjects; the best ${metric} among people went to everyone else.`
              : `A ${abTest.sample_percent}% sample tests the subjects; the best ${metric} among people${abTest.decide_at ? ` on ${formatDateTime(new Date(abTest.decide_at))}` : ""} goes to everyone else.`
        }
      />
      <Table>
        <THead>
          <tr>
            <TH>Subject</TH>
            <TH className="hidden text-right sm:table-cell">Recipients</TH>
            <TH className="hidden text-right md:table-cell">Delivered</TH>
            <TH className="text-right">Open rate</TH>
            <TH className="text-right">Click rate</TH>
          </tr>
        </THead>
        <TBody>
          {rows.map((row) => (
            <TR key={row.key}>
              <TD className="max-w-44 py-2.5 sm:max-w-md">
                <span className="flex min-w-0 items-center gap-2.5">
                  <VariantKey>{row.key}</VariantKey>
                  <span className="min-w-0">
                    <span className="block truncate text-zinc-900" title={row.subject}>
                      {row.subject}
                    </span>
                    <span className="block text-xs text-zinc-500 sm:hidden">
                      {formatCount(row.recipients)} recipients
                    </span>
                  </span>
                  {leader === row.key && (
                    <Badge tone="green" className="shrink-0 px-1.5 sm:px-2">
                      <Trophy aria-hidden className="size-3" />
                      <span className="sr-only sm:not-sr-only">
                        {abTest?.winner ? "Winner" : "Best open rate"}
                      </span>
                    </Badge>
                  )}
                </span>
              </TD>
              <TD className="hidden text-right tabular-nums sm:table-cell">
                {formatCount(row.recipients)}
              </TD>
              <TD className="hidden text-right tabular-nums md:table-cell">
                {formatCount(row.delivered)}
              </TD>
              <TD className="text-right tabular-nums">
                <RateCell rate={row.openRate} best={leader === row.key} />
              </TD>
              <TD className="text-right tabular-nums">
                <RateCell rate={row.clickRate} />
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}

function RateCell({ rate, best }: { rate: number; best?: boolean }) {
  return (
    <span className="inline-flex items-center justify-end gap-2">
      <span
        aria-hidden
        className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-zinc-100 lg:block"
      >
        <span
          className={best ? "block h-full bg-emerald-500" : "block h-full bg-indigo-400"}
          style={{ width: `${Math.min(100, rate * 100)}%` }}
        />
      </span>
      <span className={best ? "font-semibold text-emerald-700" : "text-zinc-700"}>
        {formatRate(rate)}
      </span>
    </span>
  );
}
