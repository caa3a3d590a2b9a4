import { Resolver } from "node:dns/promises";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db";
import { readConfig } from "@/lib/core/config";
import { systemDnsResolver } from "@/lib/core/dns";
import { makeRuntime } from "@/lib/start/runtime";

// makeRuntime builds services without connecting (the queue starts later): no database needed.
const handle = { db: {} } as unknown as DatabaseHandle;

describe("systemDnsResolver", () => {
  it("asks the configured DNS_SERVER, else the system's servers", () => {
    const pointed = systemDnsResolver("10.0.0.2:5353") as Resolver;
    expect(pointed.getServers()).toEqual(["10.0.0.2:5353"]);
    const system = systemDnsResolver(undefined) as Resolver;
    expect(system.getServers()).toEqual(new Resolver().getServers());
  });
});

describe("the runtime's resolver", () => {
  it("is one per runtime, for its DNS_SERVER, and a given one wins", () => {
    const runtime = makeRuntime(handle, readConfig({ DNS_SERVER: "10.0.0.3" }));
    expect((runtime.dns as Resolver).getServers()).toEqual(["10.0.0.3"]);
    expect(runtime.dns).toBe(runtime.dns);
    const fake = { resolveTxt: async () => [] };
    expect(makeRuntime(handle, readConfig({}), undefined, { dns: fake }).dns).toBe(fake);
  });
});
