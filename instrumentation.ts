/** Runs once when the Next.js server starts: database, migrations, first boot, worker. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("./lib/start/server");
  await startServer();
}
