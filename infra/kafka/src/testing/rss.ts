import { readFileSync } from 'node:fs';

/** Resident memory of a process in bytes, from /proc (Linux only). */
export const residentBytes = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
};
