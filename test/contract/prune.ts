/**
 * Portman emits a fuzz variation for every constrained field of the schema, also for a field the
 * example request does not send: that variation then sends the example unchanged and the API
 * rightly answers 2xx. Such no-op variations are dropped before the run, so every remaining
 * "[Fuzzed]" request really breaks a rule and must get its 422.
 */
type Item = {
  name: string;
  item?: Item[];
  request?: { body?: { raw?: string }; url?: { query?: { key: string; value: string }[] } };
};

const fingerprint = (item: Item) =>
  JSON.stringify([normalized(item.request?.body?.raw), item.request?.url?.query ?? []]);

function normalized(raw: string | undefined) {
  try {
    return raw === undefined ? null : JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Removes fuzz variations identical to their operation's main request; returns how many. */
export function pruneNoOpFuzzing(collection: { item: Item[] }): number {
  const leaves: Item[] = [];
  const walk = (item: Item) => (item.item ? item.item.forEach(walk) : leaves.push(item));
  collection.item.forEach(walk);
  const mains = new Map(leaves.filter((i) => !i.name.includes("[")).map((i) => [i.name, i]));
  const noOps = new Set(
    leaves.filter((i) => {
      if (!i.name.includes("[Fuzzed")) return false;
      const main = mains.get(i.name.slice(0, i.name.indexOf("[")));
      return main !== undefined && fingerprint(main) === fingerprint(i);
    }),
  );
  const prune = (items: Item[]): Item[] =>
    items.filter((i) => !noOps.has(i)).map((i) => (i.item ? { ...i, item: prune(i.item) } : i));
  collection.item = prune(collection.item);
  return noOps.size;
}
