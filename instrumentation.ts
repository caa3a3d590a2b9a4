/** Runs once when the Next.js server starts: database, migrations, first boot, worker. */
export async function register() {
  // Next's own signals, not operator configuration (lib/core/config.ts), read before anything from lib/
  // is loaded: the edge runtime must not load it, nor may `next build` open the database.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("./lib/start/server");
  await startServer();
}
