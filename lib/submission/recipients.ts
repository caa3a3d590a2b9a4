import { and, eq } from "drizzle-orm";
import { suppressions } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { domainOf, isReservedTestDomain, parseMailbox } from "../sending/addresses";

/** At most this many envelope recipients per message (the API's batch limit). */
export const SUBMISSION_MAX_RECIPIENTS = 100;

export type RecipientVerdict =
  { accepted: true; address: string } | { accepted: false; code: number; message: string };

/**
 * RCPT TO on the submission relay (DECISIONS §16): the checks that can be answered per
 * recipient before the message is sent, so the others still go. A suppressed address is refused
 * for good (550 5.1.1) as POST /v1/send refuses it; a test key refuses real inboxes (its mail is
 * simulated and may only name reserved test domains).
 */
export async function checkRecipient(
  ctx: Pick<ServiceContext, "db" | "projectId" | "keyMode">,
  rawAddress: string,
  alreadyAccepted: number,
): Promise<RecipientVerdict> {
  if (alreadyAccepted >= SUBMISSION_MAX_RECIPIENTS) {
    return {
      accepted: false,
      code: 452,
      message: `4.5.3 Too many recipients: at most ${SUBMISSION_MAX_RECIPIENTS} per message`,
    };
  }
  const mailbox = parseMailbox(rawAddress);
  if (!mailbox || mailbox.name !== null) {
    return { accepted: false, code: 553, message: "5.1.3 Not a valid email address" };
  }
  const { address } = mailbox;
  if (ctx.keyMode === "test" && !isReservedTestDomain(domainOf(address))) {
    return {
      accepted: false,
      code: 550,
      message: `5.7.1 Test keys can only send to reserved test domains (example.com, *.test, …), not ${address}`,
    };
  }
  const [suppressed] = await ctx.db
    .select({ email: suppressions.email })
    .from(suppressions)
    .where(and(eq(suppressions.projectId, ctx.projectId), eq(suppressions.email, address)))
    .limit(1);
  if (suppressed) {
    return { accepted: false, code: 550, message: `5.1.1 ${address} is on the suppression list` };
  }
  return { accepted: true, address };
}
