import { SearchX, Upload, Users } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/app-shell/page-header";
import { AddContactButton } from "@/components/contacts/add-contact-button";
import { ContactsTable } from "@/components/contacts/contacts-table";
import { ExportMenu } from "@/components/contacts/import/export-menu";
import {
  contactsHref,
  contactsQuery,
  ContactsToolbar,
  type ContactFilters,
} from "@/components/contacts/contacts-toolbar";
import { contactCurlExample } from "@/components/overview/curl-example";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager } from "@/components/ui/keyset-pager";
import { listContacts } from "@/lib/contacts/list";
import { SettingsLink } from "@/components/settings/settings-link";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { formatCount } from "@/lib/web/dashboard/format";
import { first, type SearchParams } from "@/lib/web/dashboard/search-params";
import { countContacts } from "@/lib/contacts/count";
import { ValidationError } from "@/lib/core/errors";
import { listSegments } from "@/lib/segments/manage";

export const metadata: Metadata = { title: "Contacts" };

const PAGE_SIZE = 25;
const SEARCH_COUNT_CAP = 1_000;
export default async function ContactsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, appUrl, project } = await requireDashboard();
  const params = await searchParams;
  const subscribedParam = first(params.subscribed);
  const filters: ContactFilters = {
    search: first(params.search)?.trim() || undefined,
    email: first(params.email),
    subscribed:
      subscribedParam === "true" || subscribedParam === "false" ? subscribedParam : undefined,
  };
  const cursor = first(params.cursor);
  const filtered = Boolean(filters.search || filters.email || filters.subscribed);

  let page;
  try {
    page = await listContacts(ctx, { ...filters, cursor, limit: PAGE_SIZE });
  } catch (error) {
    // A stale or hand-edited cursor: say so and offer the first page.
    if (!(error instanceof ValidationError)) throw error;
    page = null;
  }
  const matching = await countContacts(
    ctx,
    {
      search: filters.search,
      email: filters.email,
      subscribed: filters.subscribed === undefined ? undefined : filters.subscribed === "true",
    },
    // A search counts up to a cap: "1,000+" costs what a page costs, an exact figure a full scan.
    filters.search ? SEARCH_COUNT_CAP : undefined,
  );
  const capped = matching > SEARCH_COUNT_CAP;
  const everEmpty = !filtered && matching === 0;
  const segments = everEmpty ? [] : (await listSegments(ctx, { limit: 100 })).data;

  return (
    <>
      <PageHeader
        title="Contacts"
        description="Your audience: everyone you can email, with their subscription and custom data."
        actions={
          <>
            {!everEmpty && (
              <ExportMenu
                segments={segments.map(({ id, name }) => ({ id, name }))}
                view={
                  filtered
                    ? {
                        href: `/contacts/export?${contactsQuery(filters)}`,
                        label: `${capped ? `${formatCount(SEARCH_COUNT_CAP)}+` : formatCount(matching)} matching ${matching === 1 ? "contact" : "contacts"}`,
                      }
                    : undefined
                }
              />
            )}
            <Button variant="secondary" asChild>
              <Link href="/contacts/import">
                <Upload aria-hidden />
                Import
              </Link>
            </Button>
            <AddContactButton />
          </>
        }
      />
      <Card className="overflow-hidden">
        {everEmpty ? (
          <EmptyState
            icon={Users}
            title="No contacts yet"
            description="Add contacts from your signup flow or backend with the API, or add one by hand with “Add contact”."
          >
            <CodeBlock code={contactCurlExample(appUrl)} label="POST /api/v1/contacts" />
            <p className="mt-3 text-[13px] text-zinc-500">
              Need a key?{" "}
              <SettingsLink
                role={project.role}
                permission="api_keys.manage"
                href="/settings/api-keys"
                memberText="Ask an admin of this project for one."
              >
                Create one in Settings → API keys
              </SettingsLink>
            </p>
          </EmptyState>
        ) : (
          <>
            <ContactsToolbar filters={filters} />
            {page === null ? (
              <InvalidCursorNotice firstHref={contactsHref(filters)} />
            ) : page.data.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title="No contacts match"
                description={
                  filters.search
                    ? `No contact’s email or name contains “${filters.search}”.`
                    : filters.email
                      ? `No contact has the email “${filters.email}”.`
                      : "No contacts have this subscription status."
                }
              >
                <Button variant="secondary" asChild>
                  <Link href="/contacts">Clear filters</Link>
                </Button>
              </EmptyState>
            ) : (
              <>
                <ContactsTable contacts={page.data} now={ctx.clock.now()} />
                <KeysetPager
                  page={page}
                  cursor={cursor}
                  firstHref={contactsHref(filters)}
                  nextHref={(next) => contactsHref({ ...filters, cursor: next })}
                  labels="first-next"
                  summary={
                    <>
                      {capped ? `${formatCount(SEARCH_COUNT_CAP)}+` : formatCount(matching)}{" "}
                      {matching === 1 ? "contact" : "contacts"}
                      {filtered && " match"}
                    </>
                  }
                />
              </>
            )}
          </>
        )}
      </Card>
    </>
  );
}
