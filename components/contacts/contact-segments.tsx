import { Filter } from "lucide-react";
import Link from "next/link";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { segmentsOfContact } from "@/lib/segments/membership";
import { Card, CardHeader } from "../ui/card";

/** The saved segments this contact matches now, as chips linking to each segment. */
export async function ContactSegments({ contactId }: { contactId: string }) {
  const { ctx } = await requireDashboard();
  const matched = await segmentsOfContact(ctx, contactId);
  return (
    <Card>
      <CardHeader title="Segments" description="The saved segments this contact matches now." />
      <div className="px-5 py-4">
        {matched.length === 0 ? (
          <p className="text-[13px] text-zinc-500">
            In no saved segment.{" "}
            <Link href="/segments" className="font-medium text-indigo-600 hover:text-indigo-500">
              Segments
            </Link>
          </p>
        ) : (
          <ul aria-label="Segments" className="flex flex-wrap gap-1.5">
            {matched.map((segment) => (
              <li key={segment.id} className="max-w-full">
                <Link
                  href={`/segments/${segment.id}`}
                  className="inline-flex max-w-full items-center gap-1 rounded-md bg-zinc-100 px-2 py-1 text-[13px] font-medium text-zinc-700 ring-1 ring-zinc-500/15 ring-inset hover:bg-zinc-200/70"
                >
                  <Filter aria-hidden className="size-3 shrink-0 text-zinc-500" />
                  <span className="truncate">{segment.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
