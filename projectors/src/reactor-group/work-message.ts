import type { RecordedEvent } from '@dm/event-store';
import type { ConsumedMessage } from '@dm/kafka';
import { z } from 'zod';

const decimal = z.string().regex(/^\d+$/).transform(BigInt);

/** The relay's work message (`workValue` of relay/topics.ts): a stored event and the store this copy is for. */
const workMessageSchema = z.object({
  storeId: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  schemaVersion: z.number().int(),
  streamId: z.string(),
  streamVersion: decimal,
  globalPosition: decimal,
  txId: decimal,
  createdAt: z.iso.datetime({ offset: true }).transform((at) => new Date(at)),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
});

export interface WorkItem {
  readonly storeId: number;
  readonly event: RecordedEvent;
}

/** A work-topic message as the event reactors read from the log, and the store it was sent for. */
export const workItemOf = (message: ConsumedMessage): WorkItem => {
  const { storeId, ...event } = workMessageSchema.parse(JSON.parse(message.value));
  return { storeId, event };
};

/** The event type, from the header: most of the topic is events a reactor ignores, left unparsed. */
export const typeOf = (message: ConsumedMessage): string | undefined => message.headers['dm-type'];
