import { countDistinct } from "drizzle-orm";
import { deliveryRelays } from "@/db/schema";
import { publicUrlOf, type PublicUrl } from "@/lib/instance/public-url";
import type { Runtime } from "@/lib/core/runtime";
import { environmentRelays } from "@/lib/core/transports";

export type StartupFacts = {
  port: number;
  driver: string;
  worker: string;
  publicUrl: PublicUrl;
  /** The instance default from SMTP_URL / RESEND_API_KEY, by name. */
  environmentDelivery: string | null;
  /** Projects with relays of their own (Settings → Delivery). */
  projectsWithRelays: number;
};

/**
 * What the server says once it is ready: where to open it, where links in email point, and how
 * mail leaves. Said plainly when something is missing, so nobody learns from a queued email
 * that no relay was ever connected.
 */
export function startupLines(facts: StartupFacts): string[] {
  const { publicUrl } = facts;
  const lines = [`Mailwright ready (database: ${facts.driver}, worker: ${facts.worker})`];
  lines.push(
    publicUrl.source === "environment"
      ? `  Dashboard        ${publicUrl.url}`
      : `  Dashboard        http://localhost:${facts.port}, or this machine's address on port ${facts.port}`,
  );
  lines.push(
    `  Links in email   ${publicUrl.url}${publicUrl.loopback ? " (a local address: recipients cannot open it; set the public URL in Settings → General)" : ""}`,
  );
  if (facts.environmentDelivery) {
    lines.push(`  Delivery         ${facts.environmentDelivery} (the instance default)`);
  } else if (facts.projectsWithRelays > 0) {
    const n = facts.projectsWithRelays;
    lines.push(
      `  Delivery         relays of ${n} project${n === 1 ? "" : "s"} (Settings → Delivery)`,
    );
  } else {
    lines.push(
      "  Delivery         none yet: live email waits as queued until an admin connects a relay in Settings → Delivery",
    );
  }
  return lines;
}

export async function startupFacts(runtime: Runtime): Promise<StartupFacts> {
  const [environment] = environmentRelays(runtime.config);
  const [relays] = await runtime.db
    .select({ n: countDistinct(deliveryRelays.projectId) })
    .from(deliveryRelays);
  return {
    port: runtime.config.port,
    driver: runtime.handle.driver,
    worker: runtime.config.worker,
    publicUrl: await publicUrlOf(runtime),
    environmentDelivery: environment
      ? environment.kind === "smtp"
        ? `SMTP_URL (${environment.host}:${environment.port})`
        : "RESEND_API_KEY"
      : null,
    projectsWithRelays: relays?.n ?? 0,
  };
}
