import type { AutomationStatus } from "@/db/schema";
import { Badge } from "../ui/badge";

export function AutomationStatusBadge({ status }: { status: AutomationStatus }) {
  if (status === "paused") {
    return (
      <Badge tone="red" dot title="Paused itself: too many bounces or complaints.">
        Paused
      </Badge>
    );
  }
  return status === "live" ? (
    <Badge tone="green" dot>
      Live
    </Badge>
  ) : (
    <Badge dot>Draft</Badge>
  );
}
