import http from "node:http";

/** A closed-loop load generator: `concurrency` workers issue requests back to back. */
export type LoadResult = {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
};

export type RequestSpec = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function request(
  baseUrl: string,
  spec: RequestSpec,
): Promise<{ status: number; body: string }> {
  const url = new URL(spec.path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: spec.method,
        agent,
        headers: {
          ...(spec.body !== undefined && {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(spec.body),
          }),
          ...spec.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on("error", reject);
    if (spec.body !== undefined) req.write(spec.body);
    req.end();
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runLoad(options: {
  baseUrl: string;
  concurrency: number;
  requests: number;
  next: (i: number) => RequestSpec;
  expectStatus: (status: number) => boolean;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < options.requests) {
      const i = issued++;
      const t0 = performance.now();
      try {
        const res = await request(options.baseUrl, options.next(i));
        if (!options.expectStatus(res.status)) {
          errors++;
          if (errors <= 3) console.error(`  unexpected ${res.status}: ${res.body.slice(0, 200)}`);
        }
      } catch (error) {
        errors++;
        if (errors <= 3) console.error("  request failed", error);
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export async function waitForHttp(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await request(url, { method: "GET", path: "/api/v1/health-probe" });
      if (res.status > 0) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not answer within ${timeoutMs} ms`);
}
