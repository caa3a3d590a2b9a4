import { ChevronLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/app-shell/page-header";
import { ImportWizard } from "@/components/contacts/import/import-wizard";
import { listContactDataKeys } from "@/lib/contacts/data-keys";
import { requireDashboard } from "@/lib/web/dashboard/context";

export const metadata: Metadata = { title: "Import contacts" };

export default async function ImportContactsPage() {
  // Signed-out visitors go to the login page rather than to a wizard that cannot upload.
  const { ctx } = await requireDashboard();
  const existingKeys = await listContactDataKeys(ctx);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            href="/contacts"
            className="inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Contacts
          </Link>
        }
        title="Import contacts"
        description="Add contacts from a CSV file. Contacts that already exist (same email address) are updated, new ones are created."
      />
      <ImportWizard existingKeys={existingKeys} />
    </>
  );
}
