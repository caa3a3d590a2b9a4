import Link from "next/link";
import { AlertTriangle } from "lucide-react";

/**
 * Above every page while the public URL is a loopback address and the project sends live mail:
 * recipients would get links (unsubscribe included) that only this machine can open.
 */
export function PublicUrlWarning({ url, canFix }: { url: string; canFix: boolean }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-[13px] text-amber-900 sm:px-6 lg:px-10"
    >
      <AlertTriangle aria-hidden className="size-4 shrink-0 opacity-80" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">Recipients cannot open the links in your email.</span> They
        point at <span className="font-mono wrap-anywhere">{url}</span>, an address only this
        machine reaches.
      </p>
      {canFix ? (
        <Link
          href="/settings/general#public-url"
          className="shrink-0 font-medium underline underline-offset-4 hover:text-amber-950"
        >
          Set the public URL
        </Link>
      ) : (
        <span className="shrink-0">Ask an admin to set the public URL.</span>
      )}
    </div>
  );
}
