import { and, count, eq } from "drizzle-orm";
import { deliveryRelays, emails, type DeliveryRelay } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { withTransaction } from "@/lib/core/context";
import { NotFoundError, ValidationError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { releaseQueuedJob } from "@/lib/sending/jobs";
import { authorize } from "@/lib/core/permissions";
import { instanceSecretBox } from "@/lib/core/secrets/box";
import { environmentRelays } from "@/lib/core/transports";
import { parseInput } from "@/lib/core/validation";
import { RelayInput } from "./relay-input";
import { relayRows } from "./source";

/** A relay as Settings → Delivery shows it: never its secret, only whether one is kept. */
export type RelayView = {
  id: string;
  kind: "smtp" | "resend";
  name: string;
  host: string | null;
  port: number | null;
  tlsMode: "starttls" | "tls" | "none" | null;
  verifyCertificate: boolean;
  username: string | null;
  priority: number;
  secretSet: boolean;
  /** The secret's last characters (long secrets only), to tell keys apart. */
  secretHint: string | null;
  /** False when the secret was sealed under another instance key: it must be entered again. */
  secretReadable: boolean;
};

/** The instance default a project without relays of its own uses. */
export type EnvironmentDelivery = { kind: "smtp"; host: string; port: number } | { kind: "resend" };

export type DeliverySettings = {
  relays: RelayView[];
  environment: EnvironmentDelivery | null;
  /** Where the project's live mail leaves now. */
  source: "project" | "environment" | "none";
  /** Live emails waiting as `queued` for a way out. */
  waiting: number;
};

export async function deliverySettings(ctx: ServiceContext): Promise<DeliverySettings> {
  authorize(ctx, "delivery.manage");
  const rows = await relayRows(ctx.db, ctx.projectId);
  const box = await instanceSecretBox(ctx);
  const relays = rows.map((row) =>
    toView(row, !row.sealedSecret || box.open(row.sealedSecret) !== null),
  );
  const [environment] = environmentRelays(ctx.config);
  const route = await ctx.transports.route(ctx.projectId, { fresh: true });
  const [queued] = await ctx.db
    .select({ n: count() })
    .from(emails)
    .where(
      and(
        eq(emails.projectId, ctx.projectId),
        eq(emails.status, "queued"),
        eq(emails.mode, "live"),
      ),
    );
  return {
    waiting: queued?.n ?? 0,
    relays,
    environment: !environment
      ? null
      : environment.kind === "smtp"
        ? { kind: "smtp", host: environment.host, port: environment.port }
        : { kind: "resend" },
    source: route.source,
  };
}

/**
 * Adds a relay (`id` null) or changes one. A blank secret on a change keeps the stored one. The
 * change is live in this process at once and in every other within RELAY_REFRESH_MS; mail that
 * waited `queued` for a way out is released by a job recorded in the same transaction.
 */
export async function saveRelay(
  ctx: ServiceContext,
  id: string | null,
  input: unknown,
): Promise<RelayView> {
  authorize(ctx, "delivery.manage");
  const parsed = parseInput(RelayInput, input);
  const now = ctx.clock.now();
  const box = await instanceSecretBox(ctx);
  const secret = (parsed.kind === "smtp" ? parsed.password : parsed.api_key) ?? "";
  const username = parsed.kind === "smtp" ? parsed.username || null : null;
  const view = await withTransaction(ctx.db, async (tx) => {
    const existing = id ? await findRelay(tx, ctx.projectId, id) : null;
    if (id && !existing) throw new NotFoundError("Relay");
    if (parsed.kind === "resend" && !secret && !existing?.sealedSecret)
      throw new ValidationError("api_key: is required", [
        { path: "api_key", message: "is required" },
      ]);
    if (existing && existing.kind !== parsed.kind)
      throw new ValidationError("kind: cannot change; add a new relay instead", [
        { path: "kind", message: "cannot change; add a new relay instead" },
      ]);
    const keepSecret = !secret && existing;
    // No login: no password either (a stale one would be sent to a server that asks for none).
    const dropSecret = parsed.kind === "smtp" && !username;
    const values = {
      kind: parsed.kind,
      name: parsed.name,
      host: parsed.kind === "smtp" ? parsed.host : null,
      port: parsed.kind === "smtp" ? parsed.port : null,
      tlsMode: parsed.kind === "smtp" ? parsed.tls_mode : null,
      verifyCertificate: parsed.kind === "smtp" ? parsed.verify_certificate : true,
      username,
      priority: parsed.priority,
      ...(dropSecret
        ? { sealedSecret: null, secretHint: null }
        : keepSecret
          ? {}
          : { sealedSecret: secret ? box.seal(secret) : null, secretHint: hintOf(secret) }),
      updatedAt: now,
    };
    const [row] = existing
      ? await tx
          .update(deliveryRelays)
          .set(values)
          .where(
            and(eq(deliveryRelays.id, existing.id), eq(deliveryRelays.projectId, ctx.projectId)),
          )
          .returning()
      : await tx
          .insert(deliveryRelays)
          .values({
            id: newId("rly", now.getTime()),
            projectId: ctx.projectId,
            ...values,
            createdAt: now,
          })
          .returning();
    await ctx.jobs.enqueue(tx, releaseQueuedJob, { projectId: ctx.projectId });
    return toView(row!, true);
  });
  ctx.transports.forget(ctx.projectId);
  return view;
}

export async function deleteRelay(ctx: ServiceContext, id: string): Promise<void> {
  authorize(ctx, "delivery.manage");
  const deleted = await ctx.db
    .delete(deliveryRelays)
    .where(and(eq(deliveryRelays.id, id), eq(deliveryRelays.projectId, ctx.projectId)))
    .returning({ id: deliveryRelays.id });
  if (deleted.length === 0) throw new NotFoundError("Relay");
  ctx.transports.forget(ctx.projectId);
}

export function findRelay(
  db: ServiceContext["db"] | Parameters<typeof relayRows>[0],
  projectId: string,
  id: string,
) {
  return db
    .select()
    .from(deliveryRelays)
    .where(and(eq(deliveryRelays.id, id), eq(deliveryRelays.projectId, projectId)))
    .then((rows) => rows[0] ?? null);
}

function hintOf(secret: string): string | null {
  return secret.length >= 16 ? secret.slice(-4) : null;
}

function toView(row: DeliveryRelay, secretReadable: boolean): RelayView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    host: row.host,
    port: row.port,
    tlsMode: row.tlsMode,
    verifyCertificate: row.verifyCertificate,
    username: row.username,
    priority: row.priority,
    secretSet: row.sealedSecret !== null,
    secretHint: row.secretHint,
    secretReadable,
  };
}
