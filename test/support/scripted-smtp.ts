import net from "node:net";
import type { AddressInfo } from "node:net";

/** What a scripted server does with one command of a session: a reply, or hanging up. */
export type ScriptedAnswer = string | "hang up" | "silence";

/**
 * A minimal SMTP server whose every answer a test decides, recording the bytes of each write
 * it receives (to see which commands a client sent together). `answer(command, session)` gets
 * each command line (or "DATA-END" for a message's final dot) and the session's number of
 * messages so far; unscripted commands get 250 (354 for DATA, 503 when no RCPT was taken).
 */
export async function startScriptedSmtp(
  options: {
    extensions?: string[];
    greeting?: ScriptedAnswer;
    answer?: (command: string, session: { id: number; messages: number }) => ScriptedAnswer | null;
  } = {},
) {
  const chunks: { session: number; text: string }[] = [];
  const messages: { session: number; data: string }[] = [];
  const sockets = new Set<net.Socket>();
  let sessions = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    const session = { id: ++sessions, messages: 0 };
    let buffer = "";
    let data: string | null = null;
    /** Recipients taken in this transaction (a refused one was answered by the script). */
    let recipients = 0;
    const reply = (answer: ScriptedAnswer) => {
      if (answer === "hang up") socket.destroy();
      else if (answer !== "silence") socket.write(`${answer}\r\n`);
    };
    reply(options.greeting ?? "220 scripted ESMTP");
    socket.on("data", (chunk: Buffer) => {
      chunks.push({ session: session.id, text: chunk.toString("latin1") });
      buffer += chunk.toString("latin1");
      for (;;) {
        if (data !== null) {
          // The CRLF before the dot may be the one that ended DATA itself (an empty message).
          const probe = `\r\n${buffer}`;
          const end = probe.indexOf("\r\n.\r\n");
          if (end === -1) return;
          messages.push({ session: session.id, data: probe.slice(2, end + 2) });
          buffer = probe.slice(end + 5);
          data = null;
          session.messages++;
          reply(options.answer?.("DATA-END", session) ?? "250 2.0.0 queued");
          continue;
        }
        const end = buffer.indexOf("\r\n");
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.split(" ")[0]!.toUpperCase();
        const scripted = options.answer?.(line, session);
        if (scripted) {
          reply(scripted);
          if (scripted.startsWith("354")) data = "";
          continue;
        }
        if (verb === "MAIL") recipients = 0;
        if (verb === "RCPT") recipients++;
        if (verb === "EHLO") {
          const lines = ["scripted", ...(options.extensions ?? ["PIPELINING", "8BITMIME"])];
          reply(lines.map((l, i) => `250${i === lines.length - 1 ? " " : "-"}${l}`).join("\r\n"));
        } else if (verb === "DATA" && recipients === 0) {
          reply("503 5.5.1 No valid recipients");
        } else if (verb === "DATA") {
          data = "";
          reply("354 go ahead");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    chunks,
    messages,
    sessions: () => sessions,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
