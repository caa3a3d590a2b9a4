import { clientAddressOf } from "@/lib/core/http/client-address";
import { getRuntime } from "@/lib/start/runtime";
import { openClientFingerprint } from "@/lib/tracking/open-window";
import { recordOpen } from "@/lib/tracking/record";
import { pixelResponse } from "@/lib/tracking/responses";

type RouteContext = { params: Promise<{ file: string }> };

// GET /api/t/o/:token.gif — open pixel: always the same 1×1 GIF, known token or not
export async function GET(request: Request, { params }: RouteContext): Promise<Response> {
  const { file } = await params;
  if (file.endsWith(".gif")) {
    try {
      const client = openClientFingerprint(
        clientAddressOf(request.headers),
        request.headers.get("user-agent"),
      );
      await recordOpen(await getRuntime(), file.slice(0, -".gif".length), client);
    } catch (error) {
      // The image is served regardless: a failed count must not show up in the email.
      console.error("[tracking] open not recorded", error);
    }
  }
  return pixelResponse();
}
