import type { Metadata } from "next";
import { SegmentBuilder } from "@/components/segments/segment-builder";
import { requireDashboard } from "@/lib/web/dashboard/context";

export const metadata: Metadata = { title: "New segment" };

export default async function NewSegmentPage() {
  await requireDashboard();
  return <SegmentBuilder segment={null} />;
}
