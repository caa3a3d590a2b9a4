/**
 * Documented 4xx answers the contract run does not produce, each with why. Anything documented
 * and not reached that is not listed here fails the run.
 */
export const UNREACHABLE: { operation: string; status: number; why: string }[] = [
  // The run uses a rate limit high enough for ~1,000 requests; 429 is covered by
  // test/integration/rate-limit.test.ts against the same handlers.
  { operation: "*", status: 429, why: "rate limit raised for the run; see rate-limit.test.ts" },
  // Needs two concurrent requests with one Idempotency-Key, which a sequential runner cannot make.
  {
    operation: "sendEmail",
    status: 409,
    why: "idempotency_in_progress needs a concurrent request",
  },
  // A fresh project has no webhook deliveries to replay (its 2xx is not run either); the 409
  // (webhook_disabled) is covered by test/integration/webhooks.test.ts.
  { operation: "replayWebhookDelivery", status: 409, why: "no delivery exists in a fresh project" },
];
