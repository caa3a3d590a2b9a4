import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SegmentBuilder } from "@/components/segments/segment-builder";
import { requireDashboard } from "@/lib/dashboard/context";
import { NotFoundError } from "@/lib/errors";
import { getSegment } from "@/lib/segments/manage";
import { serializeSegment } from "@/lib/segments/serialize";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await requireDashboard();
  const segment = await getSegment(ctx, (await params).id).catch(() => null);
  return { title: segment ? segment.name : "Segment" };
}

export default async function SegmentPage({ params }: Props) {
  const { ctx } = await requireDashboard();
  const segment = await getSegment(ctx, (await params).id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  // Keyed: opening another segment starts a fresh builder.
  return <SegmentBuilder key={segment.id} segment={serializeSegment(segment)} />;
}
