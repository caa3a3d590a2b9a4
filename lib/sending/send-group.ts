import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { AppError } from "@/lib/core/errors";
import { groupIn, type GroupCommit, type ItemResult } from "@/lib/core/group-commit";
import type { Runtime } from "@/lib/core/runtime";
import { settleAll } from "@/lib/core/settle-all";
import type { Executor } from "@/db";
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentResponse,
  type IdempotencyClaim,
  type StoredSendResponse,
} from "./idempotency";
import { OutboundBatch } from "./outbound";
import { recordSend, type CheckedSend } from "./send-item";

/** One checked POST /v1/send waiting to be recorded, with the context of its request. */
export type PendingSend = { ctx: ServiceContext; checked: CheckedSend; claim?: IdempotencyClaim };

/** What POST /v1/send answers: the email, or the stored answer a key replays. */
export type RecordedSend = {
  httpStatus: 200 | 202;
  body: StoredSendResponse & { idempotent?: true };
};

/**
 * A send whose Idempotency-Key an earlier send of the same group claims: it waits for that one's
 * commit in a transaction of its own (in one transaction it would read its twin's claim before
 * there is an answer to replay).
 */
export class SendAlone extends Error {}

/**
 * Sends of concurrent requests are recorded in shared transactions (lib/core/group-commit.ts).
 * A send's transaction was five round trips (BEGIN, sender and suppressions, the email and its
 * delivery job, its event, COMMIT) and each statement one socket write of ~0.13 ms of CPU on
 * this kind of VM: the web process spent more on them than on the request. A group also gives
 * its emails shared delivery jobs (EMAILS_PER_DELIVERY_JOB a job) instead of one job each.
 */
export function sendGroupOf(runtime: Runtime): GroupCommit<PendingSend, RecordedSend> {
  return groupIn(runtime.caches.sendGroup, runtime.handle.driver, (sends) =>
    recordSendGroup(runtime, sends),
  );
}

/** One send in a transaction of its own, or in the caller's: a group of one. */
export async function recordSendAlone(runtime: Runtime, send: PendingSend): Promise<RecordedSend> {
  const [result] = await recordSendGroup(runtime, [send]);
  if (!result!.ok) throw result!.error;
  return result!.value;
}

const statusOf = (body: StoredSendResponse) =>
  body.status === "sent" ? (200 as const) : (202 as const);

/**
 * Records a group of sends in one transaction and one OutboundBatch: their keys' claims, senders
 * and suppressions go out together, then the emails, then the keys' answers. A send refused for
 * its own reasons (AppError: suppressed, unverified sender, unknown template, a key reused for
 * another request) is refused alone, its key's claim undone: nothing of it stays. Any other
 * error may have aborted the transaction: the group throws and is written again one send at a
 * time (GroupCommit).
 */
async function recordSendGroup(
  runtime: Runtime,
  sends: PendingSend[],
): Promise<ItemResult<RecordedSend>[]> {
  return withTransaction(runtime.db, async (tx) => {
    const now = runtime.clock.now();
    const batch = new OutboundBatch(tx, runtime, now);
    const twins = laterTwins(sends);
    const [claims] = await Promise.all([
      Promise.allSettled(
        sends.map((send) =>
          send.claim && !twins.has(send) ? claimIdempotencyKey(tx, send.claim, now) : null,
        ),
      ),
      Promise.allSettled([
        ...[...addressesByProject(sends)].map(([projectId, addresses]) =>
          batch.loadSuppressions(projectId, addresses),
        ),
        ...sends.map(({ ctx, checked }) => batch.sender(ctx.projectId, checked.from)),
      ]),
    ]);
    const settled = await Promise.allSettled(
      sends.map(async (send, i): Promise<RecordedSend> => {
        if (twins.has(send)) throw new SendAlone();
        const claim = claims[i]!;
        if (claim.status === "rejected") throw claim.reason;
        if (claim.value && !claim.value.claimed)
          return { httpStatus: 200, body: { ...claim.value.response, idempotent: true } };
        const body = await recordOwnOrRelease(tx, batch, send);
        return { httpStatus: statusOf(body), body };
      }),
    );
    const unexpected = settled.find(
      (r): r is PromiseRejectedResult =>
        r.status === "rejected" && !(r.reason instanceof AppError || r.reason instanceof SendAlone),
    );
    if (unexpected) throw unexpected.reason;
    await batch.flush();
    await settleAll(
      sends.flatMap((send, i) => {
        const result = settled[i]!;
        if (!send.claim || result.status !== "fulfilled" || result.value.body.idempotent) return [];
        const { body, httpStatus } = result.value;
        return [storeIdempotentResponse(tx, send.claim, body, httpStatus)];
      }),
    );
    return settled.map((r) =>
      r.status === "fulfilled" ? { ok: true, value: r.value } : { ok: false, error: r.reason },
    );
  });
}

/** Records a send; refused, its key's claim is undone, as a rollback of its own would. */
async function recordOwnOrRelease(tx: Executor, batch: OutboundBatch, send: PendingSend) {
  try {
    return await recordSend(batch, send.ctx, send.checked);
  } catch (error) {
    if (send.claim && error instanceof AppError) await releaseIdempotencyKey(tx, send.claim);
    throw error;
  }
}

/** Sends whose key an earlier send of the group has too (they go alone, after it). */
function laterTwins(sends: PendingSend[]): Set<PendingSend> {
  const seen = new Set<string>();
  const twins = new Set<PendingSend>();
  for (const send of sends) {
    if (!send.claim) continue;
    const key = `${send.claim.projectId}\n${send.claim.mode}\n${send.claim.key}`;
    if (seen.has(key)) twins.add(send);
    seen.add(key);
  }
  return twins;
}

function addressesByProject(sends: PendingSend[]): Map<string, string[]> {
  const byProject = new Map<string, string[]>();
  for (const { ctx, checked } of sends) {
    const addresses = byProject.get(ctx.projectId) ?? [];
    addresses.push(checked.to.address, ...checked.cc, ...checked.bcc);
    byProject.set(ctx.projectId, addresses);
  }
  return byProject;
}
