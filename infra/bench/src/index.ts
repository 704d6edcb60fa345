import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The same quantity for the baseline measured in the same run; null when the figure has an absolute target only. */
  readonly baseline: number | null;
  /** value / baseline, or null without a baseline. */
  readonly ratio: number | null;
  /** Human-readable target, e.g. '>= 0.9x raw' or 'p95 < 200 ms'. */
  readonly target: string;
  readonly met: boolean;
}

export const figure = (f: Omit<Figure, 'ratio'> & { ratio?: number | null }): Figure => ({
  ...f,
  ratio: f.ratio ?? (f.baseline ? f.value / f.baseline : null),
});

export const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
};

const round = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);

/** Prints the figures as a table and writes `bench-results/<name>.json` at the repository root. */
export const reportBench = (name: string, figures: readonly Figure[]): void => {
  const root = process.env.INIT_CWD ?? process.cwd();
  const dir = path.join(root, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const rows = figures.map((f) => ({ ...f, value: round(f.value)!, baseline: round(f.baseline), ratio: round(f.ratio) }));
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify({ figures: rows }, null, 2)}\n`);
  console.table(rows.map((f) => ({ ...f, met: f.met ? 'yes' : 'NO' })));
};
