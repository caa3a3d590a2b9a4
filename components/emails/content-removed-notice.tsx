import { formatDate } from "@/lib/web/dashboard/format";
import { Notice } from "../ui/notice";

/** In place of an email's content once the retention pass removed it (Settings → General). */
export function ContentRemovedNotice({ removedAt, what }: { removedAt: Date; what: string }) {
  return (
    <div className="p-5">
      <Notice tone="info" title="Content removed">
        This {what}&apos;s body and attachments were removed on {formatDate(removedAt)}, as Settings
        → General keeps email content for a set number of days. The rest of what you see here is
        kept.
      </Notice>
    </div>
  );
}
