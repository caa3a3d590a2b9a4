import Link from "next/link";
import type { ContactResource } from "@/lib/contacts/serialize";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { ContactRowActions } from "./contact-actions";
import { SubscriptionBadge } from "./subscription-badge";
import { TagList } from "./tag-chip";
import { tagsOf } from "@/lib/core/tags";

export function ContactsTable({ contacts, now }: { contacts: ContactResource[]; now: Date }) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Email</TH>
          <TH className="hidden md:table-cell">Name</TH>
          <TH className="hidden sm:table-cell">Status</TH>
          <TH className="hidden md:table-cell">Tags</TH>
          <TH className="hidden lg:table-cell">Source</TH>
          <TH className="hidden sm:table-cell">Added</TH>
          <TH className="w-12">
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {contacts.map((contact) => {
          const created = new Date(contact.created_at);
          return (
            <TR key={contact.id}>
              <TD className="max-w-56 py-2.5 sm:max-w-64">
                <Link
                  href={`/contacts/${contact.id}`}
                  className="block truncate font-medium text-zinc-900 hover:text-indigo-600"
                >
                  {contact.email}
                </Link>
                {/* Narrow screens fold name and status under the email. */}
                <span className="block truncate text-xs text-zinc-500 md:hidden">
                  {contact.name ?? "No name"}
                  <span className="sm:hidden">
                    {" · "}
                    {contact.subscribed ? "Subscribed" : "Unsubscribed"}
                  </span>
                </span>
              </TD>
              <TD className="hidden max-w-48 truncate md:table-cell">
                {contact.name ?? <span className="text-zinc-400">—</span>}
              </TD>
              <TD className="hidden sm:table-cell">
                <SubscriptionBadge subscribed={contact.subscribed} />
              </TD>
              <TD className="hidden max-w-56 md:table-cell">
                <TagList tags={tagsOf(contact.data.tags)} />
              </TD>
              <TD className="hidden lg:table-cell">
                <span className="font-mono text-xs text-zinc-500">{contact.source}</span>
              </TD>
              <TD className="hidden whitespace-nowrap text-zinc-500 sm:table-cell">
                <time dateTime={contact.created_at} title={formatDateTime(created)}>
                  {relativeTime(created, now)}
                </time>
              </TD>
              <TD className="py-2 text-right">
                <ContactRowActions contact={contact} />
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
