import { PageQuery } from "@/lib/core/pagination";

/** GET /v1/received-emails: newest first, keyset-paged like every list. */
export const ListReceivedEmailsQuery = PageQuery;
