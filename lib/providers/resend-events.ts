import { z } from "zod";
import type { EmailEventType } from "../emails/events";
import { ValidationError } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation";

/** What a provider webhook means for one of our emails (found by its provider message id). */
export type ProviderEvent = {
  messageId: string;
  type: EmailEventType;
  data: Record<string, unknown>;
};

const ResendPayload = z.looseObject({
  type: z.string({ error: "must be a string" }),
  data: z.looseObject({
    email_id: z.string().optional(),
    bounce: z
      .looseObject({
        type: z.string().optional(),
        subType: z.string().optional(),
        message: z.string().optional(),
      })
      .optional(),
    click: z.looseObject({ link: z.string().optional() }).optional(),
    failed: z.looseObject({ reason: z.string().optional() }).optional(),
  }),
});
type ResendData = z.infer<typeof ResendPayload>["data"];

function bounceEvent(data: ResendData): Pick<ProviderEvent, "type" | "data"> {
  const bounce = data.bounce;
  const details = {
    ...(bounce?.type && { bounce_type: bounce.type }),
    ...(bounce?.subType && { bounce_subtype: bounce.subType }),
    ...(bounce?.message && { bounce_message: bounce.message }),
  };
  // Resend reports Permanent, Transient or Undetermined; only Permanent (or no detail) is hard.
  if (!bounce?.type || bounce.type.toLowerCase() === "permanent") {
    return { type: "bounced", data: { reason: "hard_bounce", ...details } };
  }
  return { type: "deferred", data: { reason: "soft_bounce", ...details } };
}

function mapType(type: string, data: ResendData): Pick<ProviderEvent, "type" | "data"> | null {
  switch (type) {
    case "email.delivered":
      return { type: "delivered", data: {} };
    case "email.bounced":
      return bounceEvent(data);
    case "email.complained":
      return { type: "complained", data: { reason: "complaint" } };
    case "email.opened":
      return { type: "opened", data: {} };
    case "email.clicked":
      return { type: "clicked", data: { url: data.click?.link ?? null } };
    case "email.delivery_delayed":
      return { type: "deferred", data: { reason: "delivery_delayed" } };
    case "email.failed":
      return { type: "failed", data: { reason: data.failed?.reason ?? "provider_failed" } };
    default:
      // email.sent (we record the hand-off ourselves), contact.*, domain.*: nothing to do.
      return null;
  }
}

/** Maps a parsed Resend webhook payload; null when the event type is not one we track. */
export function mapResendEvent(payload: unknown): ProviderEvent | null {
  const { type, data } = parseInput(ResendPayload, payload);
  const mapped = mapType(type, data);
  if (!mapped) return null;
  if (!data.email_id) {
    throw new ValidationError("data.email_id: is required", [
      { path: "data.email_id", message: "is required" },
    ]);
  }
  return {
    messageId: data.email_id,
    type: mapped.type,
    data: { ...mapped.data, provider: "resend", provider_event: type },
  };
}
