import { ArrowLeft, FileJson } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { ApiReferenceView } from "@/components/api-reference/api-reference-view";
import { Logo } from "@/components/app-shell/logo";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = {
  title: "API reference",
  description: "Every Mailwright API endpoint, parameter, response and error, with examples.",
};

/** Where Scalar reads the document: the same generated OpenAPI 3.1 the API serves (decision 0034). */
const OPENAPI_DOCUMENT_PATH = "/api/v1/openapi.json";

/**
 * The interactive API reference. Public, like the document it renders: it describes the API, no
 * project's data. Rendered per request so Next can put this request's CSP nonce on its scripts.
 */
export default async function ApiReferencePage() {
  await connection();
  return (
    <div className="min-h-dvh bg-white [--scalar-custom-header-height:3.5rem]">
      <header className="sticky top-0 z-20 flex h-14 items-center justify-between gap-3 border-b border-zinc-200 bg-white/95 px-4 backdrop-blur sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <Link href="/docs/api" aria-label="Mailwright API reference" className="shrink-0">
            <Logo className="max-sm:hidden" />
            <Logo compact className="sm:hidden" />
          </Link>
          <span aria-hidden className="h-5 w-px bg-zinc-200" />
          <h1 className="truncate text-[15px] font-medium text-zinc-700">API reference</h1>
        </div>
        <nav aria-label="Documentation" className="flex shrink-0 items-center gap-1">
          <Button variant="ghost" size="sm" asChild className="max-md:hidden">
            <a href={OPENAPI_DOCUMENT_PATH}>
              <FileJson aria-hidden />
              OpenAPI JSON
            </a>
          </Button>
          {/* No prefetch: signed out, the overview is a redirect to sign-in. */}
          <Button variant="secondary" size="sm" asChild>
            <Link href="/overview" prefetch={false}>
              <ArrowLeft aria-hidden />
              Dashboard
            </Link>
          </Button>
        </nav>
      </header>
      {/* No <main> here: Scalar renders the page's main landmark itself. */}
      <ApiReferenceView documentUrl={OPENAPI_DOCUMENT_PATH} />
    </div>
  );
}
