import { randomInt } from 'node:crypto';
import type { CodePattern } from '@dm/events/http';

/** Up to this many codes a pattern can make, every one is drawn (shuffled), so "only N are free" is exact. */
export const enumerateUpTo = 50_000;

const codeAt = (pattern: CodePattern, index: number) => {
  let rest = index;
  const out: string[] = [];
  for (const part of [...pattern.parts].reverse()) {
    if (typeof part === 'string') {
      out.push(part);
      continue;
    }
    for (let i = 0; i < part.length; i++) {
      out.push(part.alphabet[rest % part.alphabet.length]!);
      rest = Math.floor(rest / part.alphabet.length);
    }
  }
  return out.reverse().join('');
};

const randomCode = (pattern: CodePattern) =>
  pattern.parts
    .map((part) =>
      typeof part === 'string'
        ? part
        : Array.from({ length: part.length }, () => part.alphabet[randomInt(part.alphabet.length)]).join(''),
    )
    .join('');

/**
 * Every code of a small pattern in random order, or `wanted` distinct random codes of a large one. A code of a
 * large pattern is drawn with the crypto generator, so codes cannot be guessed from one another.
 */
export const drawCodes = (pattern: CodePattern, wanted: number, skip: ReadonlySet<string>): string[] => {
  if (pattern.capacity <= enumerateUpTo) {
    const all = Array.from({ length: pattern.capacity }, (_, i) => codeAt(pattern, i)).filter((c) => !skip.has(c));
    for (let i = all.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    return all;
  }
  const drawn = new Set<string>();
  for (let tries = 0; drawn.size < wanted && tries < wanted * 20; tries++) {
    const code = randomCode(pattern);
    if (!skip.has(code)) drawn.add(code);
  }
  return [...drawn];
};
