import { createHash } from 'node:crypto';

// A fixed namespace for ids derived from reactor effect keys (random, generated once).
const namespace = Buffer.from('5b0e8f4c6a2d4e1b9c3f7a8d2e6b1c40', 'hex');

/** A name-based UUID (version 5): the same name always gives the same id, so re-appends dedupe. */
export const deterministicId = (name: string): string => {
  const hash = createHash('sha1').update(namespace).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
