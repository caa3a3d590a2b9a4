import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateSdkFiles, SDK_FILES } from "@/sdk/generate";

/**
 * The committed SDK artefacts are what `npm run sdk:generate` writes from lib/web/openapi today:
 * regenerated into a temp dir and compared, so a changed schema without a regenerated SDK fails.
 */
describe("generated SDK files", () => {
  it("are up to date with lib/web/openapi (else run `npm run sdk:generate`)", async () => {
    const files = await generateSdkFiles();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-sdk-"));
    try {
      for (const name of Object.keys(SDK_FILES) as (keyof typeof SDK_FILES)[]) {
        const fresh = path.join(dir, path.basename(SDK_FILES[name]));
        fs.writeFileSync(fresh, files[name]);
        const committed = fs.readFileSync(SDK_FILES[name], "utf8");
        expect(committed, `${SDK_FILES[name]} is stale: run npm run sdk:generate`).toBe(
          fs.readFileSync(fresh, "utf8"),
        );
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
