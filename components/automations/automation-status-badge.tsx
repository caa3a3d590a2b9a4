import { Badge } from "../ui/badge";

export function AutomationStatusBadge({ status }: { status: "draft" | "live" }) {
  return status === "live" ? (
    <Badge tone="green" dot>
      Live
    </Badge>
  ) : (
    <Badge dot>Draft</Badge>
  );
}
