import net, { type AddressInfo } from "node:net";

/** A TCP port free on loopback right now (for a child process to bind). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The first line the server at `port` sends, or the connection error. */
export function greeting(port: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.setTimeout(2_000, () => {
      socket.destroy();
      reject(new Error("no greeting"));
    });
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString());
    });
    socket.once("error", reject);
  });
}

/** Whether an SMTP server answers on `port` with its 220 greeting. */
export const servesSmtp = async (port: number) =>
  (await greeting(port).catch(() => "")).startsWith("220 ");
