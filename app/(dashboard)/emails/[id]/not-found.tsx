import { MailX } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export default function EmailNotFound() {
  return (
    <Card>
      <EmptyState
        icon={MailX}
        title="Email not found"
        description="There is no email with this ID in the current project. It may belong to another project: check the project switcher in the sidebar."
      >
        <Button variant="secondary" asChild>
          <Link href="/emails">Back to emails</Link>
        </Button>
      </EmptyState>
    </Card>
  );
}
