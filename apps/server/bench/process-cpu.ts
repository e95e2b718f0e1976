// CPU counters of the processes a benchmark measures (Linux /proc), so a figure can be CPU per
// lead rather than wall time: it moves far less with what else the host runs.
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds of a process (user + system), from /proc. */
export function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every process of the PostgreSQL cluster: its postmaster and the postmaster's children. */
export function clusterCpuSeconds(postmasterPid: number): number {
  let total = processCpuSeconds(postmasterPid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.split(') ')[1]!.split(' ')[1]);
      if (parent === postmasterPid) total += processCpuSeconds(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** The postmaster of the cluster behind `connectionString` (it must run on this machine). */
export async function postmasterPidOf(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ data_directory: string }>('show data_directory');
    return Number(readFileSync(`${rows[0]!.data_directory}/postmaster.pid`, 'utf8').split('\n')[0]);
  } finally {
    await client.end();
  }
}

/** The machine's CPU time so far, in clock ticks: all of it, and the part spent idle (/proc/stat). */
export function machineCpuTicks(): { total: number; idle: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // idle and iowait: a core waiting on nothing but the disk could run something else.
  return { total: ticks.reduce((sum, value) => sum + value, 0), idle: ticks[3]! + ticks[4]! };
}
