import fs from "node:fs";
import path from "node:path";

/** The login scripts/e2e-server.ts created before starting the server. */
export type E2eCredentials = {
  baseURL: string;
  /** The served app's SMTP submission relay (on 127.0.0.1). */
  smtpPort: number;
  email: string;
  password: string;
  projectId: string;
  projectName: string;
  /** Another project the user belongs to. */
  secondProjectName: string;
  /** A first-boot-like project (no domain, no sender) the user is an admin of: first-send.spec. */
  freshProject: { id: string; name: string };
  /** A user with the same password who belongs to no project. */
  noProjectEmail: string;
  /** A project member only e2e/sign-in-throttle.spec.ts signs in as (it gets throttled). */
  throttledEmail: string;
  /** An admin of Acme only e2e/session.spec.ts signs in as (it signs out everywhere). */
  sessionsEmail: string;
  /** e2e/accounts.spec.ts: an Acme member who changes their password. */
  accountEmail: string;
  /** e2e/accounts.spec.ts: an Acme member with a valid reset link (its token). */
  reset: { email: string; token: string };
  /** e2e/accounts.spec.ts: a first-boot admin (generated password) in a project of its own. */
  firstSignInEmail: string;
  /** scripts/e2e-seed-breaker.ts: a project with a campaign and an automation the breaker paused. */
  breaker: { projectName: string; campaignId: string; automationId: string };
  /** scripts/e2e-seed-health.ts: a project with a live automation whose latest runs failed. */
  health: { projectName: string; automationId: string; error: string };
  /** scripts/e2e-seed-unsubscribe.ts: a campaign email's unsubscribe token and its recipient. */
  unsubscribe: { token: string; address: string };
  /** scripts/e2e-seed-engagement.ts: a sent campaign with opens and clicks. */
  engagement: { projectName: string; campaignId: string; campaignName: string };
  /** scripts/e2e-seed-topics.ts: an empty project for the Topics page, and a preference center. */
  topics: {
    lab: { projectName: string; key: string };
    newsroom: {
      projectName: string;
      key: string;
      token: string;
      address: string;
      contactId: string;
      topics: { updates: string; events: string };
    };
  };
  /** scripts/e2e-seed-received.ts: a project about to receive, and one with received mail. */
  received: {
    quiet: { projectName: string; domain: string };
    desk: { projectName: string; sentEmailId: string; receipt: string };
  };
  /** scripts/e2e-seed-pacing.ts: a campaign waiting on a throttling receiver and on warm-up. */
  pacing: { projectName: string; campaignId: string; domainId: string };
};

export function readCredentials(): E2eCredentials {
  const file = path.resolve(process.env.E2E_CREDENTIALS || "e2e/.auth/credentials.json");
  return JSON.parse(fs.readFileSync(file, "utf8")) as E2eCredentials;
}
