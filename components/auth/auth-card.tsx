import type { ReactNode } from "react";
import { Logo } from "../app-shell/logo";

/** The signed-out pages' frame (sign-in, invitations): logo, one card, an optional footnote. */
export function AuthCard({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-4 py-12">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,rgba(99,102,241,0.12),transparent)]"
      />
      <div className="relative w-full max-w-sm">
        <Logo className="mb-8 flex justify-center" />
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200/80 sm:p-8">
          {children}
        </div>
        {footer}
      </div>
    </div>
  );
}
