import { MailX } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

export default function ReceivedEmailNotFound() {
  return (
    <Card>
      <EmptyState
        icon={MailX}
        title="Message not found"
        description="There is no received email with this ID in the current project. It may belong to another project: check the project switcher in the sidebar."
      >
        <Button variant="secondary" asChild>
          <Link href="/received">Back to received email</Link>
        </Button>
      </EmptyState>
    </Card>
  );
}
