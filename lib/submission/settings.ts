import type { Config } from "@/lib/core/config";

/** What an app is told to paste into its SMTP settings (Settings → Delivery and API keys). */
export type SubmissionSettings =
  | { enabled: false }
  | {
      enabled: true;
      host: string;
      port: number;
      /** STARTTLS offered (PEM files configured); without it only loopback clients may log in. */
      starttls: boolean;
    };

/**
 * The relay's connection settings as an app sees them: the public host (SMTP_SUBMISSION_PUBLIC_HOST,
 * else the public URL's host), the port, and whether it must upgrade with STARTTLS.
 */
export function submissionSettings(
  config: Pick<Config, "submissionPort" | "submissionPublicHost" | "submissionTls" | "appUrl">,
): SubmissionSettings {
  if (config.submissionPort === undefined) return { enabled: false };
  return {
    enabled: true,
    host: config.submissionPublicHost ?? new URL(config.appUrl).hostname,
    port: config.submissionPort,
    starttls: config.submissionTls !== undefined,
  };
}
