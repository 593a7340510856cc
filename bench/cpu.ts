/** CPU time of processes, from Linux's /proc: what the benchmarks of idle streams and of several processes cost. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** /proc counts CPU time in clock ticks (100 a second on Linux, but asked rather than assumed). */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The CPU time (user and system, every thread) the process `pid` has used so far, in seconds. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The name, field 2, is in parentheses and may hold spaces; the fields after it start with the state (field 3).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [fields[14 - 3], fields[15 - 3]].map(Number);
  return (utime + stime) / TICKS_PER_SECOND;
}

/** The CPU time every process on the machine has used so far (all cores), in seconds: /proc/stat's busy time. */
export function machineCpuSeconds(): number {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is counted in user already).
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/** This process's CPU time so far (every thread: autocannon's workers included), in seconds. */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Seconds of CPU over seconds of wall time, as a percentage of one core. */
export const shareOfCore = (cpu: number, seconds: number): string =>
  `${((cpu / seconds) * 100).toFixed(2)} %`;
