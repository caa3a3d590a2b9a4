"use client";

import dynamic from "next/dynamic";
// Only this route imports it, so the dashboard never downloads Scalar's stylesheet.
import "@scalar/api-reference-react/style.css";
import { ApiReferenceSkeleton } from "./api-reference-skeleton";
import { MAILWRIGHT_SCALAR_CSS } from "./scalar-theme";

// Scalar (a Vue app, ~2 MB) touches `window` on load: client-only, and only in this route's chunks.
const ApiReferenceReact = dynamic(
  () => import("@scalar/api-reference-react").then((scalar) => scalar.ApiReferenceReact),
  { ssr: false, loading: () => <ApiReferenceSkeleton /> },
);

/**
 * The OpenAPI document rendered by Scalar, with everything that would reach scalar.com turned off:
 * its web fonts, telemetry, the "open in Scalar's client" link, the AI agent and MCP buttons, the
 * developer toolbar. The "try it" client has no proxy, so it calls this server directly.
 */
export function ApiReferenceView({ documentUrl }: { documentUrl: string }) {
  return (
    <ApiReferenceReact
      configuration={{
        url: documentUrl,
        title: "Mailwright API",
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: "never",
        agent: { disabled: true },
        mcp: { disabled: true },
        proxyUrl: "",
        forceDarkModeState: "light",
        hideDarkModeToggle: true,
        documentDownloadType: "json",
        persistAuth: false,
        theme: "default",
        customCss: MAILWRIGHT_SCALAR_CSS,
        defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
      }}
    />
  );
}
