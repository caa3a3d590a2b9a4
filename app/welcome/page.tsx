import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Logo } from "@/components/app-shell/logo";
import { WelcomeForm } from "@/components/auth/welcome-form";
import { signOutAction } from "@/lib/web/dashboard/actions/auth";
import { loadDashboardContext } from "@/lib/web/dashboard/context";
import { can } from "@/lib/core/permissions";
import { FIRST_PROJECT_NAME } from "@/lib/projects/create";

export const metadata: Metadata = { title: "Welcome — finish setting up" };

/**
 * Where the dashboard sends someone who signed in with a generated password (requireDashboard):
 * their own password, the project's name and their real email address, then the overview.
 */
export default async function WelcomePage() {
  const context = await loadDashboardContext();
  if (!context) redirect("/login");
  if (!context.user.mustChangePassword) redirect("/overview");
  const { user, project } = context;
  const askProjectName = can(project.role, "settings.manage");

  return (
    <div className="relative min-h-dvh overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-96 bg-[radial-gradient(60%_100%_at_50%_0%,rgba(99,102,241,0.14),transparent)]"
      />
      <header className="relative mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-5 sm:px-6">
        <Logo />
        <form action={signOutAction} className="flex min-w-0 items-center gap-3 text-[13px]">
          <span className="hidden truncate text-zinc-500 sm:inline">{user.email}</span>
          <button
            type="submit"
            className="shrink-0 font-medium text-zinc-600 underline-offset-4 hover:text-zinc-900 hover:underline"
          >
            Sign out
          </button>
        </form>
      </header>
      <main className="relative mx-auto max-w-xl px-4 pt-4 pb-16 sm:px-6 sm:pt-10">
        <p className="text-[13px] font-semibold tracking-wide text-indigo-600 uppercase">
          Welcome to Mailwright
        </p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-3xl">
          Finish setting up
        </h1>
        <p className="mt-2 text-[15px] text-pretty text-zinc-600">
          You signed in with the password Mailwright printed when it first started. Make the account
          yours: it takes a minute, and everything else opens right after.
        </p>
        <WelcomeForm
          email={user.email}
          projectName={
            askProjectName ? (project.name === FIRST_PROJECT_NAME ? "" : project.name) : null
          }
        />
      </main>
    </div>
  );
}
