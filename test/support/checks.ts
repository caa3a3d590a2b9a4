import { expect } from "vitest";
import type { ApiResponse, TestApp } from "./app";

/** Shared assertions for the checks every route gets. */
export function expectError(response: ApiResponse, status: number, code?: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body?.error?.message, response.text).toEqual(expect.any(String));
  if (code) expect(response.body.error.code).toBe(code);
  expect(response.headers.get("x-request-id")).toMatch(/^req_/);
}

export async function expectRequiresKey(app: TestApp, method: string, path: string) {
  const missing = await app.api(path, { method });
  expectError(missing, 401, "unauthorized");
  expect(missing.headers.get("www-authenticate")).toBe("Bearer");
  const bogus = await app.api(path, { method, key: "sk_live_notarealkeynotarealkeynotarealkey00" });
  expectError(bogus, 401, "unauthorized");
}

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
