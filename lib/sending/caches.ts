import type { KeyObject } from "node:crypto";
import { Pacer } from "@/lib/core/pacing";
import { ttlCache, type TtlCache } from "@/lib/core/ttl-cache";
import type { findVerifiedDomain } from "../domains/find-verified";
import type { CompiledTemplate } from "../templates/compiled";
import type { OutcomeWriter } from "./outcomes";
import type { GroupSlot } from "@/lib/core/group-commit";
import type { PendingSend, RecordedSend } from "./send-group";

/**
 * The sending pipeline's per-process caches, on the runtime (lib/start/runtime.ts builds them).
 * Apart from compose.ts and outbound.ts, which use them, so that assembling a runtime does not
 * load the template renderer: only types come from there.
 */
declare module "@/lib/core/runtime" {
  interface RuntimeCaches {
    /** Verified sending domains with their parsed DKIM keys (compose.ts). */
    signingDomains: TtlCache<SigningDomain>;
    /** Compiled template versions, shared by every producer (outbound.ts). */
    compiledTemplates: TtlCache<CompiledTemplate>;
    /** Messages submitted over SMTP, read once for all their recipients (compose.ts). */
    submittedMessages: TtlCache<Buffer>;
    /** How fast each receiver and relay takes this process's mail (pacing.ts). */
    deliveryPacer: Pacer;
    /** The process's one outcome writer, made on first delivery (outcomes.ts). */
    outcomeWriter: OutcomeWriterSlot;
    /** The process's group commit of POST /v1/send, made on first use (send-group.ts). */
    sendGroup: GroupSlot<PendingSend, RecordedSend>;
  }
}

export type SigningDomain = { domain: VerifiedDomain; key: KeyObject } | null;
type VerifiedDomain = NonNullable<Awaited<ReturnType<typeof findVerifiedDomain>>>;

/**
 * The DKIM key is read once per domain every few seconds rather than once per message (the
 * worker delivers thousands a minute), and parsed once with it: signing with a parsed key costs
 * about a third of signing with the PEM text, which OpenSSL would decode on every message. A
 * domain removed or unverified stops signing, and so stops sending, within DOMAIN_CACHE_MS.
 */
const DOMAIN_CACHE_MS = 5_000;

export function signingDomainCache(): TtlCache<SigningDomain> {
  return ttlCache<SigningDomain>(DOMAIN_CACHE_MS);
}

/**
 * Compiling a template (React Email + html-to-text) costs milliseconds: once per version, shared
 * by every producer. The key names the version and everything the compiled output depends on.
 */
export function compiledTemplateCache(): TtlCache<CompiledTemplate> {
  return ttlCache<CompiledTemplate>(10 * 60_000, 200);
}

/**
 * A submitted message goes to up to 100 recipients whose deliveries run within seconds of each
 * other: its bytes (up to 10 MiB) are read once for them. Few entries, since each can be large.
 */
export function submittedMessageCache(): TtlCache<Buffer> {
  return ttlCache<Buffer>(60_000, 8);
}

/** One per process: each worker learns its own pace from the answers it gets (docs/decisions/0056). */
export function deliveryPacer(): Pacer {
  return new Pacer();
}

/**
 * Every delivery run of a process writes through one outcome writer, so concurrent runs share
 * group commits. Made on first use, since the writer needs the runtime this slot is part of.
 */
export type OutcomeWriterSlot = { writer: OutcomeWriter | null };

export function outcomeWriterSlot(): OutcomeWriterSlot {
  return { writer: null };
}
