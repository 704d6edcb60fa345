import type { GramRow } from './search-grams';

// Between a worker and the event loop, many small objects cost more to copy than to count (structured clone):
// rows cross as a few long strings (joined by NUL, which no PostgreSQL text holds) and typed arrays.
const nul = '\0';

export interface PackedRows {
  readonly discountIds: readonly string[];
  readonly discountIndex: Int32Array<ArrayBuffer>;
  readonly codeCounts: Int32Array<ArrayBuffer>;
  readonly grams: string;
  readonly firstCodes: string;
}

export const packRows = (rows: readonly GramRow[]): PackedRows => {
  const index = new Map<string, number>();
  const discountIndex = new Int32Array(rows.length);
  const codeCounts = new Int32Array(rows.length);
  rows.forEach((row, i) => {
    let at = index.get(row.discountId);
    if (at === undefined) index.set(row.discountId, (at = index.size));
    discountIndex[i] = at;
    codeCounts[i] = row.codeCount;
  });
  return {
    discountIds: [...index.keys()],
    discountIndex,
    codeCounts,
    grams: rows.map((r) => r.gram).join(nul),
    firstCodes: rows.map((r) => r.firstCode).join(nul),
  };
};

export const unpackRows = (packed: PackedRows): GramRow[] => {
  if (packed.codeCounts.length === 0) return [];
  const grams = packed.grams.split(nul);
  const firstCodes = packed.firstCodes.split(nul);
  return Array.from(packed.codeCounts, (codeCount, i) => ({
    discountId: packed.discountIds[packed.discountIndex[i]!]!,
    gram: grams[i]!,
    codeCount,
    firstCode: firstCodes[i]!,
  }));
};
