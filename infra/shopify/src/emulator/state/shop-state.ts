import { foldCode } from '@dm/events';
import { CodeBlock } from './code-block';
import type { CodeRecord, CollectionRecord, DiscountRecord, ProductRecord, ShopSnapshot, VariantRecord } from './types';

export type Discount = Omit<DiscountRecord, 'codes'> & { codes: CodeBlock };

export interface CodeOwner {
  readonly discount: Discount;
  readonly code: CodeRecord;
}

export interface ShopIdentity {
  readonly slug: string;
  readonly brandId: number;
  readonly countryCode: string;
  readonly currencyCode: string;
  /** The Function id of our discount app in this shop (ARCHITECTURE §4: configuration per store). */
  readonly functionIds: readonly string[];
}

/** One shop's data, with the shop-wide case-insensitive code index (reference §6.3). */
export class ShopState {
  readonly discounts = new Map<number, Discount>();
  readonly products = new Map<number, ProductRecord>();
  readonly variants = new Map<number, VariantRecord>();
  readonly collections = new Map<number, CollectionRecord>();
  private readonly codeIndex = new Map<string, number>();
  private nextId: number;
  private onChange: () => void = () => undefined;

  constructor(
    readonly identity: ShopIdentity,
    snapshot: ShopSnapshot,
  ) {
    this.nextId = snapshot.nextId;
    for (const d of snapshot.discounts) this.putDiscount({ ...d, codes: CodeBlock.fromRecord(d.codes) });
    for (const p of snapshot.products) this.products.set(p.id, p);
    for (const v of snapshot.variants) this.variants.set(v.id, v);
    for (const c of snapshot.collections) this.collections.set(c.id, c);
  }

  newId(): number {
    return this.nextId++;
  }

  /** Reserves `count` consecutive ids, e.g. for a generated code range. */
  newIds(count: number): number {
    const first = this.nextId;
    this.nextId += count;
    return first;
  }

  watch(onChange: () => void): void {
    this.onChange = onChange;
  }

  changed(): void {
    this.onChange();
  }

  putDiscount(discount: Discount): void {
    this.discounts.set(discount.id, discount);
    for (const c of discount.codes.explicit) this.codeIndex.set(foldCode(c.code), discount.id);
  }

  deleteDiscount(id: number): Discount | null {
    const discount = this.discounts.get(id);
    if (!discount) return null;
    for (const c of discount.codes.explicit) this.codeIndex.delete(foldCode(c.code));
    this.discounts.delete(id);
    return discount;
  }

  findCode(code: string): CodeOwner | null {
    const ownerId = this.codeIndex.get(foldCode(code));
    const owner = ownerId === undefined ? undefined : this.discounts.get(ownerId);
    if (owner) {
      const found = owner.codes.explicit.find((c) => foldCode(c.code) === foldCode(code));
      if (found) return { discount: owner, code: found };
    }
    for (const discount of this.discounts.values()) {
      const generated = discount.codes.generatedPrefix === null ? null : discount.codes.findGenerated(code);
      if (generated) return { discount, code: generated };
    }
    return null;
  }

  addCode(discount: Discount, code: string): CodeRecord {
    const record: CodeRecord = { id: this.newId(), code, asyncUsageCount: 0 };
    discount.codes.add(record);
    this.codeIndex.set(foldCode(code), discount.id);
    return record;
  }

  renameCode(discount: Discount, record: CodeRecord, code: string): void {
    this.codeIndex.delete(foldCode(record.code));
    record.code = code;
    this.codeIndex.set(foldCode(code), discount.id);
  }

  removeCode(discount: Discount, codeId: number): CodeRecord | null {
    const removed = discount.codes.remove(codeId);
    if (removed && this.codeIndex.get(foldCode(removed.code)) === discount.id) {
      this.codeIndex.delete(foldCode(removed.code));
    }
    return removed;
  }

  snapshot(): ShopSnapshot {
    return {
      version: 1,
      nextId: this.nextId,
      discounts: [...this.discounts.values()].map((d) => ({ ...d, codes: d.codes.toRecord() })),
      products: [...this.products.values()],
      variants: [...this.variants.values()],
      collections: [...this.collections.values()],
    };
  }
}
