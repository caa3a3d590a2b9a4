import type { AddressInfo } from "node:net";
import type { SMTPServer } from "smtp-server";

/**
 * A listening server: its port (the one asked for, or the one the OS chose for 0), the sockets
 * it holds open (refused ones included, until they close), and its end.
 */
export type ListeningServer = {
  port: number;
  openConnections(): Promise<number>;
  close(): Promise<void>;
};

// How often a process whose port is taken tries again: the port is served again about a
// second after its holder dies; a failed bind costs a syscall.
const BIND_RETRY_MS = 1_000;

const isAddressInUse = (error: unknown) => (error as { code?: string }).code === "EADDRINUSE";

/**
 * A server every process of a host starts (npm start and each npm run worker: the bounce
 * receiver of §9, the submission relay of §16). Only one can bind the port; the others keep
 * trying every `retryMs`, so when the holder dies (kill -9 included) one of them serves the port
 * within a second or two. They say so once, not at every attempt. A first bind that fails for
 * any other reason (a privileged port, a bad host) fails the start, as a wrong setting should.
 */
export async function serveOnSharedPort(
  label: string,
  listen: () => Promise<ListeningServer>,
  options: { port: number; host: string; retryMs?: number },
): Promise<{ stop(): Promise<void> }> {
  const retryMs = options.retryMs ?? BIND_RETRY_MS;
  let server: ListeningServer | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;
  let retryErrorLogged = false;

  /** True once bound (or stopped in the meantime); false while another process holds the port. */
  const bind = async (): Promise<boolean> => {
    try {
      server = await listen();
    } catch (error) {
      if (isAddressInUse(error)) return false;
      throw error;
    }
    if (stopped) {
      await server.close();
      server = undefined;
      return true;
    }
    console.log(`[smtp] ${label} listening on ${options.host}:${server.port}`);
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
          // The database may be down for a while (a signing key): keep trying, say it once.
          if (!retryErrorLogged) console.error(`[smtp] ${label} not started:`, error);
          retryErrorLogged = true;
          retryLater();
        },
      );
    }, retryMs);
  };

  if (!(await bind())) {
    console.log(
      `[smtp] port ${options.port} (${label}) is served by another process on this host; ` +
        "this one takes it over if that one stops",
    );
    retryLater();
  }
  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await attempt;
      await server?.close();
      server = undefined;
    },
  };
}

/** Starts an smtp-server instance on a port: resolves once listening, rejects if it cannot bind. */
export async function listenSmtp(
  server: SMTPServer,
  options: { port: number; host: string },
): Promise<ListeningServer> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    openConnections: () =>
      new Promise<number>((resolve, reject) =>
        server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
