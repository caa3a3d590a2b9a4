import type { Metadata } from "next";
import { Logo } from "@/components/app-shell/logo";
import { NotFoundView } from "@/components/app-shell/not-found-view";

export const metadata: Metadata = { title: "Page not found" };

/** Any address that names no page: the product's frame, a 404 status and a way back. */
export default function NotFound() {
  return (
    <div className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-4 py-12">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,rgba(99,102,241,0.12),transparent)]"
      />
      <main className="relative w-full max-w-lg">
        <Logo className="mb-8 flex justify-center" />
        <div className="rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200/80">
          <NotFoundView />
        </div>
      </main>
    </div>
  );
}
