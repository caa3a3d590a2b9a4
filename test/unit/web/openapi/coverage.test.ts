import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { isMethodNotAllowedHandler, keyPermissionOf } from "@/lib/web/api-handler";
import { buildOpenApiDocument } from "@/lib/web/openapi/document";
import { operations } from "@/lib/web/openapi/operations";
import { allRoutes } from "../../../support/router";

/**
 * The registry and the routes agree: every method a /v1 route implements (not a
 * methodsNotAllowed 405) has an entry with a summary and a description, and every entry has a
 * route implementing it. The catch-all 404 and /v1 itself name no resource.
 */
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** `METHOD /v1/path` of every implemented operation, with the key permission its route declares. */
async function implementedOperations(): Promise<string[]> {
  return [...(await routePermissions()).keys()].sort();
}

async function routePermissions(): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  for (const route of allRoutes()) {
    const [api, v1, ...rest] = route.segments;
    if (api !== "api" || v1 !== "v1" || rest.length === 0) continue;
    if (rest.some((segment) => segment.startsWith("[..."))) continue;
    const routeModule = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
    const path = "/v1/" + rest.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/");
    for (const method of METHODS) {
      const handler = routeModule[method];
      if (typeof handler === "function" && !isMethodNotAllowedHandler(handler)) {
        found.set(`${method} ${path}`, keyPermissionOf(handler));
      }
    }
  }
  return found;
}

describe("OpenAPI registry", () => {
  it("documents exactly the operations the routes implement", async () => {
    const documented = operations.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort();
    expect(documented).toEqual(await implementedOperations());
  }, 60_000);

  it("declares each operation's key permission as its route enforces it", async () => {
    const routes = await routePermissions();
    for (const op of operations) {
      const key = `${op.method.toUpperCase()} ${op.path}`;
      expect(routes.get(key), key).toBe(op.public ? null : (op.permission ?? "full"));
    }
  }, 60_000);

  it("opens exactly the operations of DECISIONS §12 to sending keys", async () => {
    const sending = [...(await routePermissions())]
      .filter(([, permission]) => permission === "sending")
      .map(([operation]) => operation)
      .sort();
    expect(sending).toEqual([
      "GET /v1/emails",
      "GET /v1/emails/{id}",
      "POST /v1/events",
      "POST /v1/send",
      "POST /v1/send/batch",
    ]);
  }, 60_000);

  it("gives every operation a unique id, a summary and a description", () => {
    for (const op of operations) {
      expect(op.summary.trim(), op.id).not.toBe("");
      expect(op.description.trim(), op.id).not.toBe("");
      expect(Object.keys(op.responses).length, op.id).toBeGreaterThan(0);
    }
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
  });

  it("builds a valid OpenAPI 3.1 document", async () => {
    const document = buildOpenApiDocument({ serverUrl: "http://localhost:3000" });
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    const send = document.paths["/v1/send"]!.post as { responses: Record<string, unknown> };
    expect(Object.keys(send.responses)).toEqual(
      expect.arrayContaining(["200", "202", "400", "401", "413", "422", "429"]),
    );
    expect(send["x-permission" as keyof typeof send]).toBe("sending");
    // A full-only operation documents the refusal a sending key gets.
    const contacts = document.paths["/v1/contacts"]!.get as {
      "x-permission": string;
      responses: Record<string, { "x-error-codes": string[] }>;
    };
    expect(contacts["x-permission"]).toBe("full");
    expect(contacts.responses["403"]!["x-error-codes"]).toContain("insufficient_permission");
    const getEmail = document.paths["/v1/emails/{id}"]!.get as { responses: object };
    expect(Object.keys(getEmail.responses)).not.toContain("403");
  });
});
