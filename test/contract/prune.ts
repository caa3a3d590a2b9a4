/**
 * Portman emits a fuzz variation for every constrained field of the schema, also for a field the
 * example request does not send: that variation then sends the example unchanged and the API
 * rightly answers 2xx. For a nested field the example lacks (`ab_test.sample_percent`) it adds the
 * field at the wrong place (top level, or on another step type), where the schema allows and
 * ignores it. And when its generated example value is empty, its "maximum length" variation sends
 * that empty value (it pads only a non-empty one), which the API rightly reads as "no filter".
 * These kinds are dropped before the run (a kept variation only removes or changes what the
 * example sends, and does so as its name says), so every remaining "[Fuzzed]" request really
 * breaks a rule.
 */
type Item = {
  name: string;
  item?: Item[];
  request?: {
    body?: { raw?: string };
    url?: { query?: { key: string; value: string; disabled?: boolean }[] };
  };
};

/** Every leaf path of a JSON value: `steps.0.type`. */
function leafPaths(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, `${prefix}.${key}`));
}

function addsFields(variation: Item, main: Item) {
  const mainPaths = new Set(leafPaths(normalized(main.request?.body?.raw)));
  return leafPaths(normalized(variation.request?.body?.raw)).some((p) => !mainPaths.has(p));
}

/** A "[maximum length x]" variation whose `x` is empty: Portman could not make it too long. */
function emptyMaxLength(variation: Item) {
  const field = /\[maximum length ([^\]]+)\]$/.exec(variation.name)?.[1];
  if (!field) return false;
  const query = variation.request?.url?.query?.find((p) => p.key === field && !p.disabled);
  if (query) return query.value === "";
  const body = normalized(variation.request?.body?.raw);
  const value = field
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | null)?.[key], body);
  return value === "";
}

const fingerprint = (item: Item) =>
  JSON.stringify([normalized(item.request?.body?.raw), item.request?.url?.query ?? []]);

function normalized(raw: string | undefined) {
  try {
    return raw === undefined ? null : JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Removes the fuzz variations that break no rule; returns how many. */
export function pruneNoOpFuzzing(collection: { item: Item[] }): number {
  const leaves: Item[] = [];
  const walk = (item: Item) => (item.item ? item.item.forEach(walk) : leaves.push(item));
  collection.item.forEach(walk);
  const mains = new Map(leaves.filter((i) => !i.name.includes("[")).map((i) => [i.name, i]));
  const noOps = new Set(
    leaves.filter((i) => {
      if (!i.name.includes("[Fuzzed")) return false;
      const main = mains.get(i.name.slice(0, i.name.indexOf("[")));
      if (emptyMaxLength(i)) return true;
      return main !== undefined && (fingerprint(main) === fingerprint(i) || addsFields(i, main));
    }),
  );
  const prune = (items: Item[]): Item[] =>
    items.filter((i) => !noOps.has(i)).map((i) => (i.item ? { ...i, item: prune(i.item) } : i));
  collection.item = prune(collection.item);
  return noOps.size;
}
