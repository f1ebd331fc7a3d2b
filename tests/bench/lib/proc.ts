// What /proc says of a process: its memory as the kernel counts it, and the CPU time of other processes on this machine
// (e.g. mariadbd), to show which side of a benchmark is saturated.
import fs from 'node:fs';

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** Pids whose command name is one of `names`. */
export const pidsNamed = (...names: string[]): number[] => {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (names.includes(fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim())) out.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
};

/** User + system CPU seconds consumed so far by `pids` (0 for a pid that is gone). */
export const cpuSecondsOf = (pids: number[]): number =>
  pids.reduce((sum, pid) => {
    try {
      // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    } catch {
      return sum;
    }
  }, 0);

/** VmRSS: resident now; VmHWM: the high-water mark, which no sampling interval can miss. */
export type MemoryField = 'VmRSS' | 'VmHWM';

/** Bytes of `field` for `pid`, from /proc/<pid>/status. */
export const memoryOf = (pid: number, field: MemoryField): number =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
