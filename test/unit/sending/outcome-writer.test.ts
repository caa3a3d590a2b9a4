import { describe, expect, it } from "vitest";
import { outcomeWriterSlot } from "@/lib/sending/caches";
import { outcomeWriterOf, type DeliveryDeps } from "@/lib/sending/outcomes";

/**
 * Every delivery run of a process writes its outcomes through the one writer of its runtime, so
 * concurrent runs share group commits: a writer per run made transactions of ~8 outcomes that
 * queued for their campaign's counter row (bench:campaign: 2,642 outcome transactions for
 * 20,000 emails with a writer per run, 777 with one per process; 478 → 654 emails/s).
 */
describe("the outcome writer", () => {
  const runtimeWithCaches = () =>
    ({ caches: { outcomeWriter: outcomeWriterSlot() } }) as unknown as DeliveryDeps;

  it("is one per runtime", () => {
    const runtime = runtimeWithCaches();
    const other = runtimeWithCaches();
    expect(outcomeWriterOf(runtime)).toBe(outcomeWriterOf(runtime));
    expect(outcomeWriterOf(other)).not.toBe(outcomeWriterOf(runtime));
  });

  it("is shared by a service context made from the runtime", () => {
    const runtime = runtimeWithCaches();
    const ctx = { ...runtime, projectId: "p" } as DeliveryDeps;
    expect(outcomeWriterOf(ctx)).toBe(outcomeWriterOf(runtime));
  });
});
