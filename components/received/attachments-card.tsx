import { Download, Paperclip } from "lucide-react";
import type { ReceivedEmailResource } from "@/lib/received-emails/serialize";
import { Card, CardHeader } from "../ui/card";

/** A received email's attachments, each downloaded through the dashboard (session-checked). */
export function AttachmentsCard({ email }: { email: ReceivedEmailResource }) {
  return (
    <Card>
      <CardHeader
        title="Attachments"
        description={
          email.attachments.length === 0
            ? "This message came without attachments."
            : `${email.attachments.length} ${email.attachments.length === 1 ? "file" : "files"}, downloaded as sent.`
        }
      />
      {email.attachments.length > 0 && (
        <ul className="divide-y divide-zinc-100">
          {email.attachments.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-5 py-3">
              <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-zinc-50 ring-1 ring-zinc-200">
                <Paperclip aria-hidden className="size-4 text-zinc-500" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-zinc-800">
                  {file.filename}
                </span>
                <span className="block truncate text-xs text-zinc-500">
                  {file.content_type} · {formatBytes(file.size)}
                </span>
              </span>
              <a
                href={`/received/${email.id}/attachments/${file.id}`}
                download={file.filename}
                className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1 text-[13px] font-medium text-indigo-600 hover:bg-indigo-50 hover:text-indigo-700"
                aria-label={`Download ${file.filename}`}
              >
                <Download aria-hidden className="size-4" />
                <span className="hidden sm:inline">Download</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(size < 10 * 1024 ? 1 : 0)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}
