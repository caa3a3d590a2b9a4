import type { Email } from "@/db/schema";
import type { Runtime } from "@/lib/core/runtime";
import type { TrackingPolicy } from "@/lib/core/runtime";
import { instrumentHtml, LinkTargets } from "./instrument";
import { linkSigningKey } from "./key";

/**
 * The delivery HTML step (the runtime's `instrumentHtml`, built at start-up): tracking URLs under
 * APP_URL, named by the email's tracking token and signed with the instance key, as the sending
 * domain's tracking policy allows.
 */
export function trackingInstrumenter(runtime: Pick<Runtime, "db" | "config" | "caches">) {
  const targets = new LinkTargets();
  return async (
    html: string,
    email: Pick<Email, "trackingToken">,
    policy: TrackingPolicy,
  ): Promise<string> =>
    instrumentHtml(html, {
      appUrl: runtime.config.appUrl,
      token: email.trackingToken,
      signingKey: await linkSigningKey(runtime),
      policy,
      targets,
    });
}
