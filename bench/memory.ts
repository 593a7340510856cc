import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

/** A full garbage collection, for before/after heap figures (`--expose-gc` set at run time). */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** The resident memory of the process `pid` now, in bytes (Linux's /proc/<pid>/status, VmRSS). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (kib === null) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kib[1]) * 1024;
}
