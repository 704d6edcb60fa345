import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionLapse, SessionLapsedError } from './session-lapse';

describe('a member’s session lapse', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const lapseOf = () => sessionLapse({ sessionTimeoutMs: 6_000, marginMs: 1_000, now: () => Date.now() });

  it('should revoke a batch in hand once no heartbeat was answered for the session less the margin', () => {
    const lapse = lapseOf();
    lapse.joined();
    const { signal } = lapse.watch();
    vi.advanceTimersByTime(4_999);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(SessionLapsedError);
  });

  it('should keep a batch while heartbeats are answered, counting from the answer before the latest', () => {
    const lapse = lapseOf();
    lapse.joined();
    const { signal, stop } = lapse.watch();
    for (let beat = 0; beat < 30; beat += 1) {
      vi.advanceTimersByTime(1_000);
      lapse.answered();
    }
    expect(signal.aborted).toBe(false);
    // The last answer came at 30 s, the one before it at 29 s: the broker may drop the member from 35 s on.
    vi.advanceTimersByTime(3_999);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    stop();
  });

  it('should start a batch begun after the lapse already revoked', () => {
    const lapse = lapseOf();
    lapse.joined();
    vi.advanceTimersByTime(10_000);
    expect(lapse.watch().signal.aborted).toBe(true);
  });
});
