import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMessage = {
  from: string;
  to: string[];
  raw: string;
  messageId: string | null;
  /** When the server answered 250 (Date.now()). */
  receivedAt: number;
};

/**
 * A real SMTP server for tests (the `smtp-server` package on loopback). Recipients decide the
 * reply: local part `reject…` → 550 at RCPT, `defer…` → 451 at RCPT for the first
 * `deferCount` attempts. `hold()` (or `holdAfter(n)`) makes the server stop answering DATA until
 * `release()`, to crash a sender mid-delivery. A message counts as received only once the server says 250.
 */
export async function startSmtpServer(
  options: {
    deferCount?: number;
    /** A login the server requires (AUTH PLAIN/LOGIN, allowed without TLS on loopback). */
    auth?: { user: string; pass: string };
    /** Answers every MAIL FROM with this temporary refusal (a relay that is throttling). */
    refuseMailFrom?: string;
    /** Waits this long before answering each DATA: a relay of bounded speed per connection. */
    dataDelayMs?: number;
    /** Waits this long before answering DATA for a recipient whose local part starts `slow`. */
    slowDelayMs?: number;
    /**
     * Recipients at this domain are answered `421 4.7.0` at RCPT while `throttling()` is on (a
     * receiver telling a sender it goes too fast); every RCPT is logged in `rcptLog`.
     */
    throttleDomain?: string;
  } = {},
) {
  let throttling = Boolean(options.throttleDomain);
  const rcptLog: { address: string; at: number; refused: boolean }[] = [];
  const received: ReceivedMessage[] = [];
  const deferrals = new Map<string, number>();
  let holding = false;
  /** Messages still to accept before holding starts (`holdAfter`). */
  let acceptBeforeHold: number | null = null;
  const held: (() => void)[] = [];

  const server = new SMTPServer({
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      const ok = auth.username === options.auth?.user && auth.password === options.auth?.pass;
      if (ok) return callback(null, { user: auth.username });
      callback(
        Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 }),
      );
    },
    onMailFrom(_address, _session, callback) {
      if (!options.refuseMailFrom) return callback();
      callback(Object.assign(new Error(options.refuseMailFrom), { responseCode: 451 }));
    },
    closeTimeout: 200,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const local = address.address.split("@")[0] ?? "";
      const throttled = throttling && address.address.endsWith(`@${options.throttleDomain}`);
      rcptLog.push({ address: address.address, at: Date.now(), refused: throttled });
      if (throttled) {
        const error = Object.assign(
          new Error("4.7.0 Our system has detected an unusual rate of mail; try again later"),
          { responseCode: 421 },
        );
        return callback(error);
      }
      if (local.startsWith("reject")) {
        const error = Object.assign(new Error("5.1.1 User unknown"), { responseCode: 550 });
        return callback(error);
      }
      if (local.startsWith("defer")) {
        const seen = deferrals.get(address.address) ?? 0;
        if (seen < (options.deferCount ?? 1)) {
          deferrals.set(address.address, seen + 1);
          const error = Object.assign(new Error("4.2.0 Mailbox busy, try later"), {
            responseCode: 451,
          });
          return callback(error);
        }
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const accept = () => {
          // A closed connection means the client gave up: the message was never accepted.
          if ((session as unknown as { closed?: boolean }).closed) return;
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? null,
            receivedAt: Date.now(),
          });
          callback(null, "Queued");
        };
        const slow = session.envelope.rcptTo.some((r) => r.address.startsWith("slow"));
        if (acceptBeforeHold !== null && acceptBeforeHold-- <= 0) {
          acceptBeforeHold = null;
          holding = true;
        }
        if (holding) held.push(accept);
        else if (slow && options.slowDelayMs) setTimeout(accept, options.slowDelayMs);
        else if (options.dataDelayMs) setTimeout(accept, options.dataDelayMs);
        else accept();
      });
    },
    onClose(session) {
      (session as unknown as { closed?: boolean }).closed = true;
    },
  });
  // A client killed mid-session resets its connection: that is the crash tests' point, not an
  // error of the server's.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    hold: () => {
      holding = true;
    },
    /**
     * Accepts the next `count` messages, then holds like `hold()`: a fast client cannot finish
     * everything in the moment between a test seeing its first delivery and calling `hold()`.
     */
    holdAfter: (count: number) => {
      acceptBeforeHold = count;
    },
    heldCount: () => held.length,
    rcptLog,
    setThrottling: (on: boolean) => {
      throttling = on;
    },
    release: () => {
      holding = false;
      for (const accept of held.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs = 15_000,
  label = "condition",
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
