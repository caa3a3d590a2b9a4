import { getRuntime } from "@/lib/start/runtime";
import { recordOpen } from "@/lib/tracking/record";
import { trackingRequestOf } from "@/lib/tracking/request";
import { pixelResponse } from "@/lib/tracking/responses";

type RouteContext = { params: Promise<{ file: string }> };

// GET /api/t/o/:token.gif — open pixel: always the same 1×1 GIF, known token or not
export async function GET(request: Request, { params }: RouteContext): Promise<Response> {
  const { file } = await params;
  if (file.endsWith(".gif")) {
    try {
      await recordOpen(
        await getRuntime(),
        file.slice(0, -".gif".length),
        trackingRequestOf(request.method, request.headers),
      );
    } catch (error) {
      // The image is served regardless: a failed count must not show up in the email.
      console.error("[tracking] open not recorded", error);
    }
  }
  return pixelResponse();
}

// HEAD /api/t/o/:token.gif — the same answer; recorded as a machine's open (DECISIONS §14)
export const HEAD = GET;
