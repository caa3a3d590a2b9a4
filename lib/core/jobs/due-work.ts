/**
 * "Work just came due": a commit that enrolled contacts, woke runs or queued a campaign tells the
 * process's due-work poller (lib/start/due-poller.ts) to make a pass now instead of at its next
 * tick. One per runtime; in a process that runs no workers nobody listens and a wake does
 * nothing (a worker elsewhere finds the work within AUTOMATION_POLL_MS).
 */
export class DueWorkSignal {
  private listener: (() => void) | null = null;

  /** Called once per wake; returns the function that stops listening. */
  listen(listener: () => void): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }

  wake() {
    this.listener?.();
  }
}
