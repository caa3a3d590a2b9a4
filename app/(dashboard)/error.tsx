"use client";

import { RotateCcw, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

/** Unexpected server errors on a dashboard page: keep the shell, offer a retry. */
export default function DashboardError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <Card>
      <EmptyState
        icon={TriangleAlert}
        title="Something went wrong"
        description={
          error.digest
            ? `This page could not be loaded. The server log has the details (reference ${error.digest}).`
            : "This page could not be loaded. The server log has the details."
        }
      >
        <Button variant="secondary" onClick={reset}>
          <RotateCcw aria-hidden />
          Try again
        </Button>
      </EmptyState>
    </Card>
  );
}
