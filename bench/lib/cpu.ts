import fs from "node:fs";

/**
 * CPU time from /proc (Linux): what a process spent, all its threads included (libuv's pool signs
 * DKIM there), whatever else ran on the machine. A rate on this shared 2-core VM moves 2× between
 * runs; the CPU an email costs moves far less, so a change's effect shows in it first.
 */
const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK)

/** user + system CPU seconds of one process, or null when it is gone (or not Linux). */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "latin1");
    // Fields after the command name (which may hold spaces) in parentheses: utime is the 14th
    // field of the line, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The CPU seconds of every process named `name` now alive (PostgreSQL's server and backends). */
export function cpuSecondsOfProcessesNamed(name: string): number {
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = fs.readFileSync(`/proc/${entry}/comm`, "latin1").trim();
      if (comm !== name) continue;
    } catch {
      continue;
    }
    total += processCpuSeconds(Number(entry)) ?? 0;
  }
  return total;
}

/** This process's own CPU seconds (the ceiling runs in the bench process). */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
