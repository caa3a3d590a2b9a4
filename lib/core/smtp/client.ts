import net from "node:net";
import os from "node:os";
import tls from "node:tls";
import { smtpClientError, type SmtpError } from "./client-errors";
import { messageData } from "./dot-stuffing";

/** Where an SMTP client connects, and how it proves itself (a relay, lib/core/transports/relays). */
export type SmtpEndpoint = {
  host: string;
  port: number;
  /** `tls`: TLS from the first byte; `starttls`: upgrade required; `opportunistic`: if offered. */
  tlsMode: "starttls" | "tls" | "none" | "opportunistic";
  verifyCertificate: boolean;
  username: string | null;
  password: string | null;
};

export type SmtpTimeouts = {
  connectMs: number;
  greetingMs: number;
  /** For each reply to a command (RFC 5321 §4.5.3.2 suggests minutes). */
  replyMs: number;
  /** For the reply to the message's final dot, when the server does its filtering. */
  dataEndMs: number;
};

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectMs: 15_000,
  greetingMs: 15_000,
  replyMs: 5 * 60_000,
  dataEndMs: 10 * 60_000,
};

export type SmtpEnvelope = { from: string; to: string[] };

/** What the server said to one message: recipients it took and refused, its final reply. */
export type SmtpSendResult = {
  accepted: string[];
  rejected: string[];
  rejectedErrors: SmtpError[];
  response: string;
};

/**
 * One ESMTP session (RFC 5321): greeting, EHLO (HELO for old servers), STARTTLS, AUTH PLAIN or
 * LOGIN, then any number of mail transactions. With PIPELINING (RFC 2920) a transaction's MAIL,
 * RCPTs and DATA go in one write and the message with its final dot in a second: two round trips
 * per message where nodemailer waits for four (it pipelines only the RCPTs), which on a busy
 * worker's event loop is most of a message's time on a connection.
 */
export class SmtpConnection {
  /** ESMTP keywords the server announced (upper case), with their parameters. */
  private extensions = new Map<string, string>();
  private socket: net.Socket;
  private buffered = "";
  private replyLines: string[] = [];
  /** Replies received that no command waits for yet (pipelined answers arrive together). */
  private unclaimed: string[] = [];
  private waiting: { resolve: (reply: string) => void; reject: (error: SmtpError) => void }[] = [];
  private failure: SmtpError | null = null;
  /** Messages this connection carried (a reused connection may have been dropped while idle). */
  messagesSent = 0;
  /** Replies received in all: unchanged through a failed transaction, the server never answered. */
  private repliesReceived = 0;
  /** The last transaction failed before any reply to it (see SmtpPool's retry). */
  unanswered = false;

  private constructor(
    socket: net.Socket,
    private readonly endpoint: SmtpEndpoint,
    private readonly timeouts: SmtpTimeouts,
  ) {
    this.socket = socket;
    this.listen(socket);
  }

  /** Connects, greets, upgrades to TLS as configured and logs in: ready for transactions. */
  static async open(
    endpoint: SmtpEndpoint,
    timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS,
  ): Promise<SmtpConnection> {
    const socket = await connect(endpoint, timeouts.connectMs);
    const connection = new SmtpConnection(socket, endpoint, timeouts);
    try {
      const greeting = await connection.reply(timeouts.greetingMs);
      if (!greeting.startsWith("2"))
        throw smtpClientError("Server refused the connection", "EPROTOCOL", greeting, "CONN");
      await connection.hello();
      if (connection.wantsStartTls()) await connection.startTls();
      if (endpoint.username) await connection.login(endpoint.username, endpoint.password ?? "");
      return connection;
    } catch (error) {
      connection.destroy();
      throw error;
    }
  }

  /** False once the server or the network ended the session. */
  get usable(): boolean {
    return !this.failure && !this.socket.destroyed && this.unclaimed.length === 0;
  }

  /**
   * One mail transaction. Refusals of some recipients come back in `rejected`; a refusal of the
   * sender, of every recipient, of DATA or of the message throws an SmtpError carrying the
   * server's reply and the command it answered (what classifySmtpError reads).
   */
  async send(envelope: SmtpEnvelope, data: Buffer): Promise<SmtpSendResult> {
    const before = this.repliesReceived;
    try {
      return await this.transaction(envelope, data);
    } catch (error) {
      this.unanswered = this.repliesReceived === before;
      throw error;
    }
  }

