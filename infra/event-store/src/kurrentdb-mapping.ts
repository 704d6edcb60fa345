import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  type AllStreamRecordedEvent,
  type AppendStreamState,
  type CurrentStreamState,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { ExpectedVersion, RecordedEvent } from './types';

/** Our versions are 1-based (0 = no stream); KurrentDB revisions are 0-based. */
export const toStreamState = (expected: ExpectedVersion): AppendStreamState => {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0n) return NO_STREAM;
  if (expected === 'exists') return STREAM_EXISTS;
  return expected - 1n;
};

/** The stream's version from KurrentDB's actual state (deleted and tombstoned streams count as empty). */
export const toVersion = (actual: CurrentStreamState): bigint =>
  typeof actual === 'bigint' && actual >= 0n ? actual + 1n : 0n;

// multiStreamAppend accepts only string metadata values: our metadata, schema version and business clock travel
// as one JSON string; correlation and causation ids are also set under KurrentDB's own names for its tooling.
const envelopeKey = 'dm';

interface Envelope {
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly schemaVersion: number;
  readonly createdAt: string;
}

export const toKurrentMetadata = (
  metadata: Readonly<Record<string, unknown>>,
  schemaVersion: number,
  createdAt: Date,
) => {
  const envelope: Envelope = { metadata, schemaVersion, createdAt: createdAt.toISOString() };
  const conventions = Object.fromEntries(
    (['correlationId', 'causationId'] as const).flatMap((k) =>
      typeof metadata[k] === 'string' ? [[`$${k}`, metadata[k]]] : [],
    ),
  ) as Record<string, string>;
  return { ...conventions, [envelopeKey]: JSON.stringify(envelope) };
};

const readEnvelope = (metadata: unknown): Partial<Envelope> => {
  const raw = (metadata as Record<string, unknown> | undefined)?.[envelopeKey];
  return typeof raw === 'string' ? (JSON.parse(raw) as Envelope) : {};
};

export const fromKurrent = (event: KurrentRecordedEvent | AllStreamRecordedEvent): RecordedEvent => {
  const envelope = readEnvelope(event.metadata);
  const position = event.position ?? { commit: 0n, prepare: 0n };
  return {
    globalPosition: position.prepare,
    txId: position.commit,
    streamId: event.streamId,
    streamVersion: event.revision + 1n,
    eventId: event.id,
    type: event.type,
    schemaVersion: envelope.schemaVersion ?? 1,
    data: event.isJson ? event.data : null,
    metadata: envelope.metadata ?? {},
    createdAt: envelope.createdAt ? new Date(envelope.createdAt) : event.created,
  };
};
