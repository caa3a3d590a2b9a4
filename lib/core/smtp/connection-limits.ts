import type { SMTPServer, SMTPServerSession } from "smtp-server";
import { smtpError } from "./reply-error";

export type ConnectionLimits = { maxPerClient: number; maxSessionSeconds: number };
type GuardedSession = SMTPServerSession & {
  /** The address counted for this connection; unset when it was refused or is uncounted. */
  countedClient?: string;
  sessionDeadline?: NodeJS.Timeout;
};

/**
 * What smtp-server's own limits (maxClients, the idle timeout) leave open, as an SMTP server's
 * onConnect/onClose handlers: a per-client-address cap, so one sender cannot take every place,
 * and a hard session lifetime. The idle timeout alone is renewed by anything the client sends
 * (NOOP, RSET, EHLO again, a line trickled a byte at a time); counting "commands that do nothing"
 * would miss the trickle and every command not on the list, a deadline misses none of them.
 * Cutting a slow transfer is safe: the client gets a 421 and retries, and what the servers
 * record is idempotent (a report once, a submission once per Idempotency-Key).
 */
export function connectionLimits(server: () => SMTPServer, limits: ConnectionLimits) {
  const openByClient = new Map<string, number>();
  return {
    onConnect(session: GuardedSession, callback: (error?: Error) => void) {
      const client = session.remoteAddress;
      const open = openByClient.get(client) ?? 0;
      if (open >= limits.maxPerClient) {
        return callback(smtpError(421, "4.7.0 Too many connections from your address"));
      }
      openByClient.set(client, open + 1);
      session.countedClient = client;
      session.sessionDeadline = setTimeout(
        () => endSession(server(), session),
        limits.maxSessionSeconds * 1000,
      ).unref();
      callback();
    },
    onClose(session: GuardedSession) {
      clearTimeout(session.sessionDeadline);
      const client = session.countedClient;
      if (client === undefined) return;
      session.countedClient = undefined;
      const open = (openByClient.get(client) ?? 1) - 1;
      if (open > 0) openByClient.set(client, open);
      else openByClient.delete(client);
    },
  };
}

function endSession(server: SMTPServer, session: SMTPServerSession) {
  for (const connection of server.connections) {
    // A 421 closes the connection once it is written.
    if (connection.session === session) connection.send(421, "4.4.2 Session too long, closing");
  }
}
