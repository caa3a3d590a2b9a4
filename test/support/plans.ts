import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DatabaseHandle } from "@/db";

/**
 * What a statement's plan reads, from EXPLAIN's JSON: "<Node Type> on <table>" for each node
 * that reads a table and "<Node Type> using <index>" for each that reads an index.
 */
export async function planReads(handle: DatabaseHandle, statement: SQL): Promise<string[]> {
  const [row] = rowsOf<{ "QUERY PLAN": unknown }>(
    await handle.db.execute(sql`explain (format json) ${statement}`),
  );
  const raw = row!["QUERY PLAN"];
  type Node = {
    "Node Type": string;
    "Relation Name"?: string;
    "Index Name"?: string;
    Plans?: Node[];
  };
  const [top] = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: Node }[];
  const found: string[] = [];
  const walk = (node: Node) => {
    if (node["Relation Name"]) found.push(`${node["Node Type"]} on ${node["Relation Name"]}`);
    if (node["Index Name"]) found.push(`${node["Node Type"]} using ${node["Index Name"]}`);
    node.Plans?.forEach(walk);
  };
  walk(top!.Plan);
  return found;
}
