import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";
import { listReceivedEmails } from "@/lib/received-emails/list";

// GET /v1/received-emails — newest first, keyset-paged
export const GET = withApiKey(async ({ ctx, query }) => json(await listReceivedEmails(ctx, query)));

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
