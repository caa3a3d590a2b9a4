import { startBounceReceiver } from "./receiver";

type Receiver = Awaited<ReturnType<typeof startBounceReceiver>>;
type ReceiverRuntime = Parameters<typeof startBounceReceiver>[0];

// How often a process whose port is taken tries again: the port is served again about a
// second after its holder dies; a failed bind costs a syscall.
const BIND_RETRY_MS = 1_000;

const isAddressInUse = (error: unknown) => (error as { code?: string }).code === "EADDRINUSE";

/**
 * The bounce receiver as every worker process runs it (DECISIONS §9). On one host only one
 * process can bind the port; the others keep trying every `retryMs`, so when the holder dies
 * (kill -9 included) one of them serves the port within a second or two. They say so once, not
 * at every attempt. A first bind that fails for any other reason (a privileged port, a bad
 * host) fails the start, as a wrong setting should.
 */
export async function serveBounceReceiver(
  runtime: ReceiverRuntime,
  options: { port: number; host: string; retryMs?: number },
): Promise<{ stop(): Promise<void> }> {
  const retryMs = options.retryMs ?? BIND_RETRY_MS;
  let receiver: Receiver | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;
  let retryErrorLogged = false;

  /** True once bound (or stopped in the meantime); false while another process holds the port. */
  const bind = async (): Promise<boolean> => {
    try {
      receiver = await startBounceReceiver(runtime, options);
    } catch (error) {
      if (isAddressInUse(error)) return false;
      throw error;
    }
    if (stopped) {
      await receiver.close();
      receiver = undefined;
      return true;
    }
    console.log(`[inbound] bounce receiver listening on ${options.host}:${receiver.port}`);
    return true;
  };

  const retryLater = () => {
    if (stopped) return;
    retryTimer = setTimeout(() => {
      attempt = bind().then(
        (bound) => {
          if (!bound) retryLater();
        },
        (error: unknown) => {
          // The database may be down for a while (the signing key): keep trying, say it once.
          if (!retryErrorLogged) console.error("[inbound] bounce receiver not started:", error);
          retryErrorLogged = true;
          retryLater();
        },
      );
    }, retryMs);
  };

  if (!(await bind())) {
    console.log(
      `[inbound] port ${options.port} is served by another process on this host; ` +
        "this one takes it over if that one stops",
    );
    retryLater();
  }
  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await attempt;
      await receiver?.close();
      receiver = undefined;
    },
  };
}
