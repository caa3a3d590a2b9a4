import { Badge } from "../ui/badge";

export function SubscriptionBadge({ subscribed }: { subscribed: boolean }) {
  return subscribed ? (
    <Badge tone="green" dot>
      Subscribed
    </Badge>
  ) : (
    <Badge dot>Unsubscribed</Badge>
  );
}
