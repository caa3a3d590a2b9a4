import { randomBytes } from "node:crypto";

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

/**
 * Prefixed ids (`ct_…`, `em_…`) that sort by creation time: 10 characters of millisecond
 * timestamp, then 16 random characters (80 bits). Time ordering keeps B-tree inserts local.
 * Within one process ids are monotonic (ULID-style): several ids in the same millisecond
 * increment the random part, so "newest first" is exact even for bursts.
 */
let lastTime = -1;
let lastRandom: number[] = [];

export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  let random: number[];
  if (now <= lastTime) {
    now = lastTime;
    random = incremented(lastRandom);
  } else {
    random = Array.from(pooledRandomBytes(16), (byte) => byte % 32);
  }
  lastTime = now;
  lastRandom = random;
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return `${prefix}_${time}${random.map((d) => CROCKFORD[d]).join("")}`;
}

function incremented(digits: number[]): number[] {
  const next = [...digits];
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]! < 31) {
      next[i]! += 1;
      return next;
    }
    next[i] = 0;
  }
  // 32^16 ids in one millisecond cannot happen; wrap rather than throw.
  return next;
}

export const ID_PREFIXES = {
  project: "prj",
  user: "usr",
  session: "ses",
  apiKey: "key",
  domain: "dom",
  contact: "ct",
  template: "tpl",
  automation: "aut",
  run: "run",
  stepRun: "srn",
  email: "em",
  submittedMessage: "sm",
  emailEvent: "eev",
  campaign: "cmp",
  recipient: "rcp",
  segment: "seg",
  event: "evt",
  webhook: "wh",
  delivery: "whd",
  attempt: "wha",
  import: "imp",
  invitation: "inv",
  passwordReset: "pwr",
  media: "med",
  relay: "rly",
  topic: "tp",
  receivedEmail: "re",
  receivedAttachment: "ra",
} as const;
export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

/**
 * randomBytes() is a synchronous syscall per call; ids and request ids are made on every request,
 * so they draw from a 4 KiB pool refilled when used up.
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = POOL_SIZE;
export function pooledRandomBytes(n: number): Buffer {
  if (n > POOL_SIZE) return randomBytes(n);
  if (poolOffset + n > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const out = pool.subarray(poolOffset, poolOffset + n);
  poolOffset += n;
  return out;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Uniform random base62 string (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of pooledRandomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}
