import { ArrowLeft, Compass, Home } from "lucide-react";
import Link from "next/link";
import { headers } from "next/headers";
import { REQUESTED_PATH_HEADER } from "@/lib/web/dashboard/return-path";
import { Button } from "../ui/button";
import { parentListOf } from "./nav-items";

/**
 * "Page not found" with a way back: to the list the missing page belonged to when the address
 * says which (`/campaigns/cmp_gone` → Campaigns), and always to the overview.
 */
export async function NotFoundView() {
  const requested = (await headers()).get(REQUESTED_PATH_HEADER);
  const list = parentListOf(requested);
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <div className="mb-5 grid size-12 place-items-center rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
        <Compass aria-hidden className="size-5 text-zinc-500" />
      </div>
      <p className="text-[13px] font-semibold tracking-wide text-indigo-600">404</p>
      <h1 className="mt-1 text-xl font-semibold tracking-tight text-zinc-900">Page not found</h1>
      <p className="mt-2 max-w-md text-sm text-pretty text-zinc-500">
        {list
          ? "It is not in this project: it may have been deleted, or the link belongs to another project (check the project switcher)."
          : "There is nothing at this address. The link may be mistyped, or the page was moved."}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {list && (
          <Button variant="secondary" asChild>
            <Link href={list.href}>
              <ArrowLeft aria-hidden />
              Back to {list.label.toLowerCase()}
            </Link>
          </Button>
        )}
        <Button variant={list ? "ghost" : "primary"} asChild>
          <Link href="/overview">
            <Home aria-hidden />
            Go to the overview
          </Link>
        </Button>
      </div>
    </div>
  );
}
