import { describe, expect, it } from 'vitest';
import { describeVerification } from './history-verify';

const head = { position: '42', hash: 'a'.repeat(64) };
const clean = { events: 42, chained: 40, firstBreak: null, head, against: null, ms: 10 };

describe('pnpm history verify: the report', () => {
  it('should say that all events verify and print the head to keep', () => {
    const { lines, ok } = describeVerification(clean);
    expect(ok).toBe(true);
    expect(lines).toContain('All 42 events verify.');
    expect(lines).toContain(`Head (keep it outside the database): 42:${'a'.repeat(64)}`);
  });

  it('should name the first event that does not verify, and fail', () => {
    const firstBreak = {
      position: '7',
      streamId: 'discount:x',
      type: 'DiscountCreated',
      reason: 'its content no longer matches its hash',
    };
    const { lines, ok } = describeVerification({ ...clean, firstBreak });
    expect(ok).toBe(false);
    expect(lines[0]).toBe(
      'Event 7 (stream discount:x, DiscountCreated) does not verify: its content no longer matches its hash.',
    );
  });

  it('should fail a kept head the log no longer hashes to, or whose position is gone', () => {
    const kept = { position: '30', hash: 'b'.repeat(64) };
    const changed = describeVerification({ ...clean, against: { head: kept, recomputed: 'c'.repeat(64) } });
    expect(changed.ok).toBe(false);
    expect(changed.lines.join('\n')).toMatch(/the log up to position 30 has been changed/);
    const gone = describeVerification({ ...clean, against: { head: kept, recomputed: null } });
    expect(gone.ok).toBe(false);
    const same = describeVerification({ ...clean, against: { head: kept, recomputed: kept.hash } });
    expect(same.ok).toBe(true);
    expect(same.lines.join('\n')).toMatch(/unchanged since the kept head was taken/);
  });
});
