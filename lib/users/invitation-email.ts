import { eq } from "drizzle-orm";
import { projects, type Invitation } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { AppError } from "@/lib/core/errors";
import { canDeliverFor, publicLink, sendAccountEmail } from "./account-mail";
import { invitationEmail } from "./account-mail-content";

export type InvitationEmailOutcome =
  { emailed: true; emailId: string } | { emailed: false; why: string };

/** The page an invitation's token opens, as an absolute link (shown to the admin, emailed). */
export function invitationUrl(config: ServiceContext["config"], token: string): string {
  return publicLink(config, `/invite/${token}`);
}

const EXPIRY_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/**
 * Emails a new invitation's link to the invitee when the project can deliver mail; otherwise
 * says why not (the admin still has the link to send themselves). Never fails the invitation.
 */
export async function emailInvitation(
  ctx: ServiceContext,
  created: { invitation: Invitation; token: string },
  inviter: { name: string | null; email: string } | null,
): Promise<InvitationEmailOutcome> {
  const verdict = await canDeliverFor(ctx, ctx.projectId);
  if (!verdict.canDeliver) return { emailed: false, why: verdict.why };
  const { invitation, token } = created;
  try {
    const [project] = await ctx.db
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, ctx.projectId));
    const content = await invitationEmail({
      projectName: project?.name ?? "a project",
      inviter: inviter ? inviter.name || inviter.email : null,
      role: invitation.role,
      acceptUrl: invitationUrl(ctx.config, token),
      expiresOn: EXPIRY_DATE.format(invitation.expiresAt),
    });
    const sent = await sendAccountEmail(ctx, {
      projectId: ctx.projectId,
      sender: verdict.sender,
      to: { address: invitation.email },
      kind: "invitation",
      content,
    });
    if (!sent) return { emailed: false, why: `${invitation.email} is on the suppression list` };
    return { emailed: true, emailId: sent.id };
  } catch (error) {
    // A sender refused since the check (its domain just lost verification): the link still works.
    if (!(error instanceof AppError)) throw error;
    console.warn(`[accounts] invitation ${invitation.id} not emailed: ${error.message}`);
    return { emailed: false, why: error.message };
  }
}
