import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './storable-text';

describe('Text PostgreSQL can store', () => {
  it('should accept ordinary text, emoji (a surrogate pair) and the replacement character', () => {
    for (const text of ['', 'Aurora UK', 'naïve ☕', '😀 twice 😀', '\ufffd']) expect(isStorableText(text)).toBe(true);
  });

  it('should refuse NUL and either half of a surrogate pair on its own', () => {
    for (const text of ['\0', 'a\0b', '\ud800', 'x\udc00', '\udc00\ud800', '😀'.slice(0, 1)])
      expect(isStorableText(text)).toBe(false);
  });

  it('should name where the first unstorable text sits, keys included', () => {
    expect(findUnstorableText({ email: 'a@b.c', brandIds: [1, 2] })).toBeNull();
    expect(findUnstorableText({ name: 'ok', nested: { list: ['fine', 'bad\0'] } })).toBe('nested.list[1]');
    expect(findUnstorableText({ ['k\ud800']: 1 })).toBe('k\ufffd');
    expect(findUnstorableText('\0')).toBe('');
    expect(findUnstorableText(Buffer.from([0]))).toBeNull();
  });

  it('should walk a body nested 10,000 levels deep without running out of stack', () => {
    let deep: unknown = 'bottom\0';
    for (let i = 0; i < 10_000; i++) deep = i % 2 ? [deep] : { d: deep };
    expect(findUnstorableText(deep)).toMatch(/\.d$/);
  });
});
