import { UserX } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export default function ContactNotFound() {
  return (
    <Card>
      <EmptyState
        icon={UserX}
        title="Contact not found"
        description="It may have been deleted, or it belongs to another project. Check the project switcher in the sidebar."
      >
        <Button variant="secondary" asChild>
          <Link href="/contacts">Back to contacts</Link>
        </Button>
      </EmptyState>
    </Card>
  );
}
