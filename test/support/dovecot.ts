import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Whether Debian's dovecot (dovecot-imapd) is installed; .ci/run installs it. */
export function dovecotInstalled(): boolean {
  try {
    execFileSync("dovecot", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** uid and gid of a system user, from /etc/passwd. */
function systemUser(name: string): { uid: number; gid: number } {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no system user ${name} (is dovecot-imapd installed?)`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A real IMAP server for tests: a private Dovecot instance (its own config, run dir, maildirs
 * and one passwd-file user) on a free loopback port, in the foreground, stopped by `stop()`.
 */
export async function startDovecot(): Promise<{
  url: string;
  user: string;
  password: string;
  port: number;
  stop(): Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-dovecot-"));
  const port = await freePort();
  const user = "bounces";
  const password = "bounce-box-password";
  const me = os.userInfo();
  // Dovecot never runs mail processes as root: as root, mail is owned by the package's user.
  const asRoot = me.uid === 0;
  const mailUser = asRoot ? systemUser("dovecot") : { uid: me.uid, gid: me.gid };
  const internal = asRoot ? "dovecot" : me.username;
  const login = asRoot ? "dovenull" : me.username;
  fs.mkdirSync(path.join(dir, "run"));
  fs.mkdirSync(path.join(dir, "home"));
  fs.chmodSync(dir, 0o755);
  fs.chownSync(path.join(dir, "home"), mailUser.uid, mailUser.gid);
  fs.writeFileSync(path.join(dir, "passwd"), `${user}:{PLAIN}${password}\n`);
  fs.writeFileSync(
    path.join(dir, "dovecot.conf"),
    [
      `protocols = imap`,
      `listen = 127.0.0.1`,
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/run`,
      `log_path = ${dir}/dovecot.log`,
      `ssl = no`,
      `disable_plaintext_auth = no`,
      `auth_mechanisms = plain login`,
      `default_internal_user = ${internal}`,
      `default_login_user = ${login}`,
      `first_valid_uid = 1`,
      `passdb {`,
      `  driver = passwd-file`,
      `  args = scheme=PLAIN username_format=%u ${dir}/passwd`,
      `}`,
      `userdb {`,
      `  driver = static`,
      `  args = uid=${mailUser.uid} gid=${mailUser.gid} home=${dir}/home/%u`,
      `}`,
      `mail_location = maildir:~/Maildir`,
      `service imap-login {`,
      `  chroot =`,
      `  inet_listener imap {`,
      `    port = ${port}`,
      `  }`,
      `  inet_listener imaps {`,
      `    port = 0`,
      `  }`,
      `}`,
      `service anvil {`,
      `  chroot =`,
      `}`,
      ``,
    ].join("\n"),
  );
  const child: ChildProcess = spawn("dovecot", ["-F", "-c", path.join(dir, "dovecot.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = fs.existsSync(path.join(dir, "dovecot.log"))
        ? fs.readFileSync(path.join(dir, "dovecot.log"), "utf8")
        : "";
      child.kill("SIGKILL");
      throw new Error(`dovecot did not start:\n${output}\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `imap://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    user,
    password,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      }
      if (!process.env.MW_KEEP_DOVECOT) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
