/**
 * Every wait in a benchmark has a deadline: a bench that cannot finish (an email that failed, a
 * worker that died) ends with an error that says what it was waiting for and how far it got,
 * instead of polling forever. BENCH_TIMEOUT_SECONDS overrides the default of an hour.
 */
const DEFAULT_TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 3600) * 1000;

export type Progress = { done: boolean; status?: string };

export async function waitUntil(
  label: string,
  check: () => Promise<Progress | boolean>,
  { timeoutMs = DEFAULT_TIMEOUT_MS, intervalMs = 200 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: Progress = { done: false };
  for (;;) {
    const result = await check();
    last = typeof result === "boolean" ? { done: result } : result;
    if (last.done) return;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${label}` +
          (last.status ? ` (${last.status})` : ""),
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
