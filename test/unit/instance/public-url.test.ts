import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/core/errors";
import { requestOrigin } from "@/lib/core/http/request-origin";
import { isLoopbackUrl, normalizePublicUrl } from "@/lib/instance/public-url";
import { serverEnvironment } from "@/lib/start/environment";
import { startupLines, type StartupFacts } from "@/lib/start/summary";

describe("serverEnvironment (npm start)", () => {
  // Issue 21: AUTH_URL defaulted to http://localhost:PORT sent a browser that signed in at
  // 127.0.0.1 back to localhost, without its cookie, to an empty login form.
  it("leaves AUTH_URL unset when the operator chose no address, so Auth.js uses the request's", () => {
    const env = serverEnvironment({ PORT: "3400" });
    expect(env.AUTH_URL).toBeUndefined();
    expect(env.APP_URL).toBeUndefined();
    expect(env.AUTH_TRUST_HOST).toBe("true");
  });

  it("pins AUTH_URL to APP_URL, or keeps an AUTH_URL of the operator's", () => {
    expect(serverEnvironment({ APP_URL: "https://mail.acme.io" }).AUTH_URL).toBe(
      "https://mail.acme.io",
    );
    expect(
      serverEnvironment({ APP_URL: "https://mail.acme.io", AUTH_URL: "https://in.acme.io" })
        .AUTH_URL,
    ).toBe("https://in.acme.io");
  });
});

describe("normalizePublicUrl", () => {
  it("keeps the origin of an http(s) address, adding https:// to a bare host", () => {
    expect(normalizePublicUrl(" https://Mail.Acme.io/ ")).toBe("https://mail.acme.io");
    expect(normalizePublicUrl("http://192.168.1.20:3400")).toBe("http://192.168.1.20:3400");
    expect(normalizePublicUrl("mail.acme.io")).toBe("https://mail.acme.io");
  });

  it.each([
    ["", "Enter the address"],
    ["ftp://mail.acme.io", "must start with https:// or http://"],
    ["https://user:pw@mail.acme.io", "cannot contain a login"],
    ["https://mail.acme.io/mailwright", "remove the path"],
    ["https://mail.acme.io/?a=1", "remove the path"],
    ["http://exa mple.com", "Enter a web address"],
  ])("refuses %j on its field", (input, message) => {
    try {
      normalizePublicUrl(input);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      const [detail] = (error as ValidationError).details ?? [];
      expect(detail?.path).toBe("public_url");
      expect(detail?.message).toContain(message);
    }
  });
});

describe("isLoopbackUrl", () => {
  it.each([
    ["http://localhost:3000", true],
    ["http://app.localhost", true],
    ["http://127.0.0.1:3400", true],
    ["http://127.1.2.3", true],
    ["http://[::1]:3000", true],
    ["http://0.0.0.0:3000", true],
    ["http://192.168.1.20:3400", false],
    ["https://mail.acme.io", false],
    ["https://localhost.acme.io", false],
  ])("%s → %s", (url, loopback) => expect(isLoopbackUrl(url)).toBe(loopback));
});

describe("requestOrigin", () => {
  it("is the Host header over http, or what a proxy forwarded", () => {
    expect(requestOrigin(new Headers({ host: "127.0.0.1:3400" }))).toBe("http://127.0.0.1:3400");
    expect(
      requestOrigin(
        new Headers({
          host: "10.0.0.5:3000",
          "x-forwarded-host": "mail.acme.io, proxy.internal",
          "x-forwarded-proto": "https",
        }),
      ),
    ).toBe("https://mail.acme.io");
    expect(requestOrigin(new Headers())).toBeNull();
  });
});

describe("startupLines", () => {
  const facts: StartupFacts = {
    port: 3000,
    driver: "pglite",
    worker: "embedded",
    publicUrl: { url: "http://localhost:3000", source: "default", loopback: true, by: null },
    environmentDelivery: null,
    projectsWithRelays: 0,
  };

  it("says when links are local and nothing delivers, and where to fix both", () => {
    const text = startupLines(facts).join("\n");
    expect(text).toContain("or this machine's address on port 3000");
    expect(text).toContain("recipients cannot open it; set the public URL in Settings → General");
    expect(text).toContain("none yet: live email waits as queued");
    expect(text).toContain("Settings → Delivery");
  });

  it("names the environment's default and an operator's APP_URL", () => {
    const text = startupLines({
      ...facts,
      publicUrl: { url: "https://mail.acme.io", source: "environment", loopback: false, by: null },
      environmentDelivery: "SMTP_URL (smtp.acme.io:587)",
    }).join("\n");
    expect(text).toContain("Dashboard        https://mail.acme.io");
    expect(text).not.toContain("cannot open");
    expect(text).toContain("SMTP_URL (smtp.acme.io:587) (the instance default)");
  });
});
