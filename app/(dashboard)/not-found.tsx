import { NotFoundView } from "@/components/app-shell/not-found-view";
import { Card } from "@/components/ui/card";

/** A dashboard page that called notFound() without a not-found page of its own: in the shell. */
export default function DashboardNotFound() {
  return (
    <Card>
      <NotFoundView />
    </Card>
  );
}
