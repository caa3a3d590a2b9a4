import net from "node:net";

/**
 * A bare SMTP client on a TCP socket, for what nodemailer will not do: ignore the advertised
 * SIZE, hold a connection open doing nothing, or connect from another loopback address.
 */
export type RawSmtpClient = {
  socket: net.Socket;
  /** The server's next complete reply (a multi-line reply as one string). */
  reply(timeoutMs?: number): Promise<string>;
  /** Sends one command line and waits for its reply. */
  command(line: string, timeoutMs?: number): Promise<string>;
  /** Resolves once the server (or the client) has closed the connection. */
  closed: Promise<void>;
  isClosed(): boolean;
  close(): void;
};

export async function openSmtpClient(
  port: number,
  options: {
    host?: string;
    localAddress?: string;
    /** Never close our side when the server closes its own: a client that lingers. */
    allowHalfOpen?: boolean;
  } = {},
): Promise<RawSmtpClient> {
  const socket = net.connect({
    port,
    host: options.host ?? "127.0.0.1",
    localAddress: options.localAddress,
    allowHalfOpen: options.allowHalfOpen ?? false,
  });
  let buffered = "";
  let pendingLines: string[] = [];
  const replies: string[] = [];
  const waiters: { resolve(reply: string): void; reject(error: Error): void }[] = [];
  let closed = false;

  socket.setEncoding("utf8");
  socket.on("data", (text: string) => {
    buffered += text;
    let newline: number;
    while ((newline = buffered.indexOf("\r\n")) !== -1) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 2);
      pendingLines.push(line);
      // "250-…" continues a reply, "250 …" ends it.
      if (/^\d{3}(?: |$)/.test(line)) {
        const reply = pendingLines.join("\n");
        pendingLines = [];
        const waiter = waiters.shift();
        if (waiter) waiter.resolve(reply);
        else replies.push(reply);
      }
    }
  });
  const closedPromise = new Promise<void>((resolve) => {
    socket.once("close", () => {
      closed = true;
      for (const waiter of waiters.splice(0)) waiter.reject(new Error("connection closed"));
      resolve();
    });
  });
  socket.on("error", () => {
    // A reset after the server closed: "close" follows and says everything needed.
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });

  const reply = (timeoutMs = 10_000) => {
    const ready = replies.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (closed) return Promise.reject(new Error("connection closed"));
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new Error(`no SMTP reply within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = {
        resolve: (text: string) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      waiters.push(waiter);
    });
  };

  return {
    socket,
    reply,
    command(line, timeoutMs) {
      socket.write(`${line}\r\n`);
      return reply(timeoutMs);
    },
    closed: closedPromise,
    isClosed: () => closed,
    close: () => socket.destroy(),
  };
}
