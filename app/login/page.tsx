import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { loadDashboardContext } from "@/lib/web/dashboard/context";
import { first } from "@/lib/web/dashboard/search-params";
import { safeReturnPath } from "@/lib/web/dashboard/return-path";

export const metadata: Metadata = { title: "Sign in" };

/**
 * Auth.js's own sign-in endpoint (a form posted straight to /api/auth/callback/credentials)
 * redirects here with `code`; the form's server action shows its messages itself.
 */
const CODE_MESSAGES: Record<string, string> = {
  throttled: "Too many attempts. Wait a few minutes, then try again.",
  credentials: "Incorrect email or password.",
};
/** `?password=reset`: a reset link was just used (app/reset-password). */
const PASSWORD_MESSAGES: Record<string, string> = {
  reset: "Your password was changed and every browser was signed out. Sign in with the new one.",
};

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const code = first(params.code);
  const password = first(params.password);
  // Where to go once signed in: only a path on this site (anything else is dropped).
  const callbackUrl = safeReturnPath(first(params.callbackUrl)) ?? undefined;
  // Already signed in (and a member of a project): straight on.
  if (await loadDashboardContext()) redirect(callbackUrl ?? "/overview");
  return (
    <AuthCard
      footer={
        <p className="mt-6 text-center text-xs leading-relaxed text-pretty text-zinc-500">
          First start? The admin login was printed once in the server log. Everyone else joins with
          an invite link from an admin (Settings → Members).
        </p>
      }
    >
      <h1 className="text-lg font-semibold tracking-tight text-zinc-900">
        Sign in to your dashboard
      </h1>
      <p className="mt-1 text-sm text-zinc-500">
        Use the email and password of your Mailwright account.
      </p>
      <LoginForm
        notice={code ? CODE_MESSAGES[code] : undefined}
        done={password ? PASSWORD_MESSAGES[password] : undefined}
        callbackUrl={callbackUrl}
      />
    </AuthCard>
  );
}
