"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { NotFoundError } from "@/lib/core/errors";
import { emailInvitation, invitationUrl } from "@/lib/users/invitation-email";
import { createInvitation, revokeInvitation } from "@/lib/users/invitations";
import { changeMemberRole, removeMember } from "@/lib/users/members";
import { dashboardAction } from "../action";
import { formFields, Id, optionalText, PreviousState, text } from "../action-input";
import { failure, success, type FormState } from "../form-state";

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
export const inviteMemberAction = dashboardAction(
  {
    permission: "members.manage",
    args: [PreviousState, formFields({ email: text, role: optionalText })],
    fields: ["email", "role"],
  },
  async ({ ctx, user }, _previous, form): Promise<FormState<CreatedInvitation>> => {
    const email = form.email.trim();
    if (!email) return failure("Enter an email address.", { email: "Enter an email address." });
    const created = await createInvitation(ctx, { email, role: form.role }, user.id);
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
  },
);

export const revokeInvitationAction = dashboardAction(
  {
    permission: "members.manage",
    args: [Id],
    onError: (error) => {
      // The pending list may be stale (accepted or revoked elsewhere): refreshed on any failure.
      revalidatePath("/settings/members");
      return error instanceof NotFoundError
        ? failure("This invitation is no longer pending.")
        : undefined;
    },
  },
  async ({ ctx }, invitationId) => {
    await revokeInvitation(ctx, invitationId);
    revalidatePath("/settings/members");
    return success("Invitation revoked");
  },
);

export const changeMemberRoleAction = dashboardAction(
  { permission: "members.manage", args: [Id, z.string()], notFound: GONE_MEMBER },
  async ({ ctx }, userId, role) => {
    await changeMemberRole(ctx, userId, { role });
    revalidatePath("/settings/members");
    return success(role === "admin" ? "Now an admin" : "Now a member");
  },
);

export const removeMemberAction = dashboardAction(
  {
    permission: "members.manage",
    args: [Id],
    onError: (error) => {
      if (!(error instanceof NotFoundError)) return undefined;
      revalidatePath("/settings/members");
      return failure(GONE_MEMBER);
    },
  },
  async ({ ctx }, userId) => {
    await removeMember(ctx, userId);
    revalidatePath("/settings/members");
    return success("Member removed");
  },
);
