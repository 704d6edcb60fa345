import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The parts of kafkajs our patch changes (patches/kafkajs@2.2.4.patch, decision 1552), reached as kafkajs does.
interface Encoder {
  writeVarInt(value: number): Encoder;
  writeVarLong(value: number): Encoder;
  writeVarIntString(value: string): Encoder;
  writeVarIntBytes(value: Buffer | string): Encoder;
  readonly buffer: Buffer;
}
interface Decoder {
  readVarInt(): number;
  readVarLong(): { toString(): string };
  readVarIntString(): string;
  readVarIntBytes(): Buffer;
  canReadBytes(length: number): boolean;
}
interface Message {
  readonly key: string;
}
const require = createRequire(import.meta.url);
const EncoderClass = require('kafkajs/src/protocol/encoder') as new (initialSize?: number) => Encoder;
const DecoderClass = require('kafkajs/src/protocol/decoder') as new (buffer: Buffer) => Decoder;
const EncoderStatics = EncoderClass as unknown as { sizeOfVarLong(value: number): number };
const groupMessagesPerPartition = require('kafkajs/src/producer/groupMessagesPerPartition') as (args: {
  topic: string;
  partitionMetadata: readonly unknown[];
  messages: readonly Message[];
  partitioner: (args: { message: Message }) => number;
}) => Record<number, Message[]>;

/** Zigzag, then LEB128: Kafka's varint, written out the long way. */
const varint = (value: number): number[] => {
  let rest = ((value << 1) ^ (value >> 31)) >>> 0;
  const bytes: number[] = [];
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  return [...bytes, rest];
};

/** The same for 64 bits, in BigInt arithmetic. */
const varlong = (value: number): number[] => {
  const n = BigInt(value);
  let rest = BigInt.asUintN(64, (n << 1n) ^ (n >> 63n));
  const bytes: number[] = [];
  while (rest >= 0x80n) {
    bytes.push(Number((rest & 0x7fn) | 0x80n));
    rest >>= 7n;
  }
  return [...bytes, Number(rest)];
};

/** Node's buffer pool full of 0xff, so a byte the encoder claims but never writes would show. */
const dirtyThePool = () => {
  for (let i = 0; i < 64; i++) Buffer.allocUnsafe(128).fill(0xff);
};

const edges = [0, 1, -1, 63, -64, 64, -65, 8191, 8192, -8193, 2 ** 20, 2 ** 31 - 1, -(2 ** 31)];

describe('kafkajs as patched (no zero-filled buffers, no array per varint)', () => {
  it('should be the patched copy that the install put in place', () => {
    expect(require.resolve('kafkajs')).toContain('patch_hash=');
  });

  it('should write each varint as Kafka defines it, and read it back', () => {
    dirtyThePool();
    const encoder = new EncoderClass();
    for (const value of edges) encoder.writeVarInt(value);
    expect([...encoder.buffer]).toEqual(edges.flatMap(varint));
    const decoder = new DecoderClass(encoder.buffer);
    expect(edges.map(() => decoder.readVarInt())).toEqual(edges);
    expect(decoder.canReadBytes(1)).toBe(false);
  });

  it('should write each varlong as Kafka defines it, small ones on the 32-bit path and large ones on the 64-bit', () => {
    const longEdges = [...edges, 0x3fffffff, 0x40000000, -0x40000000, -0x40000001, 2 ** 40, -(2 ** 40), 2 ** 53 - 1];
    dirtyThePool();
    const encoder = new EncoderClass();
    for (const value of longEdges) encoder.writeVarLong(value);
    expect([...encoder.buffer]).toEqual(longEdges.flatMap(varlong));
    expect(longEdges.map((value) => EncoderStatics.sizeOfVarLong(value))).toEqual(
      longEdges.map((value) => varlong(value).length),
    );
    const decoder = new DecoderClass(encoder.buffer);
    expect(longEdges.map(() => decoder.readVarLong().toString())).toEqual(longEdges.map(String));
  });

  it('should hold only the bytes written, across a growth of its buffer', () => {
    dirtyThePool();
    const long = 'é'.repeat(700); // 1,400 bytes: past the first 512-byte buffer
    const encoder = new EncoderClass().writeVarIntString('dm-position').writeVarIntBytes(long).writeVarInt(-3);
    const decoder = new DecoderClass(encoder.buffer);
    expect(decoder.readVarIntString()).toBe('dm-position');
    expect(decoder.readVarIntBytes().toString('utf8')).toBe(long);
    expect(decoder.readVarInt()).toBe(-3);
    expect(decoder.canReadBytes(1)).toBe(false);
  });

  it('should group messages by partition, each partition in the order sent', () => {
    const messages = Array.from({ length: 10 }, (_, i) => ({ key: `store:${i}` }));
    const grouped = groupMessagesPerPartition({
      topic: 't',
      partitionMetadata: [{}, {}, {}],
      messages,
      partitioner: ({ message }) => Number(message.key.slice(6)) % 3,
    });
    expect(Object.fromEntries(Object.entries(grouped).map(([p, ms]) => [p, ms.map((m) => m.key)]))).toEqual({
      0: ['store:0', 'store:3', 'store:6', 'store:9'],
      1: ['store:1', 'store:4', 'store:7'],
      2: ['store:2', 'store:5', 'store:8'],
    });
  });
});
