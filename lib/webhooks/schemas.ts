import { isIP } from "node:net";
import { z } from "zod";
import type { Config } from "@/lib/core/config";
import { PageQuery } from "@/lib/core/pagination";
import { WEBHOOK_EVENT_TYPES } from "./event-types";
import { isPrivateAddress } from "./private-address";

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * An absolute http(s) URL. A literal private IP or a localhost name is refused up front (unless
 * WEBHOOK_ALLOW_PRIVATE is set) because it can never be delivered to; names that merely resolve
 * to private addresses are refused at delivery time, after DNS, where the answer is known.
 */
const webhookUrl = (allowPrivate: boolean) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
    .trim()
    .min(1, { error: "is required", abort: true })
    .max(MAX_WEBHOOK_URL_LENGTH, {
      error: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
      abort: true,
    })
    .superRefine((value, issue) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        issue.addIssue({ code: "custom", message: "must be an absolute http(s) URL" });
        return;
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        issue.addIssue({ code: "custom", message: "must use http or https" });
        return;
      }
      if (!allowPrivate && isLocalTarget(url.hostname)) {
        issue.addIssue({
          code: "custom",
          message: "must not point to a private, loopback or link-local address",
        });
      }
    });

function isLocalTarget(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isIP(host)) return isPrivateAddress(host);
  return host === "localhost" || host.endsWith(".localhost");
}

const Events = z
  .array(
    z.enum(WEBHOOK_EVENT_TYPES, {
      error: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}`,
    }),
    { error: "must be an array of event types" },
  )
  .min(1, "must list at least one event type")
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type)));

const Description = z
  .string({ error: "must be a string or null" })
  .max(500, "must be at most 500 characters")
  .nullable()
  .transform((v) => (v === null || v.trim() === "" ? null : v.trim()));

function webhookInputs(allowPrivate: boolean) {
  const url = webhookUrl(allowPrivate);
  return {
    CreateWebhookInput: z.object({
      url,
      events: Events.optional(),
      description: Description.optional(),
    }),
    UpdateWebhookInput: z.object({
      url: url.optional(),
      // null: every type again, future ones included (as an endpoint created without a list).
      events: Events.nullable().optional(),
      description: Description.optional(),
      active: z.boolean({ error: "must be a boolean" }).optional(),
    }),
  };
}

// Both variants built once: which one applies is configuration, known only at run time.
const PUBLIC_TARGETS = webhookInputs(false);
const ANY_TARGETS = webhookInputs(true);

/** The endpoint input schemas under this process's WEBHOOK_ALLOW_PRIVATE. */
export function webhookInputSchemas(config: Pick<Config, "webhookAllowPrivate">) {
  return config.webhookAllowPrivate ? ANY_TARGETS : PUBLIC_TARGETS;
}

export const ListWebhooksQuery = PageQuery;

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const ListDeliveriesQuery = PageQuery.extend({
  status: z.enum(DELIVERY_STATUSES, { error: "must be pending, succeeded or failed" }).optional(),
});
export type ListDeliveriesQuery = z.input<typeof ListDeliveriesQuery>;
