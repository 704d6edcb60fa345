import { foldCode } from '@dm/events';

/** A code discount line of the export (reference §8.4): the root object, its fields inline. */
export interface DiscountRow {
  readonly id: string;
  readonly title: string;
  readonly type: string;
  readonly functionId: string | null;
  readonly startsAt: string | null;
  readonly endsAt: string | null;
  readonly createdAt: string | null;
  readonly usageLimit: number | null;
  readonly usageCount: number;
}

type Line = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export const discountRowOf = (line: Line): DiscountRow | null => {
  const discount = line.discount as Line | undefined;
  if (!discount || typeof line.id !== 'string') return null;
  const app = discount.appDiscountType as Line | undefined;
  return {
    id: line.id,
    title: text(discount.title) ?? '',
    type: String(discount.__typename),
    functionId: text(app?.functionId),
    startsAt: text(discount.startsAt),
    endsAt: text(discount.endsAt),
    createdAt: text(discount.createdAt),
    usageLimit: typeof discount.usageLimit === 'number' ? discount.usageLimit : null,
    usageCount: Number(discount.asyncUsageCount ?? 0),
  };
};

/** COPY's text format: backslash, tab, newline and carriage return escaped. */
export const copyText = (value: string) =>
  value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);

/** One rm.synced_codes row in COPY text format, from a code line (`__parentId` is its discount). */
export const codeCopyLine = (storeId: number, line: Line): string => {
  const code = String(line.code);
  return `${storeId}\t${copyText(String(line.id))}\t${copyText(code)}\t${copyText(String(line.__parentId))}\t${Number(line.asyncUsageCount ?? 0)}\t${copyText(foldCode(code))}\n`;
};

export const codeColumns = '(store_id, code_id, code, discount_id, usage_count, code_folded)';
