import { describe, expect, it } from 'vitest';
import { CodeBlock } from './code-block';

describe('When a discount holds a generated code range', () => {
  const block = () =>
    new CodeBlock({ prefix: 'BENCH-', count: 1_000_000, firstId: 10, removed: [] }, [
      { id: 2_000_000, code: 'EXTRA', asyncUsageCount: 0 },
    ]);

  it('should find generated codes case-insensitively without materialising them', () => {
    const b = block();
    expect(b.count).toBe(1_000_001);
    expect(b.findGenerated('bench-000042')).toEqual({ id: 52, code: 'BENCH-000042', asyncUsageCount: 0 });
    expect(b.findGenerated('BENCH-42')).toBeNull();
    expect(b.findGenerated('BENCH-1000000')).toBeNull();
  });

  it('should page by id across the range and the explicit codes, both ways', () => {
    const b = block();
    const after = [...take(b.iterate(999_998 + 10), 3)].map((c) => c.code);
    expect(after).toEqual(['BENCH-999999', 'EXTRA']);
    expect([...take(b.iterate(null, true), 2)].map((c) => c.code)).toEqual(['EXTRA', 'BENCH-999999']);
  });

  it('should forget removed codes and keep them removed through a snapshot', () => {
    const b = block();
    b.remove(10);
    const restored = CodeBlock.fromRecord(b.toRecord());
    expect(restored.findGenerated('BENCH-000000')).toBeNull();
    expect(restored.first()?.code).toBe('BENCH-000001');
    expect(restored.count).toBe(1_000_000);
  });
});

function* take<T>(items: Iterable<T>, n: number): Generator<T> {
  let i = 0;
  for (const item of items) {
    if (i++ >= n) return;
    yield item;
  }
}
