import { eq } from "drizzle-orm";
import { instanceSettings } from "@/db/schema";
import type { Executor } from "@/db";
import type { Config } from "@/lib/core/config";
import { ValidationError } from "@/lib/core/errors";
import { PUBLIC_URL_KEY } from "@/lib/core/instance-settings";
import { authorize, type Role } from "@/lib/core/permissions";

/**
 * The public URL: the address recipients' mail clients open for tracking, clicks, unsubscribe
 * and confirmation links (DECISIONS §12). `APP_URL` wins when the operator set it; otherwise it is
 * the address saved in Settings → General, first proposed from the browser of the first admin who
 * signed in, and `http://localhost:PORT` until then. Every process follows the saved value
 * (`followPublicUrl`), so a change reaches web and worker processes within seconds.
 */
export type PublicUrl = {
  url: string;
  /** Where the URL in force comes from. */
  source: "environment" | "settings" | "sign-in" | "default";
  /** True for localhost, 127.0.0.0/8, ::1 and 0.0.0.0: nobody else can open such links. */
  loopback: boolean;
  /** Who saved it, or whose sign-in proposed it. */
  by: string | null;
};

type Saved = { url: string; source: "settings" | "sign-in"; by: string | null };

/** How often each process rereads the saved URL (DECISIONS §12 allows 10 s). */
export const PUBLIC_URL_REFRESH_MS = 5_000;

export function defaultAppUrl(config: Pick<Config, "port">): string {
  return `http://localhost:${config.port}`;
}

/** The origin of an http(s) URL a person typed, or a ValidationError saying what is wrong. */
export function normalizePublicUrl(input: string): string {
  const problem = (message: string) =>
    new ValidationError("Invalid public URL", [{ path: "public_url", message }]);
  const text = input.trim();
  if (!text) throw problem("Enter the address people reach this server at.");
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw problem("Enter a web address such as https://mail.example.com.");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw problem("The address must start with https:// or http://.");
  if (parsed.username || parsed.password) throw problem("The address cannot contain a login.");
  if ((parsed.pathname !== "/" && parsed.pathname !== "") || parsed.search || parsed.hash)
    throw problem("Mailwright is served at the root of its address: remove the path.");
  return parsed.origin;
}

export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === "[::1]" ||
    host === "0.0.0.0"
  );
}

async function readSaved(db: Executor): Promise<Saved | null> {
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.key, PUBLIC_URL_KEY));
  if (!row) return null;
  try {
    const saved = JSON.parse(row.value) as Saved;
    return typeof saved.url === "string" ? saved : null;
  } catch {
    return null;
  }
}

/** The URL in force for this process's configuration and the saved setting. */
export async function publicUrlOf(runtime: { db: Executor; config: Config }): Promise<PublicUrl> {
  const { config } = runtime;
  const result = (url: string, source: PublicUrl["source"], by: string | null = null) => ({
    url,
    source,
    loopback: isLoopbackUrl(url),
    by,
  });
  if (config.appUrlFromEnv) return result(config.appUrl, "environment");
  const saved = await readSaved(runtime.db);
  return saved
    ? result(saved.url, saved.source, saved.by)
    : result(defaultAppUrl(config), "default");
}

/**
 * Points this process's links at the URL in force. Config is shared by reference with every
 * service context, instrumenter and transport of the process, so they all follow at once.
 */
export async function refreshPublicUrl(runtime: { db: Executor; config: Config }): Promise<void> {
  if (runtime.config.appUrlFromEnv) return;
  runtime.config.appUrl = (await publicUrlOf(runtime)).url;
}

/** Keeps a long-lived process (server, worker) on the saved URL; returns the stop function. */
export function followPublicUrl(
  runtime: { db: Executor; config: Config },
  everyMs = PUBLIC_URL_REFRESH_MS,
): () => void {
  if (runtime.config.appUrlFromEnv) return () => {};
  let failing = false;
  const timer = setInterval(() => {
    refreshPublicUrl(runtime).then(
      () => (failing = false),
      (error: unknown) => {
        // Once per outage (the database restarting): the last URL read stays in force.
        if (!failing) console.warn("[public-url] refresh failed:", (error as Error).message);
        failing = true;
      },
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The first admin sign-in proposes the address its browser used, when no URL is set yet (the
 * environment's or a saved one). Later sign-ins never change it: only Settings → General does.
 */
export async function proposePublicUrl(
  runtime: { db: Executor; config: Config },
  origin: string,
  by: string,
): Promise<boolean> {
  if (runtime.config.appUrlFromEnv) return false;
  let url: string;
  try {
    url = normalizePublicUrl(origin);
  } catch {
    return false;
  }
  const saved: Saved = { url, source: "sign-in", by };
  const inserted = await runtime.db
    .insert(instanceSettings)
    .values({ key: PUBLIC_URL_KEY, value: JSON.stringify(saved) })
    .onConflictDoNothing()
    .returning({ key: instanceSettings.key });
  if (inserted.length > 0) await refreshPublicUrl(runtime);
  return inserted.length > 0;
}

/** Settings → General: an admin saves the public URL (refused while APP_URL sets it). */
export async function savePublicUrl(
  ctx: { db: Executor; config: Config; role: Role },
  input: string,
  by: string,
): Promise<PublicUrl> {
  authorize(ctx, "settings.manage");
  if (ctx.config.appUrlFromEnv) {
    throw new ValidationError("The public URL is set by APP_URL", [
      {
        path: "public_url",
        message: "APP_URL sets this address; change it where the server is configured.",
      },
    ]);
  }
  const saved: Saved = { url: normalizePublicUrl(input), source: "settings", by };
  await ctx.db
    .insert(instanceSettings)
    .values({ key: PUBLIC_URL_KEY, value: JSON.stringify(saved) })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value: JSON.stringify(saved) } });
  await refreshPublicUrl(ctx);
  return publicUrlOf(ctx);
}
