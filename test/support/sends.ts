import { expect } from "vitest";
import type { TestApp } from "./app";

/**
 * Accepted sends, one POST /v1/send per address in order, from `hello@mail.test` (the test
 * project's verified domain): the ids of the emails, for tests that deliver them by hand.
 */
export async function acceptedSends(app: TestApp, key: string, addresses: string[]) {
  const ids: string[] = [];
  for (const to of addresses) {
    const res = await app.api("/v1/send", {
      method: "POST",
      key,
      body: { from: "hello@mail.test", to, subject: "Hi", html: "<p>Hi</p>" },
    });
    expect(res.status, res.text).toBe(200);
    ids.push(res.body.id as string);
  }
  return ids;
}
