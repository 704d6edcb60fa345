import { ANY, NO_STREAM, STREAM_EXISTS } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { fromKurrent, toKurrentMetadata, toStreamState, toVersion } from '../src/kurrentdb-mapping';

describe('KurrentDB mapping', () => {
  it('should map expected versions to stream states (revisions are 0-based)', () => {
    expect([
      toStreamState('any'),
      toStreamState('no_stream'),
      toStreamState('exists'),
      toStreamState(0n),
      toStreamState(3n),
    ]).toEqual([ANY, NO_STREAM, STREAM_EXISTS, NO_STREAM, 2n]);
    expect([toVersion(NO_STREAM), toVersion(2n), toVersion(-5n)]).toEqual([0n, 3n, 0n]);
  });

  it('should carry metadata, schema version and business time through string-only metadata', () => {
    const createdAt = new Date('2026-02-03T04:05:06.000Z');
    const metadata = toKurrentMetadata(
      { actorId: 'u1', brandId: 7, correlationId: 'c1', causationId: null },
      2,
      createdAt,
    );
    expect(Object.values(metadata).every((v) => typeof v === 'string')).toBe(true);
    expect(metadata).toMatchObject({ $correlationId: 'c1' });
    const event = fromKurrent({
      streamId: 's',
      id: 'e1',
      isJson: true,
      revision: 4n,
      type: 'T',
      created: new Date(0),
      data: { a: 1 },
      metadata,
      position: { commit: 100n, prepare: 90n },
    });
    expect(event).toEqual({
      globalPosition: 90n,
      txId: 100n,
      streamId: 's',
      streamVersion: 5n,
      eventId: 'e1',
      type: 'T',
      schemaVersion: 2,
      data: { a: 1 },
      metadata: { actorId: 'u1', brandId: 7, correlationId: 'c1', causationId: null },
      createdAt,
    });
  });
});
