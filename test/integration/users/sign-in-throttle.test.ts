import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throttledSignIn } from "@/lib/web/auth/sign-in-throttle";
import { createUser } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";

/**
 * Sign-in throttling at the service authorize() calls, on the fake clock: per account, per
 * address across accounts, unknown accounts alike, and a success starting the account over.
 */
let app: TestApp;
const PASSWORD = "correct horse battery";

beforeAll(async () => {
  app = await startTestApp({ clock: "fake" });
});
afterAll(async () => {
  await app?.close();
});

let counter = 0;
async function newUser() {
  const email = `user${++counter}@example.com`;
  await createUser(app.runtime.db, { email, password: PASSWORD });
  return email;
}
/** Every test signs in from its own address unless it says otherwise. */
const freshAddress = () => `198.51.100.${++counter}`;
const attempt = (email: string, password: string, address: string | null) =>
  throttledSignIn(app.runtime, { email, password, address });
const advance = (ms: number) => app.clock.advance!(ms);

describe(`sign-in throttling (${TEST_DRIVER})`, () => {
  it("5 wrong passwords: the 6th attempt waits, even with the right password, until the delay passes", async () => {
    const email = await newUser();
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      expect((await attempt(email, "wrong", address)).outcome).toBe("invalid");
    }
    expect(await attempt(email, PASSWORD, address)).toEqual({
      outcome: "throttled",
      retryAfterSeconds: 1,
    });
    advance(1_000);
    expect((await attempt(email, PASSWORD, address)).outcome).toBe("ok");
  });

  it("the delay grows with each failure and is capped at 15 minutes", async () => {
    const email = await newUser();
    const waits: number[] = [];
    for (let i = 0; i < 30; i++) {
      const result = await attempt(email, "wrong", freshAddress());
      if (result.outcome === "throttled") {
        waits.push(result.retryAfterSeconds);
        advance(result.retryAfterSeconds * 1000);
      }
    }
    expect(waits.slice(0, 5)).toEqual([1, 2, 4, 8, 16]);
    expect(Math.max(...waits)).toBe(15 * 60);
  });

  it("throttles an address that tries many accounts", async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) {
      expect((await attempt(`nobody${i}@example.com`, "wrong", address)).outcome).toBe("invalid");
    }
    const email = await newUser();
    expect((await attempt(email, PASSWORD, address)).outcome).toBe("throttled");
    // The account itself is fine from elsewhere.
    expect((await attempt(email, PASSWORD, freshAddress())).outcome).toBe("ok");
  });

  it("throttles unknown accounts exactly like known ones", async () => {
    const known = await newUser();
    const unknown = `ghost${counter}@example.com`;
    const answers = [];
    for (const email of [known, unknown]) {
      for (let i = 0; i < 5; i++) await attempt(email, "wrong", freshAddress());
      answers.push(await attempt(email, "wrong", freshAddress()));
    }
    expect(answers[0]).toEqual({ outcome: "throttled", retryAfterSeconds: 1 });
    expect(answers[1]).toEqual(answers[0]);
  });

  it("a successful sign-in clears the account's counter", async () => {
    const email = await newUser();
    for (let i = 0; i < 4; i++) await attempt(email, "wrong", freshAddress());
    expect((await attempt(email, PASSWORD, freshAddress())).outcome).toBe("ok");
    for (let i = 0; i < 4; i++) {
      expect((await attempt(email, "wrong", freshAddress())).outcome).toBe("invalid");
    }
    expect((await attempt(email, PASSWORD, freshAddress())).outcome).toBe("ok");
  });

  it("parallel guesses cannot all slip in before the failures are counted", async () => {
    const email = await newUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => attempt(email, "wrong", freshAddress())),
    );
    expect(results.filter((r) => r.outcome === "invalid")).toHaveLength(5);
    expect(results.filter((r) => r.outcome === "throttled")).toHaveLength(5);
  });
});
