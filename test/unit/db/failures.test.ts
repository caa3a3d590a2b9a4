import { describe, expect, it } from "vitest";
import { withDeadline } from "@/db/deadline";
import { isTransientDatabaseError } from "@/db/transient-errors";

describe("isTransientDatabaseError", () => {
  it.each([
    ["postgres.js lost its connection", { code: "CONNECTION_CLOSED" }],
    ["refused while the server restarts", { code: "ECONNREFUSED" }],
    ["reset by the peer", { code: "ECONNRESET" }],
    ["terminated by an administrator (a restart)", { code: "57P01" }],
    ["the server is starting up", { code: "57P03" }],
    ["a connection exception (class 08)", { code: "08006" }],
    ["a deadlock victim", { code: "40P01" }],
    ["wrapped by Drizzle", { message: "Failed query", cause: { code: "57P01" } }],
  ])("%s: transient", (_, error) => {
    expect(isTransientDatabaseError(error)).toBe(true);
  });

  it.each([
    ["a unique violation", { code: "23505" }],
    ["a syntax error", { code: "42601" }],
    ["a plain Error", new Error("boom")],
    ["nothing", null],
    ["wrapped by Drizzle", { message: "Failed query", cause: { code: "23505" } }],
  ])("%s: not transient", (_, error) => {
    expect(isTransientDatabaseError(error)).toBe(false);
  });
});

describe("withDeadline", () => {
  it("passes on what settles in time", async () => {
    await expect(withDeadline(Promise.resolve(7), 50)).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new Error("no")), 50)).rejects.toThrow("no");
  });

  it("gives up on what never settles, as a lost connection", async () => {
    const never = new Promise<never>(() => {});
    const error = await withDeadline(never, 20, "the test").catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "no answer from the test in 20 ms" });
    expect(isTransientDatabaseError(error)).toBe(true);
  });
});