  private async transaction(envelope: SmtpEnvelope, data: Buffer): Promise<SmtpSendResult> {
    const international = [envelope.from, ...envelope.to].some((a) => /[^\x00-\x7f]/.test(a));
    const { chunks, eightBit } = messageData(data);
    const parameters =
      (international && this.extensions.has("SMTPUTF8") ? " SMTPUTF8" : "") +
      (eightBit && this.extensions.has("8BITMIME") ? " BODY=8BITMIME" : "");
    const commands = [
      `MAIL FROM:<${envelope.from}>${parameters}`,
      ...envelope.to.map((to) => `RCPT TO:<${to}>`),
    ];
    const pipelining = this.extensions.has("PIPELINING");
    let answers: string[];
    if (pipelining) {
      this.write(`${commands.join("\r\n")}\r\nDATA\r\n`);
      answers = await this.replies(commands.length + 1);
    } else {
      answers = [];
      for (const command of commands) {
        this.write(`${command}\r\n`);
        answers.push(...(await this.replies(1, answers)));
        if (!answers[0]!.startsWith("2") || answers.at(-1)!.startsWith("421")) break;
      }
    }
    const mail = answers[0]!;
    const accepted: string[] = [];
    const rejected: string[] = [];
    const rejectedErrors: SmtpError[] = [];
    envelope.to.forEach((to, i) => {
      const answer = answers[i + 1];
      if (answer?.startsWith("2")) return void accepted.push(to);
      rejected.push(to);
      if (answer) {
        const error = smtpClientError("Recipient command failed", "EENVELOPE", answer, "RCPT TO");
        rejectedErrors.push(Object.assign(error, { recipient: to }));
      }
    });
    const mailOk = mail.startsWith("2");
    const goAhead = pipelining
      ? answers[commands.length]!
      : mailOk && accepted.length > 0
        ? await this.command("DATA")
        : null;
    // A server that says go ahead to DATA after refusing everything gets an empty message
    // (RFC 2920 §3.1), so the session stays in step; it cannot deliver one with no recipients.
    if (goAhead?.startsWith("3") && (!mailOk || accepted.length === 0)) {
      this.write(".\r\n");
      await this.reply(this.timeouts.dataEndMs);
    }
    if (!mailOk) throw smtpClientError("Mail command failed", "EENVELOPE", mail, "MAIL FROM");
    if (accepted.length === 0) {
      const last = rejectedErrors.at(-1)?.response ?? "";
      const error = smtpClientError(
        "Can't send mail - all recipients were rejected",
        "EENVELOPE",
        last,
      );
      throw Object.assign(error, { command: "RCPT TO", rejected, rejectedErrors });
    }
    if (!goAhead || !/^[23]/.test(goAhead))
      throw smtpClientError("Data command failed", "EENVELOPE", goAhead ?? "", "DATA");
    this.socket.cork();
    for (const chunk of chunks) this.socket.write(chunk);
    this.socket.uncork();
    const final = await this.reply(this.timeouts.dataEndMs);
    this.messagesSent++;
    if (!final.startsWith("2")) throw smtpClientError("Message failed", "EMESSAGE", final, "DATA");
    return { accepted, rejected, rejectedErrors, response: final };
  }

  /** After a refused transaction: back to a clean session for the next one. */
  async reset(): Promise<boolean> {
    if (!this.usable) return false;
    const answer = await this.command("RSET").catch(() => "");
    return answer.startsWith("2");
  }

  /** Says goodbye and closes (without waiting for the server's answer). */
  quit() {
    if (this.usable) this.socket.end("QUIT\r\n");
    else this.destroy();
    this.socket.unref();
  }

  destroy() {
    this.socket.destroy();
  }

  private wantsStartTls(): boolean {
    if (this.socket instanceof tls.TLSSocket) return false;
    if (this.endpoint.tlsMode === "starttls") return true;
    return this.endpoint.tlsMode === "opportunistic" && this.extensions.has("STARTTLS");
  }

  private async hello() {
    const name = clientName();
    let answer = await this.command(`EHLO ${name}`);
    this.extensions.clear();
    if (!answer.startsWith("2")) {
      answer = await this.command(`HELO ${name}`);
      if (!answer.startsWith("2"))
        throw smtpClientError("Server refused HELO", "EPROTOCOL", answer, "HELO");
      return;
    }
    for (const line of answer.split("\n").slice(1)) {
      const [keyword = "", ...rest] = line.slice(4).trim().split(/\s+/);
      this.extensions.set(keyword.toUpperCase(), rest.join(" "));
    }
  }

  private async startTls() {
    // Required but not offered: no mail goes out in the clear, and the operator's relay setting
    // is at fault, not the message (no reply code, so the email waits instead of failing).
    if (!this.extensions.has("STARTTLS"))
      throw smtpClientError(
        "The server does not offer STARTTLS, which this relay requires",
        "ETLS",
      );
    const answer = await this.command("STARTTLS");
    if (!answer.startsWith("2"))
      throw smtpClientError("Server refused STARTTLS", "ETLS", answer, "STARTTLS");
    const plain = this.socket;
    plain.removeAllListeners("data");
    plain.removeAllListeners("close");
    plain.removeAllListeners("error");
    const secure = tls.connect({ socket: plain, ...tlsOptions(this.endpoint) });
    this.socket = secure;
    this.listen(secure);
    await new Promise<void>((resolve, reject) => {
      const fail = () => reject(this.failure ?? smtpClientError("TLS handshake failed", "ETLS"));
      secure.once("secureConnect", () => {
        secure.off("close", fail);
        resolve();
      });
      secure.once("close", fail);
    });
    await this.hello();
  }

