/**
 * A fast SMTP sink (like Postfix's smtp-sink): accepts every message and counts it. Speaks just
 * enough ESMTP (EHLO with PIPELINING, MAIL, RCPT, DATA, RSET, NOOP, QUIT). Run as a child
 * process: `tsx bench/lib/smtp-sink.ts <port>`; prints "ready" and, on SIGUSR2, the count.
 */
import net from "node:net";

const port = Number(process.argv[2] ?? 2525);
let messages = 0;

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  socket.write("220 sink ESMTP\r\n");
  let buffer = "";
  let inData = false;
  socket.on("data", (chunk) => {
    buffer += chunk.toString("latin1");
    let replies = "";
    for (;;) {
      if (inData) {
        const end = buffer.indexOf("\r\n.\r\n");
        if (end === -1) {
          // Keep only a tail long enough to find the terminator across chunks.
          if (buffer.length > 8) buffer = buffer.slice(-8);
          break;
        }
        buffer = buffer.slice(end + 5);
        inData = false;
        messages++;
        replies += "250 2.0.0 Ok: queued\r\n";
        continue;
      }
      const eol = buffer.indexOf("\r\n");
      if (eol === -1) break;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO")
        replies += "250-sink\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n";
      else if (verb === "HELO") replies += "250 sink\r\n";
      else if (verb === "DATA") {
        replies += "354 End data with <CR><LF>.<CR><LF>\r\n";
        inData = true;
      } else if (verb === "QUIT") {
        socket.end("221 Bye\r\n");
        return;
      } else replies += "250 Ok\r\n";
    }
    if (replies) socket.write(replies);
  });
  socket.on("error", () => {});
});

server.listen(port, "127.0.0.1", () => console.log("ready"));
process.on("SIGUSR2", () => console.log(`count ${messages}`));
process.on("SIGTERM", () => process.exit(0));
