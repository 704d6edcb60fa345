import { describe, expect, it } from 'vitest';
import { BatchBytes } from './batch-bytes';

describe("When a load's batches are gathered as bytes", () => {
  it('should give each batch its lines whole, in two buffers used in turn, however long a line', () => {
    const batches = new BatchBytes();
    const lines = (batch: number) => Array.from({ length: 3 }, (_, i) => `1\t${batch}-${i}\tCODE-ü-😀\n`);
    const taken: Buffer[] = [];
    for (let batch = 0; batch < 4; batch++) {
      for (const line of lines(batch)) batches.append(line);
      taken.push(batches.take());
    }
    // A batch stays valid until the batch after the next one: what the load copies before it reuses the buffer.
    expect(taken[2]!.toString()).toBe(lines(2).join(''));
    expect(taken[3]!.toString()).toBe(lines(3).join(''));
    expect(taken[2]!.buffer).toBe(taken[0]!.buffer);
    expect(taken[3]!.buffer).toBe(taken[1]!.buffer);
    expect(taken[1]!.buffer).not.toBe(taken[0]!.buffer);

    const long = `1\t9\t${'X'.repeat(3 << 20)}\n`;
    batches.append('1\t8\tSHORT\n');
    batches.append(long);
    expect(batches.take().toString()).toBe(`1\t8\tSHORT\n${long}`);
    expect(batches.take().toString()).toBe('');
  });
});