  private async login(user: string, pass: string) {
    const methods = (this.extensions.get("AUTH") ?? "PLAIN").toUpperCase().split(/\s+/);
    const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
    let answer: string;
    let command = "AUTH PLAIN";
    if (!methods.includes("PLAIN") && methods.includes("LOGIN")) {
      command = "AUTH LOGIN";
      answer = await this.command(command);
      if (answer.startsWith("3")) answer = await this.command(base64(user));
      if (answer.startsWith("3")) answer = await this.command(base64(pass));
    } else {
      answer = await this.command(`${command} ${base64(`\0${user}\0${pass}`)}`);
    }
    if (!answer.startsWith("2")) throw smtpClientError("Invalid login", "EAUTH", answer, command);
  }

  private command(line: string): Promise<string> {
    this.write(`${line}\r\n`);
    return this.reply(this.timeouts.replyMs);
  }

  private write(text: string) {
    if (this.failure) return;
    this.socket.write(text, "utf8");
  }

  /**
   * The next `count` replies of a transaction (`earlier`: those it had). When the session ends
   * after a refusal, the replies that came: a server refusing with 421 closes the session at
   * once (RFC 5321 §3.8), and its reply is the answer, not the closed connection after it.
   */
  private async replies(count: number, earlier: string[] = []): Promise<string[]> {
    const answers: string[] = [];
    for (let i = 0; i < count; i++) {
      try {
        answers.push(await this.reply(this.timeouts.replyMs));
      } catch (error) {
        if ([...earlier, ...answers].some((answer) => !answer.startsWith("2"))) return answers;
        throw error;
      }
    }
    return answers;
  }

  private reply(timeoutMs: number): Promise<string> {
    const ready = this.unclaimed.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(
          smtpClientError(`No answer from the server in ${timeoutMs / 1000} s`, "ETIMEDOUT"),
        );
      }, timeoutMs);
      this.waiting.push({
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  private listen(socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => this.receive(chunk.toString("utf8")));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      this.fail(smtpClientError(error.message, error.code ?? "ECONNECTION")),
    );
    socket.on("close", () => this.fail(smtpClientError("Connection closed", "ECONNECTION")));
  }

  /** Splits what arrived into replies: `250-…` lines continue one, `250 …` ends it. */
  private receive(text: string) {
    this.buffered += text;
    let end: number;
    while ((end = this.buffered.indexOf("\n")) !== -1) {
      const line = this.buffered.slice(0, end).replace(/\r$/, "");
      this.buffered = this.buffered.slice(end + 1);
      this.replyLines.push(line);
      if (line.charAt(3) === "-") continue;
      const reply = this.replyLines.join("\n");
      this.replyLines = [];
      this.repliesReceived++;
      const waiter = this.waiting.shift();
      if (waiter) waiter.resolve(reply);
      else this.unclaimed.push(reply);
    }
  }

  private fail(error: SmtpError) {
    this.failure ??= error;
    for (const waiter of this.waiting.splice(0)) waiter.reject(this.failure);
    this.socket.destroy();
  }
}

/** TLS towards the relay: its name checked against the certificate unless verification is off. */
const tlsOptions = (endpoint: SmtpEndpoint): tls.ConnectionOptions => ({
  servername: net.isIP(endpoint.host) ? undefined : endpoint.host,
  rejectUnauthorized: endpoint.verifyCertificate,
});

/**
 * TCP (or TLS from the first byte) with Nagle off: with it, Nagle + delayed ACK add ~40 ms per
 * message on a pooled connection (STACK-NOTES), capping a connection at ~22 msg/s.
 */
function connect(endpoint: SmtpEndpoint, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const address = { host: endpoint.host, port: endpoint.port };
    const socket =
      endpoint.tlsMode === "tls"
        ? tls.connect({ ...address, ...tlsOptions(endpoint) })
        : net.connect(address);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(smtpClientError(`Connection timed out after ${timeoutMs / 1000} s`, "ETIMEDOUT"));
    }, timeoutMs);
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(smtpClientError(error.message, error.code ?? "ECONNECTION"));
    });
    socket.once(endpoint.tlsMode === "tls" ? "secureConnect" : "connect", () => {
      clearTimeout(timer);
      socket.removeAllListeners("error");
      socket.setNoDelay(true);
      resolve(socket);
    });
  });
}

/** The name said in EHLO: the host's name when it is a domain, else a loopback literal. */
function clientName(): string {
  const host = os.hostname();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return `[${host}]`;
  return host.includes(".") ? host : "[127.0.0.1]";
}
