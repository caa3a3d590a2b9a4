import { automationOperations } from "./automations";
import { campaignOperations } from "./campaigns";
import { contactOperations } from "./contacts";
import { domainOperations } from "./domains";
import { metaOperations } from "./meta";
import type { Operation } from "./operation";
import { receivedEmailOperations } from "./received-emails";
import { segmentOperations } from "./segments";
import { sendingOperations } from "./sending";
import { suppressionOperations } from "./suppressions";
import { templateOperations } from "./templates";
import { topicOperations } from "./topics";
import { webhookOperations } from "./webhooks";

/**
 * Every documented /v1 operation. A new route adds its entry to its resource's file (or a new
 * file listed here); test/unit/web/openapi/coverage.test.ts fails until it does.
 */
export const operations: Operation[] = [
  ...sendingOperations,
  ...contactOperations,
  ...segmentOperations,
  ...topicOperations,
  ...templateOperations,
  ...campaignOperations,
  ...automationOperations,
  ...domainOperations,
  ...receivedEmailOperations,
  ...suppressionOperations,
  ...webhookOperations,
  ...metaOperations,
];
