import type { RecordedEvent } from '@dm/event-store';
import { describe, expect, it } from 'vitest';
import { defaultRelayTopics, messagesOf, storesOf } from './topics';

const event = (type: string, data: unknown, position: bigint): RecordedEvent => ({
  globalPosition: position,
  txId: 9n,
  streamId: 'discount:6a1f0c1e-7b43-4f5e-9a0d-2c3b4d5e6f70',
  streamVersion: position,
  eventId: `00000000-0000-4000-8000-00000000000${position}`,
  type,
  schemaVersion: 1,
  data,
  metadata: {},
  createdAt: new Date('2026-11-28T01:00:00.000Z'),
});

describe('Where the relay puts an event', () => {
  it('names the stores of storeId or storeIds, each once, and none otherwise', () => {
    expect(storesOf(event('DiscountDeploymentRequested', { storeId: 4 }, 1n))).toEqual([4]);
    expect(storesOf(event('X', { storeIds: [3, 5, 3] }, 1n))).toEqual([3, 5]);
    expect(storesOf(event('BrandRegistered', { brandId: 1 }, 1n))).toEqual([]);
  });

  it('sends one copy per store keyed by store, numbered in order, and private events nowhere public', () => {
    const [work, ...rest] = messagesOf(
      [event('X', { storeIds: [3, 5] }, 1n), event('DiscountDeploymentRequested', { storeId: 3 }, 2n)],
      defaultRelayTopics,
    );
    expect(rest).toEqual([]);
    expect(work!.topic).toBe(defaultRelayTopics.work.name);
    expect(work!.messages.map((m) => [m.key, m.headers['dm-position'], m.headers['dm-copy']])).toEqual([
      ['store:3', '1', '0'],
      ['store:5', '1', '1'],
      ['store:3', '2', '0'],
    ]);
  });

  it('writes each store copy as the whole stored event with its store first', () => {
    const [work] = messagesOf([event('X', { storeIds: [3, 5], note: 'é "q"' }, 1n)], defaultRelayTopics);
    const whole = {
      eventId: '00000000-0000-4000-8000-000000000001',
      type: 'X',
      schemaVersion: 1,
      streamId: 'discount:6a1f0c1e-7b43-4f5e-9a0d-2c3b4d5e6f70',
      streamVersion: '1',
      globalPosition: '1',
      txId: '9',
      createdAt: '2026-11-28T01:00:00.000Z',
      data: { storeIds: [3, 5], note: 'é "q"' },
      metadata: {},
    };
    expect(work!.messages.map((m) => m.value)).toEqual([
      JSON.stringify({ storeId: 3, ...whole }),
      JSON.stringify({ storeId: 5, ...whole }),
    ]);
  });

  it('sends an event that names no store to the stores looked up for it, in its place in the log', () => {
    const endedBy = { userId: 'admin@demo.test', name: 'Ada Admin', email: 'admin@demo.test' };
    const discountId = '6a1f0c1e-7b43-4f5e-9a0d-2c3b4d5e6f70';
    const ended = event('DiscountEnded', { discountId, endedBy, endedAt: '2026-11-28T01:00:00.000Z' }, 2n);
    const [work, integration] = messagesOf(
      [event('DiscountDeploymentRequested', { storeId: 3 }, 1n), ended, event('X', { storeId: 5 }, 3n)],
      defaultRelayTopics,
      new Map([[ended.eventId, [3, 5]]]),
    );
    expect(work!.messages.map((m) => [m.key, m.headers['dm-type'], m.headers['dm-copy']])).toEqual([
      ['store:3', 'DiscountDeploymentRequested', '0'],
      ['store:3', 'DiscountEnded', '0'],
      ['store:5', 'DiscountEnded', '1'],
      ['store:5', 'X', '0'],
    ]);
    expect(integration!.messages.map((m) => m.headers['dm-type'])).toEqual(['DiscountEnded']);
  });
});

describe('A public event whose public form fails its schema', () => {
  it('goes whole to the dead-letter topic with the reason, and its work and the batch go on', () => {
    const refused: string[] = [];
    const broken = event('DiscountEnded', { discountId: 'not-a-uuid', storeIds: [3] }, 2n);
    const batches = messagesOf(
      [broken, event('DiscountDeploymentRequested', { storeId: 3 }, 3n)],
      defaultRelayTopics,
      new Map(),
      (r) => refused.push(`${r.type} at ${r.position}`),
    );
    expect(batches.map((b) => [b.topic, b.messages.map((m) => m.headers['dm-type'])])).toEqual([
      [defaultRelayTopics.work.name, ['DiscountEnded', 'DiscountDeploymentRequested']],
      [defaultRelayTopics.deadLetter.name, ['DiscountEnded']],
    ]);
    const letter = JSON.parse(batches[1]!.messages[0]!.value) as { reason: string; event: { eventId: string } };
    expect(letter.event.eventId).toBe(broken.eventId);
    expect(letter.reason).toMatch(/discountId/);
    expect(refused).toEqual(['DiscountEnded at 2']);
  });
});
