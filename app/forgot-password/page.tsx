import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { ResetByCli } from "@/components/auth/reset-by-cli";
import { getRuntime } from "@/lib/start/runtime";
import { passwordResetByEmailAvailable } from "@/lib/users/password-reset";

export const metadata: Metadata = { title: "Forgot password", robots: { index: false } };

/**
 * "Forgot password?" from the sign-in page. While this instance cannot send email at all, it says
 * so and shows the operator's command instead of a form that could never deliver.
 */
export default async function ForgotPasswordPage() {
  const runtime = await getRuntime();
  const byEmail = await passwordResetByEmailAvailable(runtime);
  return (
    <AuthCard
      footer={
        <p className="mt-6 text-center text-[13px] text-zinc-500">
          Remembered it?{" "}
          <Link href="/login" className="font-medium text-indigo-600 hover:text-indigo-700">
            Back to sign in
          </Link>
        </p>
      }
    >
      <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Reset your password</h1>
      {byEmail ? (
        <>
          <p className="mt-1 text-sm text-pretty text-zinc-500">
            Enter the email address of your account. We’ll email you a link to choose a new
            password.
          </p>
          <ForgotPasswordForm />
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-pretty text-zinc-500">
            This Mailwright instance can’t send email yet, so it can’t email you a reset link.
          </p>
          <p className="mt-4 text-sm text-pretty text-zinc-700">
            Ask the person who runs it to set a new password for you on the server. They run:
          </p>
          <ResetByCli className="mt-3" />
          <p className="mt-4 text-[13px] text-pretty text-zinc-500">
            Once an admin connects email delivery and verifies a sending domain, reset links are
            emailed from here.
          </p>
        </>
      )}
    </AuthCard>
  );
}
