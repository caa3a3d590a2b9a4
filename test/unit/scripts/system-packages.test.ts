import { describe, expect, it } from "vitest";
import { installCommand, missingPackages } from "@/scripts/system-packages";

describe("the Debian packages npm test needs", () => {
  const nothing = () => false;

  it("asks only for what the selected steps drive", () => {
    expect(missingPackages(["unit", "typecheck"], nothing)).toEqual([]);
    expect(missingPackages(["e2e"], nothing).map((p) => p.debianPackage)).toEqual(["chromium"]);
    expect(missingPackages(["integration-pglite"], nothing).map((p) => p.debianPackage)).toEqual([
      "spamassassin",
      "dovecot-imapd",
    ]);
  });

  it("names one command that installs everything missing", () => {
    const missing = missingPackages(["integration-postgres", "e2e"], (c) => c === "spamassassin");
    expect(installCommand(missing)).toBe("sudo apt-get install -y chromium dovecot-imapd");
  });

  it("asks for nothing on a machine that has them", () => {
    expect(missingPackages(["e2e", "integration-pglite"], () => true)).toEqual([]);
  });
});
