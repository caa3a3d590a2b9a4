import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Logo } from "@/components/app-shell/logo";
import { LoginForm } from "@/components/auth/login-form";
import { loadDashboardContext } from "@/lib/dashboard/context";

export const metadata: Metadata = { title: "Sign in" };

/**
 * Auth.js's own sign-in endpoint (a form posted straight to /api/auth/callback/credentials)
 * redirects here with `code`; the form's server action shows its messages itself.
 */
const CODE_MESSAGES: Record<string, string> = {
  throttled: "Too many attempts. Wait a few minutes, then try again.",
  credentials: "Incorrect email or password.",
};

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { code } = await searchParams;
  // Already signed in (and a member of a project): straight to the dashboard.
  if (await loadDashboardContext()) redirect("/overview");
  return (
    <div className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-4 py-12">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,rgba(99,102,241,0.12),transparent)]"
      />
      <div className="relative w-full max-w-sm">
        <Logo className="mb-8 flex justify-center" />
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200/80 sm:p-8">
          <h1 className="text-lg font-semibold tracking-tight text-zinc-900">
            Sign in to your dashboard
          </h1>
          <p className="mt-1 text-sm text-zinc-500">
            Use the email and password of your Mailwright account.
          </p>
          <LoginForm notice={typeof code === "string" ? CODE_MESSAGES[code] : undefined} />
        </div>
        <p className="mt-6 text-center text-xs leading-relaxed text-pretty text-zinc-500">
          First start? The admin login was printed once in the server log. Everyone else joins with
          an invite link from an admin (Settings → Members).
        </p>
      </div>
    </div>
  );
}
