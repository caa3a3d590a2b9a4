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

export type LoadOptions = {
  baseUrl: string;
  concurrency: number;
  requests: number;
  next: (i: number) => RequestSpec;
  expectStatus: (status: number) => boolean;
};

type Measured = { latencies: number[]; errors: number; seconds: number };

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  return resultOf([await measure(options, 0)]);
}

/**
 * Loads measured in alternating rounds (a, b, a, b, …), each load's figures summed over its
 * rounds. This VM's speed moves by half within minutes: a ratio of two loads run one after the
 * other measured the VM as much as the code (the same build gave 0.57 and 0.52 for POST
 * /v1/send against the no-op route, whose own rate read 441 and 715 req/s).
 */
export async function runAlternating<K extends string>(
  loads: Record<K, LoadOptions>,
  rounds: number,
): Promise<Record<K, LoadResult>> {
  const names = Object.keys(loads) as K[];
  const measured = new Map<K, Measured[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const load = loads[name];
      // Indices 0 … requests-1 over the rounds, each once.
      const first = Math.floor((round * load.requests) / rounds);
      const end = Math.floor(((round + 1) * load.requests) / rounds);
      measured.get(name)!.push(await measure({ ...load, requests: end - first }, first));
    }
  }
  return Object.fromEntries(names.map((name) => [name, resultOf(measured.get(name)!)])) as Record<
    K,
    LoadResult
  >;
}

async function measure(options: LoadOptions, firstIndex: number): Promise<Measured> {
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < options.requests) {
      const i = firstIndex + issued++;
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
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

function resultOf(parts: Measured[]): LoadResult {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const seconds = parts.reduce((sum, p) => sum + p.seconds, 0);
  return {
    requests: latencies.length,
    errors: parts.reduce((sum, p) => sum + p.errors, 0),
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
