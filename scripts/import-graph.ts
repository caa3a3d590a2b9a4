// The import graph of lib/ between its top-level units (a folder, or a loose file), type imports
// counted. Prints units, edges, the longest chain (levels), the strongly connected groups (a
// cycle between folders) and the edges that close them. `tsx scripts/import-graph.ts [--json]`.
import { cruise } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

export type FolderGraph = {
  units: string[];
  edges: Array<[string, string]>;
  levels: number;
  cycles: string[][];
};

/** The unit a file belongs to: `lib/core/db`, `lib/campaigns`, `lib/start/runtime.ts`. */
export function unitOf(
  path: string,
  depth: (path: string) => number = defaultDepth,
): string | null {
  if (!path.startsWith("lib/")) return null;
  const parts = path.split("/");
  return parts.slice(0, Math.min(parts.length, depth(path))).join("/");
}

// lib/core and lib/web are layers whose folders are units of their own.
function defaultDepth(path: string): number {
  return /^lib\/(core|web)\//.test(path) ? 3 : 2;
}

export async function readImports(roots = ["lib"]): Promise<Array<[string, string]>> {
  const tsConfig = extractTSConfig("tsconfig.json");
  const result = await cruise(
    roots,
    {
      tsPreCompilationDeps: true,
      tsConfig: { fileName: "tsconfig.json" },
      doNotFollow: { path: "node_modules" },
      exclude: { path: "(^|/)node_modules/|\\.test\\.tsx?$" },
    },
    { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
    { tsConfig },
  );
  if (typeof result.output === "string") throw new Error("unexpected cruise output");
  const imports: Array<[string, string]> = [];
  for (const source of result.output.modules) {
    for (const dependency of source.dependencies) {
      if (dependency.coreModule || dependency.couldNotResolve) continue;
      imports.push([source.source, dependency.resolved]);
    }
  }
  return imports;
}

export function folderGraph(imports: Array<[string, string]>): FolderGraph {
  const units = new Set<string>();
  const edgeKeys = new Set<string>();
  for (const [from, to] of imports) {
    const a = unitOf(from);
    const b = unitOf(to);
    if (a) units.add(a);
    if (!a || !b || a === b) continue;
    units.add(b);
    edgeKeys.add(`${a}\0${b}`);
  }
  const edges = [...edgeKeys].map((key) => key.split("\0") as [string, string]).sort();
  const cycles = stronglyConnected([...units], edges).filter((group) => group.length > 1);
  return { units: [...units].sort(), edges, levels: longestChain([...units], edges), cycles };
}

// Tarjan's algorithm: groups of units that reach each other.
function stronglyConnected(units: string[], edges: Array<[string, string]>): string[][] {
  const next = new Map<string, string[]>(units.map((unit) => [unit, []]));
  for (const [a, b] of edges) next.get(a)!.push(b);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (unit: string) => {
    index.set(unit, counter);
    low.set(unit, counter++);
    stack.push(unit);
    onStack.add(unit);
    for (const target of next.get(unit)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(unit, Math.min(low.get(unit)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(unit, Math.min(low.get(unit)!, index.get(target)!));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== unit);
      groups.push(group.sort());
    }
  };
  for (const unit of units) if (!index.has(unit)) visit(unit);
  return groups;
}

// Levels of the graph with each cycle collapsed into one node.
function longestChain(units: string[], edges: Array<[string, string]>): number {
  const groups = stronglyConnected(units, edges);
  const groupOf = new Map<string, number>();
  groups.forEach((group, i) => group.forEach((unit) => groupOf.set(unit, i)));
  const next = new Map<number, Set<number>>();
  for (const [a, b] of edges) {
    const ga = groupOf.get(a)!;
    const gb = groupOf.get(b)!;
    if (ga !== gb) (next.get(ga) ?? next.set(ga, new Set()).get(ga)!).add(gb);
  }
  const depth = new Map<number, number>();
  const depthOf = (group: number): number => {
    if (depth.has(group)) return depth.get(group)!;
    let best = 1;
    for (const target of next.get(group) ?? []) best = Math.max(best, 1 + depthOf(target));
    depth.set(group, best);
    return best;
  };
  return Math.max(0, ...groups.map((_, i) => depthOf(i)));
}

async function main() {
  const graph = folderGraph(await readImports());
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(graph, null, 2));
    return;
  }
  console.log(`units ${graph.units.length}, edges ${graph.edges.length}, levels ${graph.levels}`);
  for (const group of graph.cycles) {
    const inside = graph.edges.filter(([a, b]) => group.includes(a) && group.includes(b));
    console.log(`cycle of ${group.length}: ${group.join(", ")}`);
    for (const [a, b] of inside) console.log(`  ${a} -> ${b}`);
  }
}

if (process.argv[1]?.endsWith("import-graph.ts")) await main();
