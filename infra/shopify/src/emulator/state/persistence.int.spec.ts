import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { field, startTestEmulator } from '../../../test/harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'dm-shopify-persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('When the emulator restarts with a data directory', () => {
  it('should keep discounts and codes created before the restart', async () => {
    const first = await startTestEmulator({ dataDir });
    const created = await first.gql(
      'mutation ($i: DiscountCodeBasicInput!) { discountCodeBasicCreate(basicCodeDiscount: $i) { codeDiscountNode { id } userErrors { message } } }',
      {
        i: {
          title: 'Kept',
          code: 'KEPT-1',
          startsAt: '2026-01-01T00:00:00Z',
          customerGets: { value: { percentage: 0.1 }, items: { all: true } },
        },
      },
    );
    const id = (field(created, 'discountCodeBasicCreate').codeDiscountNode as { id: string }).id;
    await first.emulator.stop();
    const second = await startTestEmulator({ dataDir });
    expect(
      field(await second.gql('{ codeDiscountNodeByCode(code: "kept-1") { id } }'), 'codeDiscountNodeByCode'),
    ).toEqual({ id });
    expect(second.emulator.tokens['aurora-uk']).toBe(first.emulator.tokens['aurora-uk']);
    await second.emulator.stop();
  });
});

describe('When the emulator runs without a data directory', () => {
  it('should remove the temporary folder of its bulk files when it stops', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'dm-shopify-tmp-'));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = parent;
    try {
      const { emulator } = await startTestEmulator();
      expect(readdirSync(parent)).toHaveLength(1);
      await emulator.stop();
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
