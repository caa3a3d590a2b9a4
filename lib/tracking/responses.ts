// The smallest transparent 1×1 GIF.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

const NO_STORE = "no-store, no-cache, must-revalidate, max-age=0";

export function pixelResponse(): Response {
  return new Response(new Uint8Array(PIXEL), {
    status: 200,
    headers: {
      "Content-Type": "image/gif",
      "Content-Length": String(PIXEL.length),
      "Cache-Control": NO_STORE,
    },
  });
}

export function redirectResponse(location: string): Response {
  return new Response(null, {
    status: 302,
    headers: { Location: location, "Cache-Control": NO_STORE, "Referrer-Policy": "no-referrer" },
  });
}

const INVALID_LINK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invalid link</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111">
<h1 style="font-size:1.25rem">This link is invalid or has expired</h1>
<p>The link may have been changed or copied incompletely. Open it again from the original email.</p>
</body></html>`;

export function invalidLinkResponse(): Response {
  return new Response(INVALID_LINK_PAGE, {
    status: 404,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": NO_STORE,
      "X-Robots-Tag": "noindex",
    },
  });
}
