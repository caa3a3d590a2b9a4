import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SegmentBuilder } from "@/components/segments/segment-builder";
import { SegmentMembers } from "@/components/segments/segment-members";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { first, type SearchParams } from "@/lib/web/dashboard/search-params";
import { NotFoundError } from "@/lib/core/errors";
import { getSegment } from "@/lib/segments/manage";
import { serializeSegment } from "@/lib/segments/serialize";

type Props = { params: Promise<{ id: string }>; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await requireDashboard();
  const segment = await getSegment(ctx, (await params).id).catch(() => null);
  return { title: segment ? segment.name : "Segment" };
}

export default async function SegmentPage({ params, searchParams }: Props) {
  const { ctx } = await requireDashboard();
  const segment = await getSegment(ctx, (await params).id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const cursor = first((await searchParams).cursor);
  return (
    <>
      {/* Keyed: opening another segment starts a fresh builder (paging the members keeps edits). */}
      <SegmentBuilder key={segment.id} segment={serializeSegment(segment)} />
      <SegmentMembers ctx={ctx} segmentId={segment.id} cursor={cursor} />
    </>
  );
}
