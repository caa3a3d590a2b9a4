import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Button } from "@/components/ui/button";
import { getRuntime } from "@/lib/start/runtime";
import { lookupPasswordReset } from "@/lib/users/password-reset";

export const metadata: Metadata = {
  title: "Choose a new password",
  robots: { index: false },
  // The token is in the path: never send it to another site as a referrer.
  referrer: "no-referrer",
};

type Props = { params: Promise<{ token: string }> };

const UNUSABLE = {
  invalid:
    "This link is not valid any more: it was already used, a newer one was sent, or it was not copied completely.",
  expired: "This link has expired: reset links work for 1 hour.",
} as const;

/** The link from a "Forgot password" email: no session needed, the token is the credential. */
export default async function ResetPasswordPage({ params }: Props) {
  const { token } = await params;
  const runtime = await getRuntime();
  const found = await lookupPasswordReset(runtime, token);

  return (
    <AuthCard>
      {found.state === "valid" ? (
        <>
          <h1 className="text-lg font-semibold tracking-tight text-zinc-900">
            Choose a new password
          </h1>
          <p className="mt-1 text-sm text-pretty break-words text-zinc-500">
            For <span className="font-medium text-zinc-700">{found.email}</span>. Every browser
            signed in to this account is signed out; then you sign in with the new password.
          </p>
          <ResetPasswordForm token={token} email={found.email} />
        </>
      ) : (
        <>
          <h1 className="text-lg font-semibold tracking-tight text-zinc-900">
            This link can’t be used
          </h1>
          <p className="mt-1 text-sm text-pretty text-zinc-500">{UNUSABLE[found.state]}</p>
          <Button className="mt-6 w-full" asChild>
            <Link href="/forgot-password">Get a new link</Link>
          </Button>
          <Button variant="secondary" className="mt-2 w-full" asChild>
            <Link href="/login">Go to sign in</Link>
          </Button>
        </>
      )}
    </AuthCard>
  );
}
