import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "@/db";
import { domains } from "@/db/schema";
import { fixedClock, systemClock, type Clock, type FakeClock } from "@/lib/core/clock";
import { readConfig, type Config } from "@/lib/core/config";
import type { DnsResolver } from "@/lib/core/dns";
import { stampClientAddress } from "@/lib/core/http/client-address";
import { prepareInstance } from "@/lib/start/bootstrap";
import { createProject } from "@/lib/projects/create";
import type { Runtime } from "@/lib/core/runtime";
import { installRuntime, makeRuntime } from "@/lib/start/runtime";
import { serviceContext, type ServiceContext } from "@/lib/core/context";
import { startWorkers } from "@/lib/start/workers";
import { createThrowawayDatabase, postgresAvailable } from "./database";
import { dispatchToRoute } from "./router";

export type Driver = "pglite" | "postgres";
export const TEST_DRIVER: Driver =
  process.env.MW_TEST_DRIVER === "postgres" ? "postgres" : "pglite";

export type TestApp = {
  driver: Driver;
  baseUrl: string;
  runtime: Runtime;
  /** The fake clock (when started with `clock: "fake"`) or the system clock. */
  clock: Clock & Partial<Pick<FakeClock, "advance" | "set">>;
  /** fetch against /api with JSON handling; `key` sets the Bearer token. */
  api(path: string, init?: ApiInit): Promise<ApiResponse>;
  /**
   * A project with a verified domain. Its domain is warm (warm-up off) unless `warmup` says
   * otherwise: tests of big campaigns are not about warm-up's daily caps (docs/decisions/0056).
   */
  createProject(options?: {
    name?: string;
    domain?: string;
    warmup?: boolean;
  }): Promise<TestProject>;
  /** A service context for a project, as the API would build it. */
  ctx(projectId: string, keyMode?: "live" | "test"): ServiceContext;
  close(): Promise<void>;
};
export type TestProject = { id: string; live: string; test: string };
export type ApiInit = {
  method?: string;
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
};
export type ApiResponse = { status: number; headers: Headers; body: any; text: string }; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * An in-process HTTP server that dispatches to the real app/ route handlers, on a fresh
 * database of the driver under test (MW_TEST_DRIVER), with an optional fake clock.
 */
export type TestAppOptions = {
  clock?: "fake" | "system";
  env?: Record<string, string>;
  /** Overrides of the configuration read from the environment (delivery, webhooks, DNS…). */
  config?: Partial<Config>;
  /** "embedded" runs the queue's workers in the test process (deliveries, webhooks). */
  worker?: "embedded" | "off";
  /** The runtime's DNS (a fake zone) instead of the system resolver. */
  dns?: DnsResolver;
};

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  Object.assign(process.env, {
    RATE_LIMIT_PER_SECOND: "100000",
    RATE_LIMIT_BURST: "100000",
    UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: "100000",
    TRUST_PROXY: "0",
    ...options.env,
  });
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let handle: DatabaseHandle;
  if (TEST_DRIVER === "postgres") {
    if (!(await postgresAvailable()))
      throw new Error("PostgreSQL is not reachable on 127.0.0.1:5432");
    const database = await createThrowawayDatabase();
    dropDatabase = database.drop;
    databaseUrl = database.url;
    await migrateDatabase({ databaseUrl: database.url });
    handle = await openDatabase({ databaseUrl: database.url, poolSize: 10 });
  } else {
    handle = await openDatabase({ memory: true });
    await migrateDatabase({ handle });
  }
  const clock = options.clock === "fake" ? fixedClock("2026-06-01T12:00:00.000Z") : systemClock;
  const runtime = makeRuntime(
    handle,
    {
      ...readConfig(),
      databaseUrl,
      worker: options.worker ?? "off",
      // An appUrl given here stands for APP_URL: the saved public URL must not replace it.
      ...(options.config?.appUrl ? { appUrlFromEnv: true } : {}),
      ...options.config,
    },
    clock,
    { dns: options.dns },
  );
  await prepareInstance(runtime);
  await runtime.jobs.start();
  if (options.worker === "embedded") await startWorkers(runtime);
  installRuntime(runtime);

  const server = http.createServer((req, res) => {
    // As the front door (scripts/serve.ts) does: the client address comes from the socket.
    stampClientAddress(req, runtime.config.trustProxy);
    void dispatchToRoute(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    driver: TEST_DRIVER,
    baseUrl,
    runtime,
    clock,
    async api(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.key) headers.authorization = `Bearer ${init.key}`;
      let body: string | undefined = init.rawBody;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers["content-type"] = "application/json";
      }
      const response = await fetch(`${baseUrl}/api${path}`, {
        method: init.method ?? "GET",
        headers,
        body,
      });
      const text = await response.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
    async createProject(opts = {}) {
      const result = await createProject(
        runtime.db,
        { name: opts.name ?? "Test project", domain: opts.domain ?? "mail.test", verified: true },
        clock.now(),
      );
      if (!opts.warmup) {
        await runtime.db
          .update(domains)
          .set({ warmup: false })
          .where(eq(domains.projectId, result.project.id));
      }
      return { id: result.project.id, live: result.keys.live, test: result.keys.test };
    },
    ctx: (projectId, keyMode = "live") => serviceContext(runtime, projectId, keyMode),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.jobs.stop(5_000);
      await runtime.transports.close();
      await handle.close();
      await dropDatabase?.();
    },
  };
}
