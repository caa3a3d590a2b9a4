import { firstBoot } from "./bootstrap";
import { getRuntime } from "./runtime";

/** Server process start-up, called from instrumentation.ts before the first request. */
export async function startServer() {
  try {
    const runtime = await getRuntime("server");
    await firstBoot(runtime);
    console.log(
      `Mailwright ready on ${runtime.config.appUrl} (database: ${runtime.handle.driver}, worker: ${runtime.config.worker})`,
    );
  } catch (error) {
    console.error(`Mailwright could not start: ${(error as Error).message}`);
    process.exit(1);
  }
}
