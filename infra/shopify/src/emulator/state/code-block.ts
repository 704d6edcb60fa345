import type { CodeBlockRecord, CodeRecord, GeneratedCodes } from './types';

/**
 * The codes of one discount in creation (= id) order: an optional generated range, then explicit codes.
 * The generated range is what lets a shop hold 1,000,000 codes without 1,000,000 objects or a huge snapshot.
 */
export class CodeBlock {
  private readonly removed: Set<number>;
  private readonly width: number;

  constructor(
    private readonly generated: GeneratedCodes | null,
    readonly explicit: CodeRecord[],
  ) {
    this.removed = new Set(generated?.removed ?? []);
    this.width = generated ? String(Math.max(0, generated.count - 1)).length : 0;
  }

  static fromRecord(record: CodeBlockRecord): CodeBlock {
    return new CodeBlock(
      record.generated,
      record.explicit.map((c) => ({ ...c })),
    );
  }

  toRecord(): CodeBlockRecord {
    return {
      generated: this.generated ? { ...this.generated, removed: [...this.removed] } : null,
      explicit: this.explicit.map((c) => ({ ...c })),
    };
  }

  get count(): number {
    return (this.generated ? this.generated.count - this.removed.size : 0) + this.explicit.length;
  }

  get generatedPrefix(): string | null {
    return this.generated?.prefix ?? null;
  }

  /** The generated code whose text is `code` (case-insensitive), if any. */
  findGenerated(code: string): CodeRecord | null {
    const g = this.generated;
    if (!g || code.length !== g.prefix.length + this.width) return null;
    if (code.slice(0, g.prefix.length).toLowerCase() !== g.prefix.toLowerCase()) return null;
    const digits = code.slice(g.prefix.length);
    if (!/^\d+$/.test(digits)) return null;
    const index = Number(digits);
    const id = g.firstId + index;
    if (index >= g.count || this.removed.has(id)) return null;
    return this.generatedAt(index);
  }

  findById(id: number): CodeRecord | null {
    const g = this.generated;
    if (g && id >= g.firstId && id < g.firstId + g.count) {
      return this.removed.has(id) ? null : this.generatedAt(id - g.firstId);
    }
    return this.explicit.find((c) => c.id === id) ?? null;
  }

  first(): CodeRecord | null {
    const next = this.iterate(null).next();
    return next.done ? null : next.value;
  }

  /** Codes with id > afterId (or < beforeId when reverse), in id order. */
  *iterate(afterId: number | null, reverse = false): Generator<CodeRecord> {
    const g = this.generated;
    if (!reverse) {
      if (g) {
        const start = afterId === null ? 0 : Math.max(0, afterId - g.firstId + 1);
        for (let i = start; i < g.count; i++) if (!this.removed.has(g.firstId + i)) yield this.generatedAt(i);
      }
      for (const c of this.explicit) if (afterId === null || c.id > afterId) yield c;
      return;
    }
    for (let i = this.explicit.length - 1; i >= 0; i--) {
      const c = this.explicit[i]!;
      if (afterId === null || c.id < afterId) yield c;
    }
    if (g) {
      const start = afterId === null ? g.count - 1 : Math.min(g.count - 1, afterId - g.firstId - 1);
      for (let i = start; i >= 0; i--) if (!this.removed.has(g.firstId + i)) yield this.generatedAt(i);
    }
  }

  add(code: CodeRecord): void {
    this.explicit.push(code);
  }

  remove(id: number): CodeRecord | null {
    const found = this.findById(id);
    if (!found) return null;
    const g = this.generated;
    if (g && id >= g.firstId && id < g.firstId + g.count) this.removed.add(id);
    else this.explicit.splice(this.explicit.indexOf(found), 1);
    return found;
  }

  private generatedAt(index: number): CodeRecord {
    const g = this.generated!;
    return { id: g.firstId + index, code: `${g.prefix}${String(index).padStart(this.width, '0')}`, asyncUsageCount: 0 };
  }
}
