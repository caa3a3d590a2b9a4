import { KNOWN_MACHINES, PEOPLES_IMAGE_PROXIES } from "./machine-agents";

/**
 * Whether an open or a click was a person's or a machine's (DECISIONS §14, docs/engagement.md).
 * Pure: the recorder passes what the request and the email say, and stores the verdict on the
 * event. The burst rule needs the email's earlier clicks, so it is `isLinkBurst` below.
 */
export type EngagementKind = "open" | "click";

export type MachineReason =
  | "head_request"
  | "non_get_request"
  | "empty_user_agent"
  | "apple_mpp_prefetch"
  | `scanner:${string}`
  | "click_before_10s"
  | "link_burst";

export type EngagementVerdict = { machine: boolean; reason: MachineReason | null };

export type EngagementRequest = {
  method: string;
  userAgent: string | null;
  kind: EngagementKind;
  /** When the email was delivered (null: not known, the time rule is not applied). */
  deliveredAt: Date | null;
  now: Date;
};

/** A click sooner than this after delivery is a scanner following links as the email arrives. */
export const CLICK_AFTER_DELIVERY_MS = 10_000;
/** Different links of one email clicked by one client closer together than this: a scanner. */
export const LINK_BURST_MS = 5_000;

/** Apple Mail Privacy Protection fetches every image on delivery with exactly this agent. */
const APPLE_MPP_USER_AGENT = "Mozilla/5.0";

const HUMAN: EngagementVerdict = { machine: false, reason: null };
const machine = (reason: MachineReason): EngagementVerdict => ({ machine: true, reason });

export function classifyEngagement(request: EngagementRequest): EngagementVerdict {
  const method = request.method.toUpperCase();
  if (method === "HEAD") return machine("head_request");
  if (method !== "GET") return machine("non_get_request");
  const userAgent = (request.userAgent ?? "").trim();
  if (userAgent === "") return machine("empty_user_agent");
  if (userAgent === APPLE_MPP_USER_AGENT) return machine("apple_mpp_prefetch");
  const scanner = knownMachineOf(userAgent);
  if (scanner) return machine(`scanner:${scanner}`);
  if (
    request.kind === "click" &&
    request.deliveredAt &&
    request.now.getTime() - request.deliveredAt.getTime() < CLICK_AFTER_DELIVERY_MS
  ) {
    return machine("click_before_10s");
  }
  return HUMAN;
}

/**
 * The name of the known scanner, bot or crawler a user agent names, or null. The image proxies
 * that fetch when the reader opens the message (Gmail's, Yahoo's) are people, whatever else
 * their agent says.
 */
export function knownMachineOf(userAgent: string): string | null {
  if (PEOPLES_IMAGE_PROXIES.some((pattern) => pattern.test(userAgent))) return null;
  return KNOWN_MACHINES.find(({ pattern }) => pattern.test(userAgent))?.name ?? null;
}

export type RecentClick = { url: string; at: Date };

/**
 * A click is part of a burst when the same client clicked a different link of the same email
 * less than LINK_BURST_MS before it: people read between links, scanners fetch them all at once.
 * `earlier` are that client's earlier clicks of the email.
 */
export function isLinkBurst(click: RecentClick, earlier: readonly RecentClick[]): boolean {
  return earlier.some((other) => other.url !== click.url && isWithinBurst(other.at, click.at));
}

/** Whether an earlier click is close enough to a later one to be part of its burst. */
export function isWithinBurst(earlier: Date, later: Date): boolean {
  return later.getTime() - earlier.getTime() < LINK_BURST_MS;
}
