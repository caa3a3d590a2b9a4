import { withDashboardSession } from "@/lib/web/dashboard/route-handler";
import { deleteMedia } from "@/lib/media/delete";
import { findPublicMedia } from "@/lib/media/public-file";
import { getRuntime } from "@/lib/start/runtime";

type RouteContext = { params: Promise<{ file: string }> };

// An upload never changes (a new image gets a new id), so caches may keep it for a year.
const IMMUTABLE = "public, max-age=31536000, immutable";

// GET /media/:id.:ext — an uploaded image, public: recipients' mail clients load it
export async function GET(_request: Request, { params }: RouteContext): Promise<Response> {
  const { file } = await params;
  const found = await findPublicMedia((await getRuntime()).db, file);
  if (!found) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(Buffer.from(found.bytes), {
    headers: {
      "Content-Type": found.contentType,
      "Content-Length": String(found.bytes.byteLength),
      "Cache-Control": IMMUTABLE,
      "X-Content-Type-Options": "nosniff",
      // Opened directly, it is an image and nothing else: no script, no style, no frame.
      "Content-Security-Policy": "default-src 'none'",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}

// DELETE /media/:id — the image picker's delete, signed in; 409 `media_in_use` while a template or
// an unsent campaign shows it
export const DELETE = withDashboardSession<{ file: string }>(
  async ({ params, dashboard: { ctx } }) => {
    await deleteMedia(ctx, params.file.replace(/\.[a-z]+$/, ""));
    return new Response(null, { status: 204 });
  },
);
