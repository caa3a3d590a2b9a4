import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { AcceptInvitationForm } from "@/components/invite/accept-invitation-form";
import { Button } from "@/components/ui/button";
import { getRuntime } from "@/lib/start/runtime";
import { lookupInvitation } from "@/lib/users/invitations";

export const metadata: Metadata = { title: "Join a project", robots: { index: false } };

type Props = { params: Promise<{ token: string }> };

const UNUSABLE = {
  invalid: "This link is not a valid invitation. Check that it was copied completely.",
  expired: "This invitation has expired. Ask an admin of the project for a new link.",
  accepted: "This invitation was already used. Sign in with the account it created.",
  revoked: "This invitation was withdrawn. Ask an admin of the project for a new link.",
} as const;

/** The invitee's page: no session needed, the token in the link is the credential. */
export default async function InvitePage({ params }: Props) {
  const { token } = await params;
  const runtime = await getRuntime();
  const found = await lookupInvitation(runtime.db, runtime.clock, token);

  return (
    <AuthCard>
      {found.state === "pending" ? (
        <>
          <h1 className="text-lg font-semibold tracking-tight text-balance text-zinc-900">
            Join {found.projectName}
          </h1>
          <p className="mt-1 text-sm text-pretty text-zinc-500">
            {found.accountExists
              ? `You already have a Mailwright account. Enter its password to join as ${found.invitation.role === "admin" ? "an admin" : "a member"}.`
              : `You were invited as ${found.invitation.role === "admin" ? "an admin" : "a member"}. Set up your account to continue.`}
          </p>
          <AcceptInvitationForm
            token={token}
            email={found.invitation.email}
            accountExists={found.accountExists}
          />
        </>
      ) : (
        <>
          <h1 className="text-lg font-semibold tracking-tight text-zinc-900">
            This invitation can’t be used
          </h1>
          <p className="mt-1 text-sm text-pretty text-zinc-500">{UNUSABLE[found.state]}</p>
          <Button variant="secondary" className="mt-6 w-full" asChild>
            <Link href="/login">Go to sign in</Link>
          </Button>
        </>
      )}
    </AuthCard>
  );
}
