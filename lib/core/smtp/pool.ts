import {
  SmtpConnection,
  type SmtpEndpoint,
  type SmtpEnvelope,
  type SmtpSendResult,
  type SmtpTimeouts,
} from "./client";
import { smtpClientError, type SmtpError } from "./client-errors";

export type SmtpPoolOptions = {
  maxConnections: number;
  /** An unused connection is closed after this long (relays drop idle sessions after minutes). */
  idleMs?: number;
  timeouts?: SmtpTimeouts;
};

/** The relay said something: the session is still in step (unlike a network error). */
const isReply = (error: SmtpError) => Boolean(error.responseCode);

/**
 * Up to `maxConnections` SMTP sessions to one relay, each carrying one message at a time, the
 * most recently used first (so a quiet pool shrinks by idling out). A session whose transaction
 * the relay refused is reset and reused; one that broke is dropped. A reused session that breaks
 * before any reply to a transaction (the relay dropped it while idle) is replaced and the
 * message tried once more: nothing of it can have been accepted without a reply to MAIL.
 */
export class SmtpPool {
  private idle: SmtpConnection[] = [];
  private idleTimers = new Map<SmtpConnection, NodeJS.Timeout>();
  private opened = 0;
  private queue: ((connection: SmtpConnection | null) => void)[] = [];
  private closed = false;

  constructor(
    private readonly endpoint: SmtpEndpoint,
    private readonly options: SmtpPoolOptions,
  ) {}

  async send(envelope: SmtpEnvelope, data: Buffer): Promise<SmtpSendResult> {
    for (let attempt = 0; ; attempt++) {
      const connection = await this.acquire();
      const reused = connection.messagesSent > 0;
      try {
        const result = await connection.send(envelope, data);
        this.release(connection);
        return result;
      } catch (error) {
        const failed = error as SmtpError;
        if (isReply(failed) && !failed.response?.startsWith("421")) {
          void connection
            .reset()
            .then((ok) => (ok ? this.release(connection) : this.drop(connection)));
        } else {
          this.drop(connection);
        }
        if (reused && attempt === 0 && connection.unanswered) continue;
        throw error;
      }
    }
  }

  /** Closes idle sessions now and the others as they finish; later sends are refused. */
  close() {
    this.closed = true;
    for (const connection of this.idle.splice(0)) this.retire(connection);
    for (const waiter of this.queue.splice(0)) waiter(null);
  }

  private async acquire(): Promise<SmtpConnection> {
    for (;;) {
      if (this.closed) throw smtpClientError("The SMTP pool is closed", "ECONNECTION");
      const idle = this.idle.pop();
      if (idle) {
        clearTimeout(this.idleTimers.get(idle));
        this.idleTimers.delete(idle);
        if (idle.usable) return idle;
        this.drop(idle);
        continue;
      }
      if (this.opened < this.options.maxConnections) {
        this.opened++;
        try {
          return await SmtpConnection.open(this.endpoint, this.options.timeouts);
        } catch (error) {
          this.opened--;
          this.wakeOne();
          throw error;
        }
      }
      const handed = await new Promise<SmtpConnection | null>((resolve) =>
        this.queue.push(resolve),
      );
      if (handed) return handed;
    }
  }

  private release(connection: SmtpConnection) {
    if (!connection.usable) return this.drop(connection);
    if (this.closed) return this.retire(connection);
    const waiter = this.queue.shift();
    if (waiter) return waiter(connection);
    this.idle.push(connection);
    const timer = setTimeout(() => {
      this.idle = this.idle.filter((c) => c !== connection);
      this.idleTimers.delete(connection);
      this.retire(connection);
    }, this.options.idleMs ?? DEFAULT_IDLE_MS);
    timer.unref();
    this.idleTimers.set(connection, timer);
  }

  private drop(connection: SmtpConnection) {
    connection.destroy();
    this.oneFewer();
  }

  private retire(connection: SmtpConnection) {
    connection.quit();
    this.oneFewer();
  }

  /** One session fewer: a sender waiting for one may open its own. */
  private oneFewer() {
    this.opened--;
    this.wakeOne();
  }

  private wakeOne() {
    this.queue.shift()?.(null);
  }
}

const DEFAULT_IDLE_MS = 60_000;
