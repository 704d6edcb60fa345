import { describe, expect, it } from 'vitest';
import { chainUpcasters, type DataUpcaster, type RecordedEvent } from '../src';

const recorded = (type: string, schemaVersion: number, data: unknown): RecordedEvent => ({
  globalPosition: 1n,
  txId: 1n,
  streamId: 's',
  streamVersion: 1n,
  eventId: 'e',
  type,
  schemaVersion,
  data,
  metadata: {},
  createdAt: new Date(0),
});

describe('chainUpcasters', () => {
  const upcast = chainUpcasters(
    new Map<string, DataUpcaster>([
      ['Priced@1', (d: unknown) => ({ cents: (d as { price: number }).price * 100 })],
      ['Priced@2', (d: unknown) => ({ ...(d as object), currency: 'GBP' })],
    ]),
  );

  it('should apply every step from the stored version to the newest', () => {
    expect(upcast(recorded('Priced', 1, { price: 2 }))).toMatchObject({
      schemaVersion: 3,
      data: { cents: 200, currency: 'GBP' },
    });
    expect(upcast(recorded('Priced', 2, { cents: 5 }))).toMatchObject({
      schemaVersion: 3,
      data: { cents: 5, currency: 'GBP' },
    });
  });

  it('should leave current versions and other types untouched', () => {
    const current = recorded('Priced', 3, { cents: 1, currency: 'EUR' });
    const other = recorded('Other', 1, { price: 2 });
    expect(upcast(current)).toBe(current);
    expect(upcast(other)).toBe(other);
  });
});
