import net, { type AddressInfo } from "node:net";

/**
 * A TCP proxy in front of a server, to take that server away from its clients as a crash does:
 * `interrupt(ms)` resets every open connection and refuses new ones for `ms`, then listens again
 * on the same port — what a PostgreSQL killed with SIGKILL and restarted looks like to workers
 * that reach it through the proxy, without touching the server other test files share.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const serve = (client: net.Socket) => {
    const upstream = net.connect(target);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once("close", () => upstream.destroy());
    upstream.once("close", () => client.destroy());
  };
  const listen = (port: number) =>
    new Promise<net.Server>((resolve, reject) => {
      const server = net.createServer(serve);
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve(server));
    });

  let server = await listen(0);
  const port = (server.address() as AddressInfo).port;
  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    port,
    async interrupt(downMs: number) {
      const closed = closeServer();
      // A reset (RST), as the peer of a killed process gets; a socket still connecting just goes.
      for (const socket of sockets) {
        if (socket.connecting) socket.destroy();
        else socket.resetAndDestroy();
      }
      await closed;
      await new Promise((resolve) => setTimeout(resolve, downMs));
      server = await listen(port);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await closeServer();
    },
  };
}
