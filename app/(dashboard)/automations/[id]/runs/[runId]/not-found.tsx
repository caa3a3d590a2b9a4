import { Workflow } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export default function AutomationRunNotFound() {
  return (
    <Card>
      <EmptyState
        icon={Workflow}
        title="Run not found"
        description="It may belong to another automation or project, or its automation was deleted (which deletes its runs)."
      >
        <Button variant="secondary" asChild>
          <Link href="/automations">Back to automations</Link>
        </Button>
      </EmptyState>
    </Card>
  );
}
