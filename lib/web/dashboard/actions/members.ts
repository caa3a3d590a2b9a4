"use server";

import { revalidatePath } from "next/cache";
import { NotFoundError } from "@/lib/core/errors";
import { emailInvitation, invitationUrl } from "@/lib/users/invitation-email";
import { createInvitation, revokeInvitation } from "@/lib/users/invitations";
import { changeMemberRole, removeMember } from "@/lib/users/members";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

export type CreatedInvitation = {
  email: string;
  role: string;
  url: string;
  expiresAt: string;
  /** Whether the link was emailed to the invitee; when not, why (the admin sends it). */
  emailed: boolean;
  notEmailedBecause: string | null;
};

const GONE_MEMBER = "This person is no longer a member of the project.";

/**
 * Settings → Members "Invite": the link is emailed to the invitee when the project can deliver
 * mail, and returned once either way, to the dialog that shows it.
 */
export async function inviteMemberAction(
  _previous: FormState<CreatedInvitation>,
  form: FormData,
): Promise<FormState<CreatedInvitation>> {
  const { ctx, user } = await requireDashboard();
  const email = String(form.get("email") ?? "").trim();
  if (!email) return failure("Enter an email address.", { email: "Enter an email address." });
  let created: Awaited<ReturnType<typeof createInvitation>>;
  try {
    created = await createInvitation(ctx, { email, role: form.get("role") ?? undefined }, user.id);
  } catch (error) {
    return toFormState(error, ["email", "role"]);
  }
  const { invitation, token } = created;
  const mail = await emailInvitation(ctx, created, user);
  revalidatePath("/settings/members");
  return success(
    mail.emailed ? `Invitation emailed to ${invitation.email}` : "Invitation created",
    {
      email: invitation.email,
      role: invitation.role,
      url: invitationUrl(ctx.config, token),
      expiresAt: invitation.expiresAt.toISOString(),
      emailed: mail.emailed,
      notEmailedBecause: mail.emailed ? null : mail.why,
    },
  );
}

export async function revokeInvitationAction(invitationId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await revokeInvitation(ctx, invitationId);
  } catch (error) {
    revalidatePath("/settings/members");
    if (error instanceof NotFoundError) return failure("This invitation is no longer pending.");
    return toFormState(error, []);
  }
  revalidatePath("/settings/members");
  return success("Invitation revoked");
}

export async function changeMemberRoleAction(userId: string, role: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await changeMemberRole(ctx, userId, { role });
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE_MEMBER);
    return toFormState(error, []);
  }
  revalidatePath("/settings/members");
  return success(role === "admin" ? "Now an admin" : "Now a member");
}

export async function removeMemberAction(userId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await removeMember(ctx, userId);
  } catch (error) {
    if (error instanceof NotFoundError) {
      revalidatePath("/settings/members");
      return failure(GONE_MEMBER);
    }
    return toFormState(error, []);
  }
  revalidatePath("/settings/members");
  return success("Member removed");
}
