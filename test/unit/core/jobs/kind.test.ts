import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DEFAULT_RETRY, defineJob, handleJobs, type Job } from "@/lib/core/jobs/kind";

const greetJob = defineJob({ name: "greet", payload: z.object({ name: z.string() }) });

function job(data: unknown): Job<unknown> {
  return { id: String(Math.random()), name: "greet", data } as Job<unknown>;
}

describe("job kinds", () => {
  it("take the default retry policy unless they name one", () => {
    expect(greetJob.retry).toEqual(DEFAULT_RETRY);
    const once = { limit: 1, delaySeconds: 1, backoff: false };
    expect(defineJob({ name: "x", payload: z.object({}), retry: once }).retry).toBe(once);
  });

  it("hand the handler parsed payloads and drop, with a log line, those that do not match", async () => {
    const seen: string[] = [];
    const handler = handleJobs(
      greetJob,
      { concurrency: 1, batchSize: 10 },
      async (_: null, jobs) => {
        for (const j of jobs) seen.push(j.data.name);
      },
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await handler.handle(null, [job({ name: "ada", extra: 1 }), job({ nom: "x" }), job(null)]);
    expect(seen).toEqual(["ada"]);
    expect(logged).toHaveBeenCalledTimes(2);
    expect(String(logged.mock.calls[0]![0])).toContain("dropping a greet job");
    logged.mockRestore();
  });

  it("does not call the handler when no payload of the batch is readable", async () => {
    const handle = vi.fn(async () => {});
    const handler = handleJobs(greetJob, { concurrency: 1, batchSize: 10 }, handle);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await handler.handle(null, [job(42)]);
    expect(handle).not.toHaveBeenCalled();
    logged.mockRestore();
  });
});
