import { withDashboardSession } from "@/lib/web/dashboard/route-handler";
import { readBodyBytes } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { listMedia } from "@/lib/media/list";
import { MAX_MEDIA_BYTES, MediaTooLargeError, uploadMedia } from "@/lib/media/upload";

// POST /media?name=<file name> — the editor's image upload, the file as the raw body (5 MB cap)
export const POST = withDashboardSession(async ({ request, dashboard: { ctx } }) => {
  const name = new URL(request.url).searchParams.get("name") ?? undefined;
  const item = await uploadMedia(ctx, {
    bytes: await readBodyBytes(request, MAX_MEDIA_BYTES, () => new MediaTooLargeError()),
    filename: name,
  });
  return json(item, 201);
});

// GET /media?cursor=… — the current project's uploads, newest first (the image picker)
export const GET = withDashboardSession(async ({ request, dashboard: { ctx } }) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return json(await listMedia(ctx, query));
});
