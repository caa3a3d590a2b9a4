/**
 * Group commit: what concurrent callers write is written together, one transaction for many, so
 * the transaction's fixed cost (BEGIN, COMMIT and its WAL flush, a socket write and a round trip
 * per statement) is paid once per group instead of once per caller. Nothing waits on purpose: a
 * caller's item starts a group at once when fewer than `maxInFlight` groups are being written,
 * and otherwise joins the next group, which takes up to `maxItems` of what waits when a slot
 * frees. At low load every item is its own group; under load groups grow by themselves.
 *
 * `writeGroup` either commits the whole group, answering one result per item (an item refused
 * for its own reason, before anything of it was written, is a failed result), or throws having
 * written nothing. A group that throws is written again one item per transaction, so one bad
 * item costs the others only a retry and each caller gets its own answer.
 */
export type ItemResult<R> = { ok: true; value: R } | { ok: false; error: unknown };

type Waiting<I, R> = { item: I; resolve: (value: R) => void; reject: (error: unknown) => void };

export class GroupCommit<I, R> {
  private waiting: Waiting<I, R>[] = [];
  private inFlight = 0;

  constructor(
    private readonly writeGroup: (items: I[]) => Promise<ItemResult<R>[]>,
    private readonly limits: { maxItems: number; maxInFlight: number },
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.startGroups();
    });
  }

  private startGroups() {
    while (this.inFlight < this.limits.maxInFlight && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.limits.maxItems);
      this.inFlight++;
      void this.write(group).finally(() => {
        this.inFlight--;
        this.startGroups();
      });
    }
  }

  private async write(group: Waiting<I, R>[]) {
    if (group.length > 1) {
      const results = await this.writeGroup(group.map((w) => w.item)).catch(() => null);
      if (results) return group.forEach((waiting, i) => settle(waiting, results[i]!));
    }
    // Alone, or again one by one after the group failed: each caller's own outcome.
    await Promise.all(
      group.map((waiting) =>
        this.writeGroup([waiting.item]).then(
          ([result]) => settle(waiting, result!),
          (error: unknown) => waiting.reject(error),
        ),
      ),
    );
  }
}

function settle<R>(waiting: Waiting<unknown, R>, result: ItemResult<R>) {
  if (result.ok) waiting.resolve(result.value);
  else waiting.reject(result.error);
}

/**
 * Where a runtime keeps one of its GroupCommits (RuntimeCaches): made on first use, since the
 * group's writer needs the runtime the slot is part of.
 */
export type GroupSlot<I, R> = { group: GroupCommit<I, R> | null };

export function groupSlot<I, R>(): GroupSlot<I, R> {
  return { group: null };
}

/**
 * The slot's group, made on first use with the limits that suit the database: up to 100 items
 * a group; on PostgreSQL 4 groups at once (of the pool's 10 connections), on PGlite one, since
 * it runs one transaction at a time anyway and a larger group is then the whole gain.
 */
export function groupIn<I, R>(
  slot: GroupSlot<I, R>,
  driver: "postgres" | "pglite",
  writeGroup: (items: I[]) => Promise<ItemResult<R>[]>,
): GroupCommit<I, R> {
  return (slot.group ??= new GroupCommit(writeGroup, {
    maxItems: 100,
    maxInFlight: driver === "pglite" ? 1 : 4,
  }));
}
