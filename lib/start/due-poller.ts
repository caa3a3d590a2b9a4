import type { Runtime } from "@/lib/core/runtime";

/**
 * Each worker process polls for work that came due in rows — automation runs (timers, new
 * enrollments) and campaigns (queued or scheduled) — every AUTOMATION_POLL_MS; `wake()` (called
 * after a commit that made work due in this process) starts a pass at once. It holds no state:
 * stopping it loses nothing, and several processes poll safely (each pass claims rows with
 * `FOR UPDATE SKIP LOCKED`).
 */
export type DuePass = (runtime: Runtime) => Promise<unknown>;

export class DuePoller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly runtime: Runtime,
    private readonly passes: DuePass[],
  ) {}

  start() {
    this.stopped = false;
    this.wake();
  }

  wake() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.runtime.config.automationPollMs);
        this.timer.unref();
      }
    });
  }

  private async pass() {
    for (const pass of this.passes) {
      try {
        await pass(this.runtime);
      } catch (error) {
        console.error(`[worker] ${pass.name} failed`, error);
      }
    }
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * A pass that needs running only now and then (the retention pass): it runs on the first poll
 * and then at most once per `intervalMs` of this process, whatever wakes the poller.
 */
export function atMostEvery(intervalMs: number, pass: DuePass): DuePass {
  let lastRun = Number.NEGATIVE_INFINITY;
  const throttled: DuePass = async (runtime) => {
    const now = runtime.clock.now().getTime();
    if (now - lastRun < intervalMs) return undefined;
    lastRun = now;
    return pass(runtime);
  };
  Object.defineProperty(throttled, "name", { value: pass.name });
  return throttled;
}
