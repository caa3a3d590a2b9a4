import { Resolver } from "node:dns/promises";
import { afterEach, describe, expect, it } from "vitest";
import { currentDnsResolver, installDnsResolver } from "@/lib/domains/dns";

afterEach(() => installDnsResolver(null));

describe("currentDnsResolver", () => {
  it("asks the configured DNS_SERVER, else the system's servers", () => {
    const pointed = currentDnsResolver({ dnsServer: "10.0.0.2:5353" }) as Resolver;
    expect(pointed.getServers()).toEqual(["10.0.0.2:5353"]);
    const system = currentDnsResolver({ dnsServer: undefined }) as Resolver;
    expect(system.getServers()).toEqual(new Resolver().getServers());
  });

  it("keeps one resolver per process while the setting stays, and an installed one wins", () => {
    const config = { dnsServer: "10.0.0.3" };
    expect(currentDnsResolver(config)).toBe(currentDnsResolver(config));
    const fake = { resolveTxt: async () => [] };
    installDnsResolver(fake);
    expect(currentDnsResolver(config)).toBe(fake);
  });
});
