import { ListFilter } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export default function SegmentNotFound() {
  return (
    <Card>
      <EmptyState
        icon={ListFilter}
        title="Segment not found"
        description="It may have been deleted, or it belongs to another project. Check the project switcher in the sidebar."
      >
        <Button variant="secondary" asChild>
          <Link href="/segments">Back to segments</Link>
        </Button>
      </EmptyState>
    </Card>
  );
}
