import type { NextConfig } from "next";
import {
  commonSecurityHeaders,
  DASHBOARD_REFERRER_POLICY,
  RECIPIENT_REFERRER_POLICY,
} from "@/lib/core/http/security-headers";

const config: NextConfig = {
  // PGlite ships a wasm bundle that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg-boss", "nodemailer"],
  poweredByHeader: false,
  // Lets several builds coexist (parallel development, benchmarks); `next start` reads the same.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
  // Profiling builds (README, Benchmarks): function names survive, so a CPU profile names them.
  ...(process.env.NEXT_UNMINIFIED === "1" && { experimental: { turbopackMinify: false } }),
  // No framing, no sniffing on every response; pages recipients reach from an email (unsubscribe,
  // confirm, tracked clicks) send no referrer. The dashboard's CSP is per request (proxy.ts).
  async headers() {
    return [
      {
        source: "/((?!u/|confirm/|api/t/).*)",
        headers: commonSecurityHeaders(DASHBOARD_REFERRER_POLICY),
      },
      { source: "/u/:path*", headers: commonSecurityHeaders(RECIPIENT_REFERRER_POLICY) },
      { source: "/confirm/:path*", headers: commonSecurityHeaders(RECIPIENT_REFERRER_POLICY) },
      { source: "/api/t/:path*", headers: commonSecurityHeaders(RECIPIENT_REFERRER_POLICY) },
    ];
  },
};

export default config;
