/**
 * Documented 4xx answers the contract run does not produce, each with why. Anything documented
 * and not reached that is not listed here fails the run.
 */
export const UNREACHABLE: { operation: string; status: number; why: string }[] = [
  // The run uses a rate limit high enough for ~1,000 requests; 429 is covered by
  // test/integration/api/rate-limit.test.ts against the same handlers.
  { operation: "*", status: 429, why: "rate limit raised for the run; see api/rate-limit.test.ts" },
];
